import { NextResponse } from 'next/server';
import { openApiDocument } from '@/lib/api/openapi';
import { methodNotAllowed } from '@/lib/api/handler';

// GET /api/v1/openapi.json: the API described in OpenAPI 3.1, generated from its zod schemas.
export function GET() {
  return NextResponse.json(openApiDocument(), { headers: { 'Cache-Control': 'public, max-age=300', 'Access-Control-Allow-Origin': '*' } });
}

const other = methodNotAllowed('GET');
export { other as POST, other as PUT, other as PATCH, other as DELETE };
