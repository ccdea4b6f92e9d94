import { planOne } from '@/lib/api/endpoints';
import { apiGetWithId, methodNotAllowed } from '@/lib/api/handler';

// GET /api/v1/plans/{id}: one filed plan with its document.
export const GET = apiGetWithId(planOne);

const other = methodNotAllowed('GET');
export { other as POST, other as PUT, other as PATCH, other as DELETE };
