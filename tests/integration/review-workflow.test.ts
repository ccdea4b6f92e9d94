import { and, asc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, emailOutbox, operations, planClockEvents, planDeficiencies, plans, users } from '@/db/schema';
import { seedDatabase } from '@/db/seed';
import type { Actor } from '@/lib/auth/roles';
import { AppError, pgErrorCode } from '@/lib/errors';
import { assignReviewer } from '@/lib/reviews/assign';
import { findPlanComplete, returnPlanIncomplete } from '@/lib/reviews/completeness';
import { decidePlan, previewDecisionLetter } from '@/lib/reviews/decision';
import { listWorklistPage } from '@/lib/reviews/worklist';
import { addDays } from '@/lib/rules';
import { databaseLabel, useTestDb } from './support/test-db';

const TODAY = '2026-11-30';
const ctx = { today: TODAY, origin: 'https://mmp.test' };

async function refusal(run: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await run();
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe(`department review workflow on ${databaseLabel}`, () => {
  const t = useTestDb();
  const actor = {} as Record<'reviewer' | 'reviewer2' | 'supervisor' | 'owner', Actor>;
  const plan = {} as Record<string, { planId: string; version: number }>;

  const db = () => t.get().db;
  // The demo operation's plan that is still open in review.
  const planOf = async (name: string) => {
    const [op] = await db().select().from(operations).where(eq(operations.name, name));
    const rows = await db().select().from(plans).where(eq(plans.operationId, op!.id));
    const open = rows.find((p) => ['submitted', 'under_review', 'incomplete'].includes(p.status))!;
    return { planId: open.id, version: open.version };
  };

  beforeAll(async () => {
    await seedDatabase(db(), { demo: true, today: TODAY });
    for (const [key, email] of [['reviewer', 'reviewer@example.com'], ['reviewer2', 'reviewer2@example.com'], ['supervisor', 'supervisor@example.com'], ['owner', 'owner.hansen@example.com']] as const) {
      const [u] = await db().select().from(users).where(eq(users.email, email));
      actor[key] = { id: u!.id, role: u!.role, name: u!.name, email: u!.email, countyFips: u!.countyFips, partyId: u!.partyId };
    }
    for (const name of ['Sioux Center Finisher II', 'Hull Contract Finisher', 'Stanhope Layer Complex', 'Cherokee Cattle Confinement', 'Iowa Falls Finisher']) {
      plan[name] = await planOf(name);
    }
  });

  it('lists the most urgent plan first and counts every bucket', async () => {
    const page = await listWorklistPage(actor.reviewer, { page: 1 }, TODAY);
    expect(page.rows.map((r) => r.operationName)).toEqual([
      'Sioux Center Finisher II', // received 70 days ago: overdue
      'Hull Contract Finisher', // 55 days ago: due within 7 days
      'Cherokee Cattle Confinement',
      'Stanhope Layer Complex',
      'Iowa Falls Finisher', // returned: waiting on the owner, no clock
    ]);
    expect(page.rows[0]!.daysLeft).toBeLessThan(0);
    expect(page.rows[1]!.daysLeft).toBeGreaterThanOrEqual(5);
    expect(page.rows[1]!.daysLeft).toBeLessThanOrEqual(7);
    expect(page.rows[2]!.nextAction).toBe('await_county_receipts');
    expect(page.counts).toMatchObject({ all: 5, overdue: 1, due_soon: 1, later: 2, awaiting_completeness: 2, under_review: 2, waiting_on_owner: 1 });
    const overdue = await listWorklistPage(actor.reviewer, { page: 1, bucket: 'overdue' }, TODAY);
    expect(overdue.rows.map((r) => r.operationName)).toEqual(['Sioux Center Finisher II']);
    const mine = await listWorklistPage(actor.reviewer2, { page: 1, mine: '1' }, TODAY);
    expect(mine.rows.map((r) => r.operationName).sort()).toEqual(['Iowa Falls Finisher', 'Sioux Center Finisher II']);
  });

  it('refuses to find a hard copy complete while a county receipt is missing, and changes nothing', async () => {
    const p = plan['Cherokee Cattle Confinement']!;
    const r = await refusal(() => findPlanComplete(actor.reviewer, p, TODAY));
    expect(r.message).toMatch(/not every county board has a recorded receipt/);
    const [row] = await db().select().from(plans).where(eq(plans.id, p.planId));
    expect(row).toMatchObject({ status: 'submitted', version: p.version });
  });

  it('returns a plan as incomplete with two coded deficiencies in one notice, stopping its clock', async () => {
    const p = plan['Stanhope Layer Complex']!;
    const result = await returnPlanIncomplete(
      actor.reviewer,
      { ...p, codes: ['P_INDEX_MISSING', 'LAND_AGREEMENT_MISSING'], details: { P_INDEX_MISSING: 'Field 2 has no P-index.' } },
      ctx,
    );
    expect(result.cycle).toBe(1);
    const [row] = await db().select().from(plans).where(eq(plans.id, p.planId));
    expect(row).toMatchObject({ status: 'incomplete', decisionDueOn: null, version: p.version + 1 });
    const defs = await db().select().from(planDeficiencies).where(eq(planDeficiencies.planId, p.planId));
    expect(defs.map((d) => [d.cycle, d.code, d.detail]).sort()).toEqual([[1, 'LAND_AGREEMENT_MISSING', null], [1, 'P_INDEX_MISSING', 'Field 2 has no P-index.']]);
    const clock = await db().select().from(planClockEvents).where(eq(planClockEvents.planId, p.planId)).orderBy(asc(planClockEvents.id));
    expect(clock.map((e) => e.kind)).toEqual(['received', 'returned_incomplete']);
    const mail = await db().select().from(emailOutbox).where(like(emailOutbox.eventKey, `plan:${p.planId}:returned-incomplete:%`));
    expect(mail.map((m) => m.toAddress)).toContain('owner.prairie@example.com');
    expect(new Set(mail.map((m) => m.eventKey)).size).toBe(1);
    expect(mail[0]!.text).toContain('Phosphorus index for each field (P_INDEX_MISSING): Field 2 has no P-index.');
    expect(mail[0]!.text).toContain('LAND_AGREEMENT_MISSING');
    // Deciding it now is refused: it is not complete.
    const r = await refusal(() => decidePlan(actor.reviewer, { ...p, version: p.version + 1, decision: 'approved', reasons: '' }, ctx));
    expect(r.message).toMatch(/has not been found complete/);
  });

  it('refuses a disapproval without reasons and changes nothing', async () => {
    const p = plan['Hull Contract Finisher']!;
    const r = await refusal(() => decidePlan(actor.reviewer, { ...p, decision: 'disapproved', reasons: '  \n ' }, ctx));
    expect(r.code).toBe('VALIDATION');
    const [row] = await db().select().from(plans).where(eq(plans.id, p.planId));
    expect(row).toMatchObject({ status: 'under_review', version: p.version, decision: null });
  });

  it('previews the letter, then approves: letter to the owner, notice to the county, clock and audit', async () => {
    const p = plan['Sioux Center Finisher II']!;
    const preview = await previewDecisionLetter(actor.reviewer, { ...p, decision: 'approved', reasons: '' }, ctx);
    expect(preview.subject).toBe('Approved: Original manure management plan for Sioux Center Finisher II');
    expect(preview.text).toContain('IAC 567-65.110(4)');
    expect(await db().select().from(emailOutbox).where(like(emailOutbox.eventKey, `plan:${p.planId}:%`))).toEqual([]);

    const result = await decidePlan(actor.reviewer, { ...p, decision: 'approved', reasons: '' }, ctx);
    expect(result).toEqual({ status: 'approved', manureRemovalAllowed: true });
    const [row] = await db().select().from(plans).where(eq(plans.id, p.planId));
    expect(row).toMatchObject({ status: 'approved', decision: 'approved', decidedOn: TODAY, decidedByUserId: actor.reviewer.id });
    const mail = await db().select().from(emailOutbox).where(like(emailOutbox.eventKey, `plan:${p.planId}:%`));
    const byTemplate = (tpl: string) => mail.filter((m) => m.template === tpl).map((m) => m.toAddress).sort();
    expect(byTemplate('plan-decided')).toContain('owner.hansen@example.com');
    expect(byTemplate('county-plan-decided')).toEqual(['auditor.sioux@example.com']);
    const letter = mail.find((m) => m.template === 'plan-decided')!;
    expect(letter.text).toContain(`received your complete plan on ${'September 21, 2026'}`);
    const audit = await db().select().from(auditEvents).where(and(eq(auditEvents.entityId, p.planId), eq(auditEvents.action, 'plan.approved')));
    expect(audit[0]).toMatchObject({ actorUserId: actor.reviewer.id, before: expect.objectContaining({ status: 'under_review' }), after: expect.objectContaining({ status: 'approved' }) });
  });

  it('lets a supervisor reassign in bulk, which a staff member may not do', async () => {
    const ids = [plan['Hull Contract Finisher']!.planId, plan['Cherokee Cattle Confinement']!.planId];
    expect((await refusal(() => assignReviewer(actor.reviewer, { planIds: ids, reviewerUserId: actor.reviewer2.id }))).code).toBe('FORBIDDEN');
    const result = await assignReviewer(actor.supervisor, { planIds: ids, reviewerUserId: actor.reviewer2.id });
    expect(result).toEqual({ assigned: 2, reviewerName: 'Sam Okafor' });
    const mine = await listWorklistPage(actor.reviewer2, { page: 1, mine: '1' }, TODAY);
    expect(mine.rows.map((r) => r.operationName)).toEqual(expect.arrayContaining(['Hull Contract Finisher', 'Cherokee Cattle Confinement']));
    const audit = await db().select().from(auditEvents).where(eq(auditEvents.action, 'plan.reviewer_assigned'));
    expect(audit).toHaveLength(2);
  });

  it('two reviewers deciding the same plan at once: exactly one decision lands', async () => {
    const [row] = await db().select().from(plans).where(eq(plans.id, plan['Hull Contract Finisher']!.planId));
    const input = { planId: row!.id, version: row!.version };
    const results = await Promise.allSettled([
      decidePlan(actor.reviewer, { ...input, decision: 'approved', reasons: '' }, ctx),
      decidePlan(actor.reviewer2, { ...input, decision: 'disapproved', reasons: 'Field 1 lacks a P-index.' }, ctx),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/Another reviewer changed this plan/) });
    const events = await db().select().from(planClockEvents).where(and(eq(planClockEvents.planId, input.planId), eq(planClockEvents.kind, 'decided')));
    expect(events).toHaveLength(1);
    const letters = await db().select().from(emailOutbox).where(and(like(emailOutbox.eventKey, `plan:${input.planId}:decided:%`), eq(emailOutbox.toAddress, 'owner.vanzee@example.com')));
    expect(letters).toHaveLength(1);
  });

  it('keeps the received date when a plan is found complete ten days after receipt', async () => {
    const [op] = await db().select().from(operations).where(eq(operations.name, 'Clarion Finisher'));
    const receivedOn = addDays(TODAY, -10);
    const [fresh] = await db()
      .insert(plans)
      .values({ operationId: op!.id, kind: 'annual_update', updateKind: 'no_change_statement', status: 'submitted', receivedOn, submittedOn: receivedOn })
      .returning();
    await db().insert(planClockEvents).values({ planId: fresh!.id, kind: 'received', occurredOn: receivedOn });
    const { decisionDueOn } = await findPlanComplete(actor.reviewer, { planId: fresh!.id, version: fresh!.version }, TODAY);
    expect(decisionDueOn).toBe(addDays(receivedOn, 60));
    const [row] = await db().select().from(plans).where(eq(plans.id, fresh!.id));
    expect(row).toMatchObject({ status: 'under_review', completeReceivedOn: receivedOn, decisionDueOn: '2027-01-19' });
  });

  it('the audit log and the clock refuse an UPDATE or DELETE at the database level', async () => {
    const { sql } = await import('drizzle-orm');
    const refused = async (statement: ReturnType<typeof sql>) => {
      const err = await db().execute(statement).then(() => null, (e: unknown) => e);
      return { code: pgErrorCode(err), message: String((err as { cause?: Error })?.cause?.message ?? err) };
    };
    expect(await refused(sql`update audit_events set action = 'tampered'`)).toEqual({ code: '42501', message: expect.stringMatching(/append-only: UPDATE refused/) });
    expect(await refused(sql`delete from plan_clock_events`)).toEqual({ code: '42501', message: expect.stringMatching(/append-only: DELETE refused/) });
    expect(await db().select().from(auditEvents).where(eq(auditEvents.action, 'tampered'))).toEqual([]);
  });
});
