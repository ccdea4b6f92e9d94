import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pdfDownload } from '@/lib/http/pdf-download';

// Every PDF the portal hands out: the bytes exactly, never cached by a shared cache, and a stored
// document names the SHA-256 it is kept under, so whoever downloads it can check what arrived.
describe('a PDF download', () => {
  const pdf = Buffer.from('%PDF-1.7\n%test\n');
  const sha256 = createHash('sha256').update(pdf).digest('hex');

  it('names a stored document’s SHA-256 as its Repr-Digest and ETag', async () => {
    const res = pdfDownload(pdf, 'copy-of-record-MMP-2026-000001.pdf', { sha256 });
    expect(Buffer.from(await res.arrayBuffer())).toEqual(pdf);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="copy-of-record-MMP-2026-000001.pdf"');
    expect(res.headers.get('repr-digest')).toBe(`sha-256=:${createHash('sha256').update(pdf).digest('base64')}:`);
    expect(res.headers.get('etag')).toBe(`"${sha256}"`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('opens a document made on request in the browser, with no digest to promise', () => {
    const res = pdfDownload(pdf, 'INV-2026-1.pdf', { inline: true });
    expect(res.headers.get('content-disposition')).toBe('inline; filename="INV-2026-1.pdf"');
    expect(res.headers.get('content-length')).toBe(String(pdf.length));
    expect(res.headers.get('repr-digest')).toBeNull();
  });
});
