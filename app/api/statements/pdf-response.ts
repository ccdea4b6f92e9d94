// A statement's copy of record as a download: the stored bytes exactly, named by its receipt, with the
// SHA-256 it is filed under (RFC 9530) so a client can check what it received.
export function pdfResponse(copy: { pdf: Buffer; sha256: string; receiptNumber: string }): Response {
  return new Response(new Uint8Array(copy.pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(copy.pdf.length),
      'Content-Disposition': `attachment; filename="statement-${copy.receiptNumber}.pdf"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Repr-Digest': `sha-256=:${Buffer.from(copy.sha256, 'hex').toString('base64')}:`,
    },
  });
}
