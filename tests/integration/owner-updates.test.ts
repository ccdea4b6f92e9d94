import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, feeLines, planClockEvents, planCounties, planDeficiencies, plans } from '@/db/schema';
import { grantAccess } from '@/lib/auth/grants';
import type { Actor } from '@/lib/auth/roles';
import { listOperationSummaries } from '@/lib/operations/queries';
import { uploadAttachment } from '@/lib/plans/attachments';
import { answerDeficiencies } from '@/lib/plans/deficiency-answers';
import type { PlanDraft } from '@/lib/plans/document/types';
import { saveDraft } from '@/lib/plans/drafts';
import { withdrawPlan } from '@/lib/plans/withdraw';
import { getPlanEditor } from '@/lib/plans/editor';
import { allCountiesCovered, listCountyCoverage, recordCountyReceipt } from '@/lib/plans/receipts';
import { findPlanComplete, returnPlanIncomplete } from '@/lib/reviews/completeness';
import { startPlan } from '@/lib/plans/start';
import { submitSigned } from '../support/signing';
import { nameSignatory } from '@/lib/signing/signatories';
import { addDays } from '@/lib/rules';
import { approvedPlanFor, completeDraft, createOperation, createOwner, createReviewer, createUser, planVersion, submitOriginalPlan } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

const TODAY = '2026-11-30';
const ctx = { today: TODAY, origin: 'http://portal.test' };
const PDF = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');
const LYON = '19119';
const SIOUX = '19167';

