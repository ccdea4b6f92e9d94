import { requirement } from '@/lib/api/endpoints';
import { apiPost } from '@/lib/api/handler';
import { MmpRequirementRequest } from '@/lib/api/schemas';

export const POST = apiPost(MmpRequirementRequest, requirement);
