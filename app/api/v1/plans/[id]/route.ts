import { planOne } from '@/lib/api/endpoints';
import { apiGetWithId } from '@/lib/api/handler';

// GET /api/v1/plans/{id}: one filed plan with its document.
export const GET = apiGetWithId(planOne);
