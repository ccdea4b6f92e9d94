import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

// The portal's stylesheet travels inside each page's <head>, so the first paint on a slow rural link
// waits for no second request. Next's own inlining (experimental.inlineCss) puts it in a page three
// times: the <style> in the head, and twice more inside the page's React data (the root layout's
// style element, and again for the built-in global-error boundary, which the bundler gives the same
// stylesheet), ~91 KB each. So Next links the stylesheet as usual, and the portal's server
// rewrites that one <link> in the HTML head into
//
//   <style data-precedence="next">…the file's rules…</style><link rel="stylesheet" href="…" data-precedence="next" disabled=""/>
//
// The <style> styles the page. The <link> stays for React: on hydrating, React looks up its
// stylesheet resource as link[rel="stylesheet"][href="…"], and if none were there it would insert
// one and download the file again. A disabled stylesheet link is never fetched, so the page takes
// no extra request. The style's data-precedence makes React's hydration pass over it like its own
// hoisted styles (and keep it), and keeps the precedence order for any stylesheet inserted later.
// Client navigations fetch React data only; the head (and the styles) stay.

const LINK = /<link rel="stylesheet" href="(\/_next\/static\/(?:chunks|css)\/[\w.-]+\.css)" data-precedence="([\w-]+)"\/>/g;
// The head has arrived once this has; past this size a page without one is passed on untouched.
const HEAD_END = Buffer.from('</head>');
const MAX_HEAD_BYTES = 256 * 1024;

export type StylesheetSource = (href: string) => string | null;

/** Reads /_next/static/… stylesheets from the build's folder, once each (a build never changes them). */
export function buildStylesheets(distDir: string): StylesheetSource {
  const cache = new Map<string, string | null>();
  return (href) => {
    if (!cache.has(href)) {
      let css: string | null = null;
      try {
        css = rebaseUrls(readFileSync(path.join(distDir, 'static', href.slice('/_next/static/'.length)), 'utf8'), href);
      } catch {
        css = null; // not in this build: the <link> stays as it is
      }
      // A rule that spelled "</style" would end the element early; such a file stays linked.
      cache.set(href, css !== null && /<\/style/i.test(css) ? null : css);
    }
    return cache.get(href) ?? null;
  };
}

// The file's url(../media/…) are relative to the file; in the page they must not be relative to it.
function rebaseUrls(css: string, href: string): string {
  const base = new URL(href, 'http://portal.invalid');
  return css.replace(/url\(\s*(['"]?)([^'")]*)\1\s*\)/g, (whole, quote: string, ref: string) => {
    if (ref === '' || /^(?:[a-z][\w+.-]*:|\/|#)/i.test(ref)) return whole;
    const url = new URL(ref, base);
    return `url(${quote}${url.pathname}${url.search}${url.hash}${quote})`;
  });
}

/** The head with each of Next's stylesheet links turned into the stylesheet itself. */
export function inlineStylesheetLinks(head: string, stylesheet: StylesheetSource): string {
  return head.replace(LINK, (link, href: string, precedence: string) => {
    const css = stylesheet(href);
    if (css === null) return link;
    return `<style data-precedence="${precedence}">${css}</style><link rel="stylesheet" href="${href}" data-precedence="${precedence}" disabled=""/>`;
  });
}

// Preload hints for the same files (a Link header) would fetch what the page already carries.
function withoutStylesheetPreloads(value: string): string | null {
  const kept = value
    .split(/,(?=\s*<)/)
    .map((entry) => entry.trim())
    .filter((entry) => !/^<\/_next\/static\/[^>]+\.css>;.*rel=preload/i.test(entry));
  return kept.length ? kept.join(', ') : null;
}

type Write = (chunk: unknown, encoding?: unknown, cb?: unknown) => boolean;
type End = (chunk?: unknown, encoding?: unknown, cb?: unknown) => ServerResponse;

function toBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
}

/**
 * Wraps a response so that an HTML page's head is held until it is complete (the first chunk or
 * two of the stream), rewritten, and sent; the rest of the page streams through unchanged. Install
 * it after the compression middleware, so that what is compressed is the rewritten page.
 */
export function inlineStylesheetsInto(req: IncomingMessage, res: ServerResponse, stylesheet: StylesheetSource): void {
  if (req.method !== 'GET') return;
  const write = res.write.bind(res) as Write;
  const end = res.end.bind(res) as End;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  let decided = false;
  let holding = false;
  let held: Buffer[] = [];
  let heldBytes = 0;
  // The last bytes held, which with the next chunk could spell "</head>".
  let tail = Buffer.alloc(0);

  const decide = (headers?: OutgoingHttpHeaders) => {
    if (decided) return;
    decided = true;
    const type = String(headers?.['content-type'] ?? res.getHeader('content-type') ?? '');
    if (res.headersSent || !/^text\/html/i.test(type)) return;
    holding = true;
    // The page changes length; it goes out chunked (and compressed) instead.
    res.removeHeader('content-length');
    const link = res.getHeader('link');
    if (typeof link === 'string') {
      const kept = withoutStylesheetPreloads(link);
      if (kept === null) res.removeHeader('link');
      else res.setHeader('link', kept);
    }
  };
  // The held head, rewritten, followed by whatever came after it in the same chunk.
  const release = (): Buffer => {
    holding = false;
    const all = Buffer.concat(held, heldBytes);
    held = [];
    const at = all.indexOf(HEAD_END);
    const cut = at < 0 ? all.length : at + HEAD_END.length;
    const head = inlineStylesheetLinks(all.subarray(0, cut).toString('utf8'), stylesheet);
    return Buffer.concat([Buffer.from(head, 'utf8'), all.subarray(cut)]);
  };

  res.writeHead = ((statusCode: number, ...rest: unknown[]) => {
    const headers = rest.find((r): r is OutgoingHttpHeaders => typeof r === 'object' && r !== null && !Array.isArray(r));
    decide(headers ? lowerCased(headers) : undefined);
    if (headers) for (const key of Object.keys(headers)) if (key.toLowerCase() === 'content-length' && holding) delete headers[key];
    return writeHead(statusCode, ...rest);
  }) as ServerResponse['writeHead'];

  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    decide();
    if (!holding) return write(chunk, encoding, cb);
    const buf = toBuffer(chunk, encoding);
    // Only the new chunk, with the few bytes before it that could start "</head>", is searched: the
    // held ones were searched when they came.
    const seen = Buffer.concat([tail, buf]);
    const headEnds = seen.includes(HEAD_END);
    tail = seen.subarray(Math.max(0, seen.length - (HEAD_END.length - 1)));
    held.push(buf);
    heldBytes += buf.length;
    const done = typeof encoding === 'function' ? encoding : cb;
    if (heldBytes > MAX_HEAD_BYTES || headEnds) {
      return write(release(), done);
    }
    if (typeof done === 'function') process.nextTick(done as () => void);
    return true;
  }) as ServerResponse['write'];

  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    decide();
    if (!holding) return end(chunk, encoding, cb);
    const done = typeof chunk === 'function' ? chunk : typeof encoding === 'function' ? encoding : cb;
    if (chunk != null && typeof chunk !== 'function') {
      const buf = toBuffer(chunk, typeof encoding === 'function' ? undefined : encoding);
      held.push(buf);
      heldBytes += buf.length;
    }
    return end(release(), done);
  }) as ServerResponse['end'];
}

function lowerCased(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}
