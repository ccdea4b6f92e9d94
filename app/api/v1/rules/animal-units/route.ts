import { animalUnits } from '@/lib/api/endpoints';
import { apiPost } from '@/lib/api/handler';
import { AnimalUnitsRequest } from '@/lib/api/schemas';

export const POST = apiPost(AnimalUnitsRequest, animalUnits);
