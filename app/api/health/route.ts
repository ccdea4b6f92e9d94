import { sql } from 'drizzle-orm';
import { getDbHandle } from '@/lib/db';
import { today } from '@/lib/clock';
import { databaseMode } from '@/lib/env';
import { logRequestError } from '@/lib/log';

export const dynamic = 'force-dynamic';

// Liveness and readiness in one: which database the portal runs on and whether it answers.
export async function GET() {
  const mode = databaseMode();
  const started = performance.now();
  try {
    const { db } = await getDbHandle();
    await db.execute(sql`select 1`);
    return Response.json({ status: 'ok', database: { mode, answered: true, latencyMs: Math.round(performance.now() - started) }, today: today() });
  } catch (err) {
    logRequestError('health', 'database check failed', err);
    return Response.json({ status: 'unavailable', database: { mode, answered: false }, today: today() }, { status: 503 });
  }
}
