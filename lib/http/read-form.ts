import 'server-only';
import { UPLOAD_BODY_MAX_BYTES } from './body-limit';

// Reads a multipart upload no larger than the policy allows. A declared Content-Length above the
// limit is refused before a byte is read; a chunked body (no length given) is counted as it arrives
// and dropped as soon as it passes the limit, so no body is ever held whole beyond it. Callers
// check who is asking first: nothing here runs before the role check.

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super('The request body is larger than the upload limit.');
  }
}

/** The form, or null when the body is not a readable multipart form; BodyTooLargeError above maxBytes. */
export async function readFormWithin(request: Request, maxBytes = UPLOAD_BODY_MAX_BYTES): Promise<FormData | null> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) throw new BodyTooLargeError(maxBytes);
  if (!request.body) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  try {
    return await new Response(body, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
  } catch {
    return null;
  }
}
