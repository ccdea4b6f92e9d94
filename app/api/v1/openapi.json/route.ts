import { NextResponse } from 'next/server';
import { openApiDocument } from '@/lib/api/openapi';

// GET /api/v1/openapi.json: the API described in OpenAPI 3.1, generated from its zod schemas.
export function GET() {
  return NextResponse.json(openApiDocument(), { headers: { 'Cache-Control': 'public, max-age=300', 'Access-Control-Allow-Origin': '*' } });
}