describe(`annual updates on ${databaseLabel}`, () => {
  const t = useTestDb();
  const ops = new Map<string, string>();
  const opId = async (name: string) => ops.get(name)!;
  let hansen: Actor, vanzee: Actor, prairie: Actor, preparer: Actor, contractor: Actor, sioux: Actor, reviewer: Actor;

  // Made here: each owner's operations with a plan approved last spring (the plan an update starts
  // from), one whose original plan is under review, and the people who act on them.
  beforeAll(async () => {
    hansen = await createOwner({ name: 'Karen Hansen' });
    vanzee = await createOwner({ name: 'Pieter Van Zee' });
    prairie = await createOwner({ name: 'Luis Ortega' });
    preparer = await createUser('preparer', { name: 'Jamie Becker (Becker Ag Consulting)' });
    contractor = await createUser('active_contractor', { name: 'Heartland Pork Partners' });
    sioux = await createUser('county_official', { countyFips: SIOUX, name: 'Sioux County Auditor' });
    reviewer = await createReviewer();
    const spring = addDays(TODAY, -240);
    const approved = async (owner: Actor, name: string, countyFips: string, fieldCounties: [string, string], over: { safoElect?: boolean; head?: number; activeContractorId?: string; draft?: Record<string, unknown> } = {}) => {
      const { operationId } = await createOperation(owner, { name, countyFips, today: spring, safoElect: over.safoElect, head: over.head, activeContractorId: over.activeContractorId });
      ops.set(name, operationId);
      await approvedPlanFor(owner, operationId, reviewer, { today: spring, draft: over.draft ?? completeDraft(fieldCounties) });
    };
    await approved(hansen, 'Rock Valley Finisher Site', SIOUX, [SIOUX, LYON]);
    await approved(hansen, 'Sutherland Nursery (SAFO)', '19141', ['19141', SIOUX], { safoElect: true });
    await approved(hansen, 'Iowa Falls Finisher', '19079', ['19079', '19083']);
    await approved(vanzee, 'Hull Contract Finisher', SIOUX, [SIOUX, '19141'], { head: 4960, activeContractorId: contractor.partyId! });
    await approved(vanzee, 'Doon Sow Unit', LYON, [LYON, SIOUX]);
    // Le Mars's plan was approved before the form asked about soil loss practices: one 80-acre field.
    const leMars = completeDraft(['19149', '19149']);
    leMars.fields.fields = [{ ...leMars.fields.fields[0]!, name: 'Field 1', acres: '80' }];
    await approved(prairie, 'Le Mars Finisher', '19149', ['19149', '19149'], { draft: leMars });
    await t.get().db.execute(sql`update plans set content = content - 'soilLossPractices' where operation_id = ${ops.get('Le Mars Finisher')!}`);
    // As the database upgrade stores a plan filed before the question: the practices are blank.
    await t.get().db.execute(sql`update plan_submissions set snapshot = jsonb_set(snapshot, '{document,soilLossPractices}', '""'::jsonb)
      where plan_id in (select id from plans where operation_id = ${ops.get('Le Mars Finisher')!})`);
    // Sioux Center Finisher II has only its original plan, which the department is reviewing.
    const { operationId: siouxCenter } = await createOperation(hansen, { name: 'Sioux Center Finisher II', countyFips: SIOUX, today: spring });
    ops.set('Sioux Center Finisher II', siouxCenter);
    const { planId } = await submitOriginalPlan(hansen, siouxCenter, { today: addDays(TODAY, -20) });
    await findPlanComplete(reviewer, { planId, version: await planVersion(planId) }, addDays(TODAY, -15));
    // Iowa Falls's complete-plan update, filed ten days ago, was returned for its field map; the
    // owner's consultant has access to the operation.
    await grantAccess(hansen, { operationId: ops.get('Iowa Falls Finisher')!, email: preparer.email });
    // ... and the owner named the consultant to sign the operation's plans.
    await nameSignatory(hansen, { operationId: ops.get('Iowa Falls Finisher')!, email: preparer.email, capacity: 'Preparer authorized by the owner' });
    const falls = await fileUpdate(hansen, 'Iowa Falls Finisher', { updateKind: 'complete_plan', channel: 'electronic' });
    await uploadAttachment(hansen, { planId: falls.planId, kind: 'site_map', filename: 'old map.pdf', bytes: PDF });
    await submitSigned(hansen, { planId: falls.planId, version: await planVersion(falls.planId), idempotencyKey: randomUUID() }, { ...ctx, today: addDays(TODAY, -10) });
    await returnPlanIncomplete(reviewer, { planId: falls.planId, version: await planVersion(falls.planId), codes: ['MISSING_FIELD_MAP'], details: {} }, { ...ctx, today: addDays(TODAY, -8) });
  });

  /** Starts an update (pre-filled from the last approved plan), applies `edit` to the draft, submits. */
  async function fileUpdate(actor: Actor, operation: string, update: Record<string, unknown>, edit: (d: PlanDraft) => PlanDraft = (d) => d) {
    const { planId } = await startPlan(actor, { operationId: await opId(operation), kind: 'annual_update' }, TODAY);
    const [row] = await t.get().db.select().from(plans).where(eq(plans.id, planId));
    const draft = edit({ ...(row!.draftState as PlanDraft), update: { ...(row!.draftState as PlanDraft).update, ...update } });
    const { version } = await saveDraft(actor, { planId, version: row!.version, draft });
    return { planId, version, submit: () => submitSigned(actor, { planId, version, idempotencyKey: randomUUID() }, ctx) };
  }

  it('a no-change update for Rock Valley: 992 AU x $0.15 = $148.80, paid by the owner; Sioux and Lyon get access', async () => {
    const u = await fileUpdate(hansen, 'Rock Valley Finisher Site', { updateKind: 'no_change_statement', noChangeConfirmed: true });
    await u.submit();
    const { db } = t.get();
    const [plan] = await db.select().from(plans).where(eq(plans.id, u.planId));
    expect(plan).toMatchObject({ kind: 'annual_update', updateKind: 'no_change_statement', channel: 'electronic', status: 'submitted', animalUnitCapacity: 992 });
    expect(plan!.previousPlanId).not.toBeNull();
    const fees = await db.select().from(feeLines).where(eq(feeLines.planId, u.planId));
    expect(fees.map((f) => [f.code, f.amountCents, f.payerKind, f.payerPartyId])).toEqual([['annual_compliance', 14880, 'owner', hansen.partyId]]);
    const touched = await db.select({ fips: planCounties.countyFips }).from(planCounties).where(eq(planCounties.planId, u.planId));
    expect([...new Set(touched.map((c) => c.fips))].sort()).toEqual(['19119', '19167']);
    const county = await db.select().from(emailOutbox).where(and(eq(emailOutbox.template, 'county-plan-submitted'), eq(emailOutbox.toAddress, sioux.email), sql`${emailOutbox.eventKey} like ${`plan:${u.planId}:%`}`));
    expect(county).toHaveLength(1);
  });

  it('refuses an update for an operation with no approved plan, and a no-change statement left unconfirmed', async () => {
    await expect(startPlan(hansen, { operationId: await opId('Sioux Center Finisher II'), kind: 'annual_update' }, TODAY)).rejects.toMatchObject({ code: 'CONFLICT' });
    const u = await fileUpdate(hansen, 'Sutherland Nursery (SAFO)', { updateKind: 'no_change_statement' });
    await expect(u.submit()).rejects.toMatchObject({ code: 'VALIDATION', fieldErrors: { 'update.noChangeConfirmed': ['Confirm that the plan has not changed since it was last approved'] } });
  });

  it('an elected SAFO owes no compliance fee', async () => {
    const [plan] = await t.get().db.select().from(plans).where(and(eq(plans.operationId, await opId('Sutherland Nursery (SAFO)')), eq(plans.status, 'draft')));
    const draft = plan!.draftState as PlanDraft;
    const { version } = await saveDraft(hansen, { planId: plan!.id, version: plan!.version, draft: { ...draft, update: { ...draft.update, updateKind: 'no_change_statement', noChangeConfirmed: true, statedAnimalUnitCapacity: 450 } } });
    await submitSigned(hansen, { planId: plan!.id, version, idempotencyKey: randomUUID() }, ctx);
    expect(await t.get().db.select().from(feeLines).where(eq(feeLines.planId, plan!.id))).toEqual([]);
  });

  it('a contract producer’s compliance fee is billed to the active contractor', async () => {
    const { db } = t.get();
    const u = await fileUpdate(vanzee, 'Hull Contract Finisher', { updateKind: 'no_change_statement', noChangeConfirmed: true });
    await u.submit();
    const fees = await db.select().from(feeLines).where(eq(feeLines.planId, u.planId));
    expect(fees.map((f) => [f.amountCents, f.payerKind, f.payerPartyId])).toEqual([[29760, 'active_contractor', contractor.partyId]]);
  });

  it('a hard-copy update stays incomplete until every county has a receipt', async () => {
    const { db } = t.get();
    const before = await db.select().from(emailOutbox).where(eq(emailOutbox.template, 'county-plan-submitted'));
    const u = await fileUpdate(vanzee, 'Doon Sow Unit', { updateKind: 'no_change_statement', noChangeConfirmed: true, channel: 'hard_copy' });
    await u.submit();
    // No electronic access notices for a hard copy: the counties get paper.
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.template, 'county-plan-submitted'))).toHaveLength(before.length);
    const missing = async () => (await listOperationSummaries(vanzee, TODAY)).find((o) => o.name === 'Doon Sow Unit')!.latestPlanCountiesMissingReceipt;
    expect(await allCountiesCovered(u.planId)).toBe(false);
    expect(await missing()).toBe(2);

    const receipt = await uploadAttachment(vanzee, { planId: u.planId, kind: 'county_receipt', filename: 'lyon-receipt.pdf', bytes: PDF });
    await recordCountyReceipt(vanzee, { planId: u.planId, countyFips: '19119', receivedOn: '2026-11-29', receivedByName: 'Lyon County Auditor', attachmentId: receipt.id }, TODAY);
    expect(await allCountiesCovered(u.planId)).toBe(false);
    expect(await missing()).toBe(1);

    await recordCountyReceipt(sioux, { planId: u.planId, countyFips: '19167', receivedOn: TODAY, receivedByName: 'Deputy Auditor' }, TODAY);
    expect(await allCountiesCovered(u.planId)).toBe(true);
    expect(await missing()).toBe(0);
    expect((await listCountyCoverage(u.planId)).map((c) => [c.name, c.receivedByName])).toEqual([['Lyon', 'Lyon County Auditor'], ['Sioux', 'Deputy Auditor']]);
  });

  it('a list of changes records each change against the last approved plan', async () => {
    const nothing = await fileUpdate(prairie, 'Le Mars Finisher', { updateKind: 'list_of_changes' });
    // The approved plan predates the practices question, so the update must answer it.
    await expect(nothing.submit()).rejects.toMatchObject({ fieldErrors: { 'stockpiles.soilLossPractices': [expect.stringMatching(/soil loss/)] } });

    const [row] = await t.get().db.select().from(plans).where(eq(plans.id, nothing.planId));
    const draft = row!.draftState as PlanDraft;
    const fields = (draft.fields!.fields as Record<string, unknown>[]).map((f) => ({ ...f, acres: 95 }));
    const changed = { ...draft, stockpiles: { stockpiles: [], soilLossPractices: 'Contour farming and grassed waterways.' }, fields: { fields: [...fields, { key: 'new', name: 'West 40', countyFips: '19149', acres: '40', tenure: 'owned', crops: [{ year: 2027, crop: 'corn' }], optimumYield: 190, nitrogenRateLbPerAcre: 140, phosphorusIndex: 1.2, applicationMethod: 'injected', applicationTiming: 'fall' }] } };
    const { version } = await saveDraft(prairie, { planId: nothing.planId, version: row!.version, draft: changed });
    await uploadAttachment(prairie, { planId: nothing.planId, kind: 'other', filename: 'notes.pdf', bytes: PDF });
    await submitSigned(prairie, { planId: nothing.planId, version, idempotencyKey: randomUUID() }, ctx);
    const [filed] = await t.get().db.select().from(plans).where(eq(plans.id, nothing.planId));
    const changes = filed!.content.changes!.map((c) => [c.note, c.before, c.after]);
    expect(changes).toEqual([
      ['Field “Field 1”: acres', '80', '95'],
      ['Field added: West 40', null, 'West 40, Plymouth County, 40 acres, P index 1.2, N 140 lb/acre'],
      ['Soil loss and surface water practices', '', 'Contour farming and grassed waterways.'],
    ]);
  });

  it('a preparer revises a returned update from what was filed, and resubmits it for the owner', async () => {
    const { db } = t.get();
    const [returned] = await db.select().from(plans).where(and(eq(plans.operationId, await opId('Iowa Falls Finisher')), eq(plans.status, 'incomplete')));
    const editor = await getPlanEditor(preparer, returned!.id, TODAY);
    if (!editor.editable) throw new Error('expected the returned plan to be editable');
    // The form starts from the plan as filed: its fields and its update choice.
    expect((editor.draft.fields!.fields as { countyFips: string }[]).map((f) => f.countyFips).sort()).toEqual(['19079', '19083']);
    expect(editor.draft.update).toMatchObject({ updateKind: 'complete_plan', channel: 'electronic' });
    const draft = { ...editor.draft, stockpiles: { stockpiles: [], soilLossPractices: 'Terraces and no-till on every field.' } };
    const { version } = await saveDraft(preparer, { planId: returned!.id, version: editor.plan.version, draft });
    await uploadAttachment(preparer, { planId: returned!.id, kind: 'site_map', filename: 'map.pdf', bytes: PDF });
    const items = await db.select({ id: planDeficiencies.id }).from(planDeficiencies).where(eq(planDeficiencies.planId, returned!.id));
    await answerDeficiencies(preparer, { planId: returned!.id, answers: items.map((i) => ({ deficiencyId: i.id, response: 'The field map with legal descriptions is attached now.' })) });
    const earlier = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.template, 'submission-received'));
    await submitSigned(preparer, { planId: returned!.id, version, idempotencyKey: randomUUID() }, ctx);

    const events = await db.select({ kind: planClockEvents.kind }).from(planClockEvents).where(eq(planClockEvents.planId, returned!.id));
    expect(events.map((e) => e.kind)).toEqual(['received', 'returned_incomplete', 'resubmitted']);
    expect(await db.select().from(feeLines).where(eq(feeLines.planId, returned!.id))).toHaveLength(1);
    // The resubmission's receipt goes to the owner and to the preparer who resubmitted it.
    const mail = (await db.select().from(emailOutbox).where(and(eq(emailOutbox.template, 'submission-received'), sql`${emailOutbox.eventKey} like ${`plan:${returned!.id}:%`}`))).filter((m) => !earlier.some((e) => e.id === m.id));
    expect(mail.map((m) => m.toAddress).sort()).toEqual([hansen.email, preparer.email].sort());
  });

  it('the owner withdraws a submitted update the department has not checked; its unpaid fee is cancelled', async () => {
    const { db } = t.get();
    const [filed] = await db.select().from(plans).where(and(eq(plans.operationId, await opId('Doon Sow Unit')), eq(plans.status, 'submitted')));
    await expect(withdrawPlan(vanzee, { planId: filed!.id, version: filed!.version - 1 })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await withdrawPlan(vanzee, { planId: filed!.id, version: filed!.version })).toEqual({ feesCancelled: 1 });
    expect((await db.select().from(feeLines).where(eq(feeLines.planId, filed!.id))).map((f) => f.status)).toEqual(['void']);
    // A plan the department is reviewing is the department's to decide.
    const [reviewing] = await db.select().from(plans).where(and(eq(plans.operationId, await opId('Sioux Center Finisher II')), eq(plans.status, 'under_review')));
    await expect(withdrawPlan(hansen, { planId: reviewing!.id, version: reviewing!.version })).rejects.toMatchObject({ code: 'CONFLICT' });
    // With the update withdrawn, another can be started.
    await expect(startPlan(vanzee, { operationId: await opId('Doon Sow Unit'), kind: 'annual_update' }, TODAY)).resolves.toMatchObject({ resumed: false });
  });
});
