import { statusPage } from '@/lib/api/endpoints';
import { apiGet } from '@/lib/api/handler';

// GET /api/v1/status: the public status search (no token needed), keyset-paged.
export const GET = apiGet(statusPage);
