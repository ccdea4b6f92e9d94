import { dueDatesPage } from '@/lib/api/endpoints';
import { apiGet, methodNotAllowed } from '@/lib/api/handler';

export const GET = apiGet(dueDatesPage);

const other = methodNotAllowed('GET');
export { other as POST, other as PUT, other as PATCH, other as DELETE };
