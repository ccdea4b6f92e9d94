import { NextResponse } from 'next/server';

// GET /api/v1/reference: the API's reference page (Scalar), reading /api/v1/openapi.json. The
// script is served by the portal itself (no outside address).
export function GET() {
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference | Iowa MMP Portal</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="/api/v1/reference/standalone.js"></script>
    <script>Scalar.createApiReference('#app', { url: '/api/v1/openapi.json', hideClientButton: false, withDefaultFonts: false, telemetry: false })</script>
  </body>
</html>`;
  return new NextResponse(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=300' } });
}
