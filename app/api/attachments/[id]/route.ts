import { AppError } from '@/lib/errors';
import { defineRoute } from '@/lib/http/define-route';
import { problem } from '@/lib/http/route-errors';
import { readAttachment } from '@/lib/plans/attachments';

// Downloads an attachment for someone whose scope includes its plan (or operation). Anything else
// reads as not found, exactly like an attachment that does not exist.
export const GET = defineRoute<{ id: string }>({ capability: 'plan.read', component: 'attachment', signIn: 'Sign in to download this file.' }, async ({ actor, params: { id } }) => {
  try {
    const file = await readAttachment(actor, id);
    const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return new Response(Buffer.from(file.bytes), {
      headers: {
        'Content-Type': file.contentType,
        'Content-Length': String(file.bytes.length),
        'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') {
      return problem(404, 'We can’t find that file.');
    }
    throw err;
  }
});
