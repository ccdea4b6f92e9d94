import { fees } from '@/lib/api/endpoints';
import { apiPost } from '@/lib/api/handler';
import { FeesRequest } from '@/lib/api/schemas';

export const POST = apiPost(FeesRequest, fees);
