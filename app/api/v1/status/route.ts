import { statusPage } from '@/lib/api/endpoints';
import { apiGet, methodNotAllowed } from '@/lib/api/handler';

// GET /api/v1/status: the public status search (no token needed), keyset-paged.
export const GET = apiGet(statusPage);

const other = methodNotAllowed('GET');
export { other as POST, other as PUT, other as PATCH, other as DELETE };
