import { unknownEndpoint } from '@/lib/api/handler';

// Any address under /api/v1 that no endpoint answers: a problem document, as every API answer is,
// rather than the portal's HTML page. The endpoints' own routes are more specific and win.
export { unknownEndpoint as GET, unknownEndpoint as HEAD, unknownEndpoint as POST, unknownEndpoint as PUT, unknownEndpoint as PATCH, unknownEndpoint as DELETE, unknownEndpoint as OPTIONS };
