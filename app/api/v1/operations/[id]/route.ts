import { operationOne } from '@/lib/api/endpoints';
import { apiGetWithId, methodNotAllowed } from '@/lib/api/handler';

export const GET = apiGetWithId(operationOne);

const other = methodNotAllowed('GET');
export { other as POST, other as PUT, other as PATCH, other as DELETE };
