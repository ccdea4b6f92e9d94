import { operationsPage } from '@/lib/api/endpoints';
import { apiGet } from '@/lib/api/handler';

// GET /api/v1/operations: the operations within the token's scope.
export const GET = apiGet(operationsPage);
