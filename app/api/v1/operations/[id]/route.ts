import { operationOne } from '@/lib/api/endpoints';
import { apiGetWithId } from '@/lib/api/handler';

export const GET = apiGetWithId(operationOne);
