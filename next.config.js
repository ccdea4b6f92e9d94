// @ts-check
const isDev = process.env.NODE_ENV === 'development';

// Next hydrates with inline scripts and we do not use nonces, so 'unsafe-inline' stays;
// dev (React Refresh, source maps) also needs eval.
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ''}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

const securityHeaders = [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(self)' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite loads its wasm/data files by path at runtime, pdfkit its ICC profile; bundling breaks that.
  serverExternalPackages: ['@electric-sql/pglite', 'pino', 'pdfkit', 'fontkit'],
  poweredByHeader: false,
  // Types are checked by `npm run typecheck` (in `npm test` and CI), not a second time in every build:
  // the build is shorter, and a production install (no dev packages, so none of the @types of the
  // libraries) still builds.
  typescript: { ignoreBuildErrors: true },
  // scripts/serve.ts compresses (brotli, else gzip); Next's own compression knows only gzip.
  compress: false,
  reactStrictMode: true,
  experimental: {
    // The body limits of lib/http/body-limit.ts (tests/unit/body-limit.test.ts holds them equal):
    // a body passing proxy.ts is cut above this, so it must exceed the 20 MB an upload may be (the
    // route handlers count the body themselves and answer "larger than 20 MB" in words).
    proxyClientMaxBodySize: '21mb',
    // A server action's body; a file sent through one is checked against 900 KB before it is sent.
    serverActions: { bodySizeLimit: '1mb' },
    // Lets pages call forbidden() from next/navigation, which renders app/forbidden.tsx with a 403.
    authInterrupts: true,
    // Each page's server code is loaded on its first visit, not all at start-up: a server holds the
    // code of the pages its users open (a county's office never loads the department's), and the
    // first visit to a page after a start takes a few milliseconds more.
    preloadEntriesOnStart: false,
    // inlineCss stays off: it puts the 91 KB stylesheet in every page three times (twice more in the
    // React data). The portal's server inlines it once, in the head (lib/net/inline-stylesheet.ts),
    // for the same first paint with no stylesheet request.
  },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

module.exports = nextConfig;
