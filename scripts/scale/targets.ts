import { sql } from 'drizzle-orm';
import type { Request } from 'autocannon';
import { openDb } from '@/db/client';
import { postgresOptions } from '@/lib/db';

export type Target = {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  cookie?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Requests built per call (a target that must not repeat itself, like a submission). */
  requests?: Request[];
  /** A fixed number of requests per concurrency instead of a fixed time. */
  amount?: (concurrency: number) => number;
  /** What a successful answer contains (a server action answers 200 even when it refuses). */
  verifyBody?: (body: string) => boolean;
};

// The pages the benchmark drives. Record ids come from the database being measured.
export async function benchTargets(_base: string, cookies: { reviewer: string; county: string; owner: string; supervisor: string }): Promise<Target[]> {
  const handle = await openDb(postgresOptions(process.env.DATABASE_URL!, 1));
  try {
    const rows = (await handle.db.execute(sql`select id from plans where status = 'under_review' order by decision_due_on limit 1`)) as unknown as {
      rows: { id: string }[];
    };
    const planId = rows.rows[0]?.id;
    // The demo owner's plan she can edit (a draft or an update in progress), for the editor.
    const editable = (await handle.db.execute(sql`
      select p.id from plans p join ownerships o on o.operation_id = p.operation_id and o.released_on is null
      join parties pa on pa.id = o.owner_id where pa.email = 'owner.hansen@example.com' and p.status in ('draft', 'incomplete')
      order by p.updated_at desc limit 1`)) as unknown as { rows: { id: string }[] };
    const editId = editable.rows[0]?.id;
    return [
      { name: 'static route', path: '/icon.svg' },
      { name: 'account (signed-in floor)', path: '/account', cookie: cookies.owner },
      { name: 'review queue, first page', path: '/review', cookie: cookies.reviewer },
      { name: 'review queue, deep page', path: '/review?page=100', cookie: cookies.reviewer },
      { name: 'county list', path: '/county', cookie: cookies.county },
      { name: 'owner dashboard', path: '/dashboard', cookie: cookies.owner },
      { name: 'plan review page', path: `/review/plans/${planId}`, cookie: cookies.reviewer },
      ...(editId ? [{ name: 'plan edit page', path: `/plans/${editId}/edit`, cookie: cookies.owner }] : []),
      { name: 'county received since', path: '/county/received', cookie: cookies.county },
      { name: 'supervisor: compliance', path: '/compliance', cookie: cookies.supervisor },
      { name: 'supervisor: fees ledger', path: '/fees', cookie: cookies.supervisor },
      { name: 'supervisor: due dates', path: '/due-dates', cookie: cookies.supervisor },
    ];
  } finally {
    await handle.close();
  }
}
