import { operationsPage } from '@/lib/api/endpoints';
import { apiGet, methodNotAllowed } from '@/lib/api/handler';

// GET /api/v1/operations: the operations within the token's scope.
export const GET = apiGet(operationsPage);

const other = methodNotAllowed('GET');
export { other as POST, other as PUT, other as PATCH, other as DELETE };
