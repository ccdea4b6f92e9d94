import 'server-only';
import { getDb } from '@/lib/db';
import { recordAudit } from '@/lib/audit';
import { AppError } from '@/lib/errors';
import { getLogger } from '@/lib/log';

// A refused request leaves a trace: the access check's refusal carries who was refused what
// (lib/auth/policy), and the wrappers of every server action (runAction) and route handler (route)
// record it here as an `auth.denied` audit event. Written on its own, after the request's
// transaction has rolled back, so the refusal is kept although nothing else of the request is.

export const DENIED_ACTION = 'auth.denied';

/** Records the refusal `err` carries, if any. Never throws: a refusal is answered whatever the log does. */
export async function recordDenial(err: unknown, ipAddress: string | null = null): Promise<void> {
  if (!(err instanceof AppError) || !err.denial) return;
  const d = err.denial;
  try {
    const db = await getDb();
    await recordAudit(db, {
      actorUserId: d.actorUserId,
      action: DENIED_ACTION,
      entityType: d.entityType,
      entityId: d.entityId,
      after: { capability: d.capability, answer: d.answer },
      ipAddress,
    });
  } catch (e) {
    getLogger('audit').warn({ err: e instanceof Error ? { message: e.message } : e, denial: d }, 'could not record a refusal');
  }
}
