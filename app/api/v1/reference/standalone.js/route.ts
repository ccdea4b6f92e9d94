import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NextResponse } from 'next/server';

// Scalar's browser bundle, from the installed @scalar/api-reference package.
let bundle: Promise<Buffer> | undefined;

export async function GET() {
  bundle ??= readFile(path.join(process.cwd(), 'node_modules/@scalar/api-reference/dist/browser/standalone.js'));
  return new NextResponse(new Uint8Array(await bundle), {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
}
