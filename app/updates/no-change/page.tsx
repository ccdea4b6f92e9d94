import { randomUUID } from 'node:crypto';
import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { PageHeading } from '@/components/page-heading';
import { requireCapability } from '@/lib/auth/gates';
import { today } from '@/lib/clock';
import { previewNoChange } from '@/lib/portfolio/no-change';
import { parseSelectedIds } from '@/lib/validation/no-change';
import { NoChangeForm } from './no-change-form';
import { accountSigningReadiness } from '@/lib/signing/ceremony';
import { PLAN_CERTIFICATION } from '@/lib/signing/certification';

export const metadata: Metadata = { title: 'File “no change” annual updates' };

export default async function NoChangePage({ searchParams }: { searchParams: Promise<{ ids?: string | string[] }> }) {
  const actor = await requireCapability('plan.submit', '/updates/no-change');
  const ids = parseSelectedIds((await searchParams).ids);
  const [candidates, readiness] = await Promise.all([previewNoChange(actor, ids, today()), accountSigningReadiness(actor)]);
  // One key per operation, made as the summary is shown: a double click or a retry files each once.
  const rows = candidates.map((c) => ({ ...c, idempotencyKey: randomUUID() }));
  const back = actor.role === 'preparer' ? { label: 'Client portfolio', href: '/preparer' } : { label: 'My operations', href: '/dashboard' };
  return (
    <>
      <Breadcrumbs items={[back, { label: '“No change” annual updates' }]} />
      <PageHeading
        title={rows.length === 1 ? `File a “no change” annual update: ${rows[0]!.name}` : `File “no change” annual updates (${rows.length})`}
        lead="A “no change” statement says the approved manure management plan has not changed (IAC 567-65.110(3)“b”(3)). Each operation is filed on its own, with its own receipt and annual compliance fee."
      />
      {rows.length ? <NoChangeForm rows={rows} filer={actor.role} certification={PLAN_CERTIFICATION} readiness={{ ...readiness, lockedUntil: readiness.lockedUntil?.toISOString() ?? null }} /> : <p>No operation was selected. Go back and tick the operations to file for.</p>}
    </>
  );
}
