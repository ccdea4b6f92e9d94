import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { planClockEvents, plans, users } from '@/db/schema';
import { queryRows } from '@/db/client';
import type { Actor } from '@/lib/auth/roles';
import { listCountyOperations } from '@/lib/counties/county-plans';
import { saveDraft } from '@/lib/plans/drafts';
import { submitSigned } from '../support/signing';
import { completeDraft, prepareCompleteDrafts, useScratchAttachmentStorage } from '../../scripts/scale/drills/fixtures';
import { createOwner } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// IAC 567-65.110(3)"b": a county sees the operations located in it and those whose filed plan
// land-applies manure in it. The database keeps the counties each operation's filed plans name
// (operation_filed_counties); these are the moments a county official would notice it.
const TODAY = '2026-11-30';
const ctx = { today: TODAY, origin: 'http://portal.test' };
const POCAHONTAS = '19151';

describe(`a county's list follows the plans filed for it on ${databaseLabel}`, () => {
  const t = useTestDb();
  let official: Actor;
  let owner = '';

  beforeAll(async () => {
    useScratchAttachmentStorage();
    owner = (await createOwner()).email;
    const [u] = await t.get().db
      .insert(users)
      .values({ email: 'auditor.pocahontas@example.com', name: 'Pocahontas County Auditor', role: 'county_official', countyFips: POCAHONTAS, emailVerifiedAt: new Date() })
      .returning();
    official = { id: u!.id, role: u!.role, name: u!.name, email: u!.email, countyFips: u!.countyFips, partyId: u!.partyId };
  });

  const operationOf = async (planId: string) =>
    (await queryRows<{ id: string; name: string }>(t.get().db, sql`select o.id, o.name from plans p join operations o on o.id = p.operation_id where p.id = ${planId}`))[0]!;
  const listed = async (name: string) => (await listCountyOperations(official, { page: 1, q: name })).rows.find((r) => r.name === name);

  it('shows an operation from elsewhere once its plan spreading manure in the county is filed, and not after a resubmission drops that field', async () => {
    // A Buena Vista County operation whose plan has a field in Pocahontas County (completeDraft's "River 120").
    const [draft] = await prepareCompleteDrafts(1, TODAY, 'Border', [owner]);
    const { name } = await operationOf(draft!.planId);
    expect(await listed(name)).toBeUndefined(); // a draft is not filed: the county has nothing yet

    await submitSigned(draft!.owner, { planId: draft!.planId, version: draft!.version, idempotencyKey: randomUUID() }, ctx);
    expect(await listed(name)).toMatchObject({ locatedHere: false, appliesHere: true, planStatus: 'submitted' });

    // The department returns it; the owner drops the Pocahontas field and files again.
    await t.get().db.update(plans).set({ status: 'incomplete', version: sql`${plans.version} + 1` }).where(eq(plans.id, draft!.planId));
    await t.get().db.insert(planClockEvents).values({ planId: draft!.planId, kind: 'returned_incomplete', occurredOn: TODAY });
    const [returned] = await t.get().db.select({ version: plans.version }).from(plans).where(eq(plans.id, draft!.planId));
    const full = completeDraft();
    const saved = await saveDraft(draft!.owner, { planId: draft!.planId, version: returned!.version, draft: { ...full, fields: { fields: full.fields.fields.filter((f) => f.countyFips !== POCAHONTAS) } } });
    await submitSigned(draft!.owner, { planId: draft!.planId, version: saved.version, idempotencyKey: randomUUID() }, ctx);
    expect(await listed(name)).toBeUndefined();
  });

  it('keeps showing an operation while any of its filed plans still names the county', async () => {
    const [first] = await prepareCompleteDrafts(1, TODAY, 'Twice', [owner]);
    await submitSigned(first!.owner, { planId: first!.planId, version: first!.version, idempotencyKey: randomUUID() }, ctx);
    const op = await operationOf(first!.planId);
    expect(await listed(op.name)).toMatchObject({ appliesHere: true });
    // A later filed plan of the same operation names the county too, then its fields are rewritten
    // without it (as a resubmission does): the first plan still names the county.
    const [second] = await t.get().db
      .insert(plans)
      .values({ operationId: op.id, kind: 'annual_update', updateKind: 'complete_plan', status: 'submitted', receivedOn: TODAY, submittedOn: TODAY })
      .returning();
    await t.get().db.execute(sql`insert into plan_counties (plan_id, county_fips, relation) values (${second!.id}, ${POCAHONTAS}, 'land_applied_in')`);
    await t.get().db.execute(sql`delete from plan_counties where plan_id = ${second!.id} and county_fips = ${POCAHONTAS}`);
    expect(await listed(op.name)).toMatchObject({ appliesHere: true });
    // Once no filed plan names it, the county no longer sees the operation.
    await t.get().db.execute(sql`delete from plan_counties where plan_id = ${first!.planId} and county_fips = ${POCAHONTAS}`);
    expect(await listed(op.name)).toBeUndefined();
  });
});
