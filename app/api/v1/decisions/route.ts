import { decisionsPage } from '@/lib/api/endpoints';
import { apiGet } from '@/lib/api/handler';

export const GET = apiGet(decisionsPage);
