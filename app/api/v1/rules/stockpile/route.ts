import { stockpile } from '@/lib/api/endpoints';
import { apiPost } from '@/lib/api/handler';
import { StockpileRequest } from '@/lib/api/schemas';

export const POST = apiPost(StockpileRequest, stockpile);
