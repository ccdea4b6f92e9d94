// Every PDF the portal hands out, as one kind of answer: the bytes exactly, named, never cached by a
// shared cache, never sniffed as something else; a stored document also names the SHA-256 it is kept
// under (RFC 9530 Repr-Digest, and as its ETag), so a client can check the bytes it received.
export function pdfDownload(pdf: Buffer, filename: string, options: { sha256?: string; inline?: boolean } = {}): Response {
  const headers: Record<string, string> = {
    'Content-Type': 'application/pdf',
    'Content-Length': String(pdf.length),
    'Content-Disposition': `${options.inline ? 'inline' : 'attachment'}; filename="${filename}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  };
  if (options.sha256) {
    headers['Repr-Digest'] = `sha-256=:${Buffer.from(options.sha256, 'hex').toString('base64')}:`;
    headers.ETag = `"${options.sha256}"`;
  }
  return new Response(new Uint8Array(pdf), { headers });
}
