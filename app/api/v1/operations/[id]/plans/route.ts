import { operationPlansPage } from '@/lib/api/endpoints';
import { apiGetWithId } from '@/lib/api/handler';

export const GET = apiGetWithId(operationPlansPage);
