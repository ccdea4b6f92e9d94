import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildStylesheets, inlineStylesheetLinks, inlineStylesheetsInto, type StylesheetSource } from '@/lib/net/inline-stylesheet';

const HREF = '/_next/static/chunks/abc123.css';
const CSS = '.usa-button{color:#fff}';
const sheets: StylesheetSource = (href) => (href === HREF ? CSS : null);
const LINK = `<link rel="stylesheet" href="${HREF}" data-precedence="next"/>`;
const INLINED = `<style data-precedence="next">${CSS}</style><link rel="stylesheet" href="${HREF}" data-precedence="next" disabled=""/>`;

describe('inlineStylesheetLinks', () => {
  it('puts the stylesheet in the head and keeps a disabled link for React to find', () => {
    expect(inlineStylesheetLinks(`<head><meta charSet="utf-8"/>${LINK}</head>`, sheets)).toBe(`<head><meta charSet="utf-8"/>${INLINED}</head>`);
  });

  it('leaves a stylesheet it cannot read linked', () => {
    const other = LINK.replace('abc123', 'zzz');
    expect(inlineStylesheetLinks(other, sheets)).toBe(other);
  });
});

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function fetchFrom(send: Parameters<typeof createServer>[1] & object): Promise<{ headers: Record<string, unknown>; body: string }> {
  server = createServer((req, res) => {
    inlineStylesheetsInto(req, res, sheets);
    send(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ port, host: '127.0.0.1', path: '/' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ headers: res.headers, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('inlineStylesheetsInto', () => {
  it('rewrites a streamed page whose head is split across chunks, and passes the rest through', async () => {
    const page = `<!DOCTYPE html><html><head>${LINK}</head><body><script>self.__next_f.push([1,"${LINK.replace(/"/g, '\\"')}"])</script></body></html>`;
    const cut = page.indexOf('</he') + 4;
    const { headers, body } = await fetchFrom((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.write(page.slice(0, 20));
      res.write(page.slice(20, cut));
      setTimeout(() => res.end(page.slice(cut)), 5);
    });
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(body).toBe(page.replace(LINK, INLINED));
  });

  it('drops a length that no longer holds, and the preload hint for the inlined file', async () => {
    const page = `<html><head>${LINK}</head><body></body></html>`;
    const { headers, body } = await fetchFrom((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.setHeader('content-length', String(Buffer.byteLength(page)));
      res.setHeader('link', `<${HREF}>; rel=preload; as="style", </_next/static/media/f.woff2>; rel=preload; as="font"`);
      res.end(page);
    });
    expect(body).toBe(page.replace(LINK, INLINED));
    expect(headers['content-length']).toBeUndefined();
    expect(headers.link).toBe('</_next/static/media/f.woff2>; rel=preload; as="font"');
  });

  it('does not touch other kinds of response', async () => {
    const data = `0:${LINK}`;
    const { body } = await fetchFrom((_req, res) => {
      res.setHeader('content-type', 'text/x-component');
      res.end(data);
    });
    expect(body).toBe(data);
  });
});

describe('buildStylesheets', () => {
  it('makes the file’s relative urls absolute, since the rules now sit in the page', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mmp-css-'));
    mkdirSync(path.join(dir, 'static', 'chunks'), { recursive: true });
    writeFileSync(path.join(dir, 'static', 'chunks', 'a.css'), '.x{background:url(../media/add.svg)}.y{background:url("data:image/svg+xml,%3Csvg%3E")}.z{mask:url(\'/_next/static/media/c.svg\')}');
    expect(buildStylesheets(dir)('/_next/static/chunks/a.css')).toBe('.x{background:url(/_next/static/media/add.svg)}.y{background:url("data:image/svg+xml,%3Csvg%3E")}.z{mask:url(\'/_next/static/media/c.svg\')}');
    expect(buildStylesheets(dir)('/_next/static/chunks/missing.css')).toBeNull();
  });
});
