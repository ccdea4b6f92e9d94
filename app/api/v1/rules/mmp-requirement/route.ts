import { requirement } from '@/lib/api/endpoints';
import { apiPost, methodNotAllowed } from '@/lib/api/handler';
import { MmpRequirementRequest } from '@/lib/api/schemas';

export const POST = apiPost(MmpRequirementRequest, requirement);

const other = methodNotAllowed('POST');
export { other as GET, other as HEAD, other as PUT, other as PATCH, other as DELETE };
