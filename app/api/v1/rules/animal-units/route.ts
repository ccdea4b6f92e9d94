import { animalUnits } from '@/lib/api/endpoints';
import { apiPost, methodNotAllowed } from '@/lib/api/handler';
import { AnimalUnitsRequest } from '@/lib/api/schemas';

export const POST = apiPost(AnimalUnitsRequest, animalUnits);

const other = methodNotAllowed('POST');
export { other as GET, other as HEAD, other as PUT, other as PATCH, other as DELETE };
