import { and, asc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, emailOutbox, planClockEvents, planDeficiencies, plans } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { AppError, pgErrorCode } from '@/lib/errors';
import { assignReviewer } from '@/lib/reviews/assign';
import { findPlanComplete, returnPlanIncomplete } from '@/lib/reviews/completeness';
import { decidePlan, previewDecisionLetter } from '@/lib/reviews/decision';
import { listWorklistPage } from '@/lib/reviews/worklist';
import { addDays } from '@/lib/rules';
import { approvedPlanFor, completeDraft, createOperation, createOwner, createReviewer, createUser, planVersion, submitNoChangeUpdate, submitOriginalPlan } from './support/factories';
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
  const actor = {} as Record<'reviewer' | 'reviewer2' | 'supervisor' | 'owner' | 'vanzee' | 'prairie' | 'sioux', Actor>;
  let clarionId = '';
  const plan = {} as Record<string, { planId: string; version: number }>;

  const db = () => t.get().db;

  beforeAll(async () => {
    // Made here: five plans open with the department, each through the real services. Sioux Center's
    // original, received 70 days ago, found complete by the second reviewer; Hull's, received 55 days
    // ago, found complete by the first; Cherokee's hard-copy update (20 days ago) without its county
    // receipts; Stanhope's original received 5 days ago; Iowa Falls's returned to its owner.
    actor.reviewer = await createReviewer();
    actor.reviewer2 = await createUser('department_staff', { name: 'Sam Okafor' });
    actor.supervisor = await createReviewer('department_supervisor');
    actor.owner = await createOwner({ name: 'Karen Hansen' });
    actor.vanzee = await createOwner({ name: 'Pieter Van Zee' });
    actor.prairie = await createOwner({ name: 'Luis Ortega' });
    actor.sioux = await createUser('county_official', { countyFips: '19167' });
    const open = async (key: string, planId: string) => {
      plan[key] = { planId, version: await planVersion(planId) };
    };
    const original = async (owner: Actor, name: string, countyFips: string, receivedOn: string, fields: [string, string]) => {
      const { operationId } = await createOperation(owner, { name, countyFips, today: addDays(TODAY, -400) });
      return (await submitOriginalPlan(owner, operationId, { today: receivedOn, draft: completeDraft(fields) })).planId;
    };
    const siouxCenter = await original(actor.owner, 'Sioux Center Finisher II', '19167', addDays(TODAY, -70), ['19167', '19167']);
    await findPlanComplete(actor.reviewer2, { planId: siouxCenter, version: await planVersion(siouxCenter) }, addDays(TODAY, -65));
    const hull = await original(actor.vanzee, 'Hull Contract Finisher', '19167', addDays(TODAY, -55), ['19167', '19141']);
    await findPlanComplete(actor.reviewer, { planId: hull, version: await planVersion(hull) }, addDays(TODAY, -50));
    const cherokee = await createOperation(actor.owner, { name: 'Cherokee Cattle Confinement', countyFips: '19035', today: addDays(TODAY, -400) });
    await approvedPlanFor(actor.owner, cherokee.operationId, actor.reviewer, { today: addDays(TODAY, -400), draft: completeDraft(['19035', '19149']) });
    const cherokeeUpdate = await submitNoChangeUpdate(actor.owner, cherokee.operationId, { today: addDays(TODAY, -20), channel: 'hard_copy' });
    const stanhope = await original(actor.prairie, 'Stanhope Layer Complex', '19079', addDays(TODAY, -5), ['19079', '19083']);
    const iowaFalls = await original(actor.owner, 'Iowa Falls Finisher', '19079', addDays(TODAY, -14), ['19079', '19083']);
    await returnPlanIncomplete(actor.reviewer2, { planId: iowaFalls, version: await planVersion(iowaFalls), codes: ['OTHER'], details: { OTHER: 'Sign the plan.' } }, { ...ctx, today: addDays(TODAY, -12) });
    for (const [key, id] of [['Sioux Center Finisher II', siouxCenter], ['Hull Contract Finisher', hull], ['Stanhope Layer Complex', stanhope], ['Cherokee Cattle Confinement', cherokeeUpdate], ['Iowa Falls Finisher', iowaFalls]] as const) await open(key, id);
    clarionId = (await createOperation(actor.owner, { name: 'Clarion Finisher', countyFips: '19197', today: TODAY })).operationId;
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
    expect(mail.map((m) => m.toAddress)).toContain(actor.prairie.email);
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
    const outboxOfPlan = () => db().select().from(emailOutbox).where(like(emailOutbox.eventKey, `plan:${p.planId}:%`));
    const beforePreview = await outboxOfPlan(); // the submission's receipt, from when it was filed
    const preview = await previewDecisionLetter(actor.reviewer, { ...p, decision: 'approved', reasons: '' }, ctx);
    expect(preview.subject).toBe('Approved: Original manure management plan for Sioux Center Finisher II');
    expect(preview.text).toContain('IAC 567-65.110(4)');
    // A preview sends nothing.
    expect(await outboxOfPlan()).toEqual(beforePreview);
    expect(beforePreview.map((m) => m.template)).not.toContain('plan-decided');

    const result = await decidePlan(actor.reviewer, { ...p, decision: 'approved', reasons: '' }, ctx);
    expect(result).toEqual({ status: 'approved', manureRemovalAllowed: true });
    const [row] = await db().select().from(plans).where(eq(plans.id, p.planId));
    expect(row).toMatchObject({ status: 'approved', decision: 'approved', decidedOn: TODAY, decidedByUserId: actor.reviewer.id });
    const mail = await db().select().from(emailOutbox).where(like(emailOutbox.eventKey, `plan:${p.planId}:%`));
    const byTemplate = (tpl: string) => mail.filter((m) => m.template === tpl).map((m) => m.toAddress).sort();
    expect(byTemplate('plan-decided')).toContain(actor.owner.email);
    expect(byTemplate('county-plan-decided')).toEqual([actor.sioux.email]);
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
    const letters = await db().select().from(emailOutbox).where(and(like(emailOutbox.eventKey, `plan:${input.planId}:decided:%`), eq(emailOutbox.toAddress, actor.vanzee.email)));
    expect(letters).toHaveLength(1);
  });

  it('keeps the received date when a plan is found complete ten days after receipt', async () => {
    const op = { id: clarionId };
    const receivedOn = addDays(TODAY, -10);
    const [fresh] = await db()
      .insert(plans)
      .values({ operationId: op.id, kind: 'annual_update', updateKind: 'no_change_statement', status: 'submitted', receivedOn, submittedOn: receivedOn })
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
    expect(await db().select().from(auditEvents).where(sql`${auditEvents.action} = 'tampered'`)).toEqual([]);
  });
});
