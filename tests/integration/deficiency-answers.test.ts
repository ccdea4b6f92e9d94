import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, operations, planDeficiencies, plans } from '@/db/schema';
import { grantAccess } from '@/lib/auth/grants';
import type { Actor } from '@/lib/auth/roles';
import { AppError } from '@/lib/errors';
import { uploadAttachment } from '@/lib/plans/attachments';
import { answerDeficiencies } from '@/lib/plans/deficiency-answers';
import { saveDraft } from '@/lib/plans/drafts';
import { getPlanEditor } from '@/lib/plans/editor';
import { submitSigned } from '../support/signing';
import { findPlanComplete, returnPlanIncomplete } from '@/lib/reviews/completeness';
import { addDays } from '@/lib/rules';
import { listDeficiencyCycles } from '@/lib/reviews/review-history';
import { useAttachmentStorage } from '@/lib/storage';
import { LocalDiskStorage } from '@/lib/storage/local-disk';
import { completeDraft, createOperation, createOwner, createReviewer, createUser, planVersion, submitOriginalPlan } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

const TODAY = '2026-11-30';
const ctx = { today: TODAY, origin: 'https://mmp.test' };
const PDF = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  const err = await run().then(() => null, (e: unknown) => e);
  if (err instanceof AppError) return err;
  throw err ?? new Error('expected a refusal');
}

describe(`the owner answers a returned plan's items on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;
  const actor = {} as Record<'prairie' | 'hansen' | 'preparer' | 'reviewer' | 'hamilton', Actor>;
  let stanhope: string;
  let items: { pIndex: string; agreement: string };
  let foreignId: string;
  let foreignPlanId: string;

  const planOf = async (name: string, status: 'submitted' | 'incomplete' | 'under_review') => {
    const [row] = await db()
      .select({ planId: plans.id, version: plans.version })
      .from(plans)
      .innerJoin(operations, eq(operations.id, plans.operationId))
      .where(and(eq(operations.name, name), eq(plans.status, status)));
    return row!;
  };
  const deficiencyRows = (planId: string) =>
    db().select().from(planDeficiencies).where(eq(planDeficiencies.planId, planId)).orderBy(asc(planDeficiencies.cycle), asc(planDeficiencies.code));
  const answerAudits = (planId: string) =>
    db().select().from(auditEvents).where(and(eq(auditEvents.entityId, planId), eq(auditEvents.action, 'plan.deficiencies_answered'))).orderBy(asc(auditEvents.id));

  beforeAll(async () => {
    useAttachmentStorage(new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), 'mmp-att-'))));
    // Made here: Prairie's Stanhope (Hamilton County) and Hansen's Cherokee, both filed and waiting
    // on the department; Hansen's Sioux Center under review and Iowa Falls returned for its field map
    // (her preparer has access to Iowa Falls); the department's reviewer and Hamilton's official.
    actor.prairie = await createOwner({ name: 'Prairie Egg Cooperative' });
    actor.hansen = await createOwner({ name: 'Hansen Family Farms LLC' });
    actor.preparer = await createUser('preparer');
    actor.reviewer = await createReviewer();
    actor.hamilton = await createUser('county_official', { countyFips: '19079' });
    const filed = async (owner: Actor, name: string, countyFips: string, fields: [string, string], day: string) => {
      const { operationId } = await createOperation(owner, { name, countyFips, today: day });
      return { operationId, planId: (await submitOriginalPlan(owner, operationId, { today: day, draft: completeDraft(fields) })).planId };
    };
    await filed(actor.prairie, 'Stanhope Layer Complex', '19079', ['19079', '19083'], addDays(TODAY, -1));
    await filed(actor.hansen, 'Cherokee Cattle Confinement', '19035', ['19035', '19149'], addDays(TODAY, -20));
    const siouxCenter = await filed(actor.hansen, 'Sioux Center Finisher II', '19167', ['19167', '19167'], addDays(TODAY, -70));
    await findPlanComplete(actor.reviewer, { planId: siouxCenter.planId, version: await planVersion(siouxCenter.planId) }, addDays(TODAY, -65));
    const iowaFalls = await filed(actor.hansen, 'Iowa Falls Finisher', '19083', ['19079', '19083'], addDays(TODAY, -14));
    await returnPlanIncomplete(actor.reviewer, { planId: iowaFalls.planId, version: await planVersion(iowaFalls.planId), codes: ['MISSING_FIELD_MAP'], details: {} }, { ...ctx, today: addDays(TODAY, -12) });
    await grantAccess(actor.hansen, { operationId: iowaFalls.operationId, email: actor.preparer.email });
    // The department returns Stanhope's update with two coded items, and another plan with one.
    const s = await planOf('Stanhope Layer Complex', 'submitted');
    stanhope = s.planId;
    await returnPlanIncomplete(actor.reviewer, { ...s, codes: ['P_INDEX_MISSING', 'LAND_AGREEMENT_MISSING'], details: { P_INDEX_MISSING: 'Field 2 has no P-index.' } }, ctx);
    const rows = await deficiencyRows(stanhope);
    items = { pIndex: rows.find((r) => r.code === 'P_INDEX_MISSING')!.id, agreement: rows.find((r) => r.code === 'LAND_AGREEMENT_MISSING')!.id };
    const other = await planOf('Cherokee Cattle Confinement', 'submitted');
    await returnPlanIncomplete(actor.reviewer, { ...other, codes: ['SIGNATURE_MISSING'], details: {} }, ctx);
    foreignPlanId = other.planId;
    foreignId = (await deficiencyRows(other.planId))[0]!.id;
  });

  it('refuses answers from someone who may not resubmit the plan, and changes nothing', async () => {
    const input = { planId: stanhope, answers: [{ deficiencyId: items.pIndex, response: 'Added the P-index.' }] };
    // Another owner cannot even see the plan; the department and a county that can see it may not answer for the owner.
    expect((await refusal(() => answerDeficiencies(actor.hansen, input))).code).toBe('NOT_FOUND');
    expect((await refusal(() => answerDeficiencies(actor.reviewer, input))).code).toBe('FORBIDDEN');
    expect((await refusal(() => answerDeficiencies(actor.hamilton, input))).code).toBe('FORBIDDEN');
    expect((await deficiencyRows(stanhope)).map((r) => [r.ownerResponse, r.respondedAt])).toEqual([[null, null], [null, null]]);
    expect(await answerAudits(stanhope)).toEqual([]);
  });

  it('refuses an unknown or foreign item, or an empty answer, with messages for the form, and changes nothing', async () => {
    const unknown = await refusal(() => answerDeficiencies(actor.prairie, { planId: stanhope, answers: [{ deficiencyId: items.pIndex, response: 'Added.' }, { deficiencyId: randomUUID(), response: 'Something' }] }));
    expect(unknown).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/not on the department’s latest notice/) });
    expect(unknown.fieldErrors).toEqual({ 'answers.1.deficiencyId': [expect.stringMatching(/not on the department’s latest notice/)] });
    const foreign = await refusal(() => answerDeficiencies(actor.prairie, { planId: stanhope, answers: [{ deficiencyId: foreignId, response: 'Signed.' }] }));
    expect(foreign.fieldErrors).toHaveProperty(['answers.0.deficiencyId']);
    const empty = await refusal(() => answerDeficiencies(actor.prairie, { planId: stanhope, answers: [{ deficiencyId: items.pIndex, response: 'Added.' }, { deficiencyId: items.agreement, response: '  \n ' }] }));
    expect(empty).toMatchObject({ code: 'VALIDATION' });
    expect(empty.fieldErrors).toEqual({ 'answers.1.response': ['Write your answer to this item'] });
    const long = await refusal(() => answerDeficiencies(actor.prairie, { planId: stanhope, answers: [{ deficiencyId: items.pIndex, response: 'x'.repeat(2001) }] }));
    expect(long.fieldErrors).toEqual({ 'answers.0.response': ['Keep each answer under 2,000 characters'] });
    const twice = await refusal(() => answerDeficiencies(actor.prairie, { planId: stanhope, answers: [{ deficiencyId: items.pIndex, response: 'A' }, { deficiencyId: items.pIndex, response: 'B' }] }));
    expect(twice.fieldErrors).toHaveProperty(['answers.1.deficiencyId']);
    // A plan that is not waiting on answers (here one under review) cannot be answered.
    const reviewing = await planOf('Sioux Center Finisher II', 'under_review');
    expect((await refusal(() => answerDeficiencies(actor.hansen, { planId: reviewing.planId, answers: [{ deficiencyId: items.pIndex, response: 'A' }] }))).code).toBe('CONFLICT');
    expect((await deficiencyRows(stanhope)).map((r) => r.ownerResponse)).toEqual([null, null]);
    expect((await deficiencyRows(foreignPlanId)).map((r) => r.ownerResponse)).toEqual([null]);
    expect(await answerAudits(stanhope)).toEqual([]);
  });

  it('saves an answer with the time it was given and audits it; the same answer again writes nothing', async () => {
    const at = new Date('2026-12-01T15:00:00Z');
    const result = await answerDeficiencies(actor.prairie, { planId: stanhope, answers: [{ deficiencyId: items.pIndex, response: '  Added the P-index for Field 2 (1.8, low).  ' }] }, { now: at });
    expect(result).toEqual({ cycle: 1, changed: 1, unanswered: 1 });
    const rows = await deficiencyRows(stanhope);
    expect(rows.find((r) => r.id === items.pIndex)).toMatchObject({ ownerResponse: 'Added the P-index for Field 2 (1.8, low).', respondedAt: at });
    expect(rows.find((r) => r.id === items.agreement)).toMatchObject({ ownerResponse: null, respondedAt: null });
    const [audit] = await answerAudits(stanhope);
    expect(audit).toMatchObject({
      actorUserId: actor.prairie.id,
      entityType: 'plan',
      before: { cycle: 1, answers: [{ deficiencyId: items.pIndex, code: 'P_INDEX_MISSING', response: null, respondedAt: null }] },
      after: { cycle: 1, answered: 1, unanswered: 1, answers: [{ deficiencyId: items.pIndex, code: 'P_INDEX_MISSING', response: 'Added the P-index for Field 2 (1.8, low).' }] },
    });
    const again = await answerDeficiencies(actor.prairie, { planId: stanhope, answers: [{ deficiencyId: items.pIndex, response: 'Added the P-index for Field 2 (1.8, low).' }] });
    expect(again).toEqual({ cycle: 1, changed: 0, unanswered: 1 });
    expect(await answerAudits(stanhope)).toHaveLength(1);
    expect((await deficiencyRows(stanhope)).find((r) => r.id === items.pIndex)!.respondedAt).toEqual(at);
  });

  it('refuses to resubmit while an item has no answer, naming it; once answered the resubmission goes through', async () => {
    const editor = await getPlanEditor(actor.prairie, stanhope, TODAY);
    if (!editor.editable) throw new Error('expected the returned plan to be editable');
    expect(editor.deficiencies.map((d) => [d.code, d.answered])).toEqual([['P_INDEX_MISSING', true], ['LAND_AGREEMENT_MISSING', false]]);
    const draft = { ...editor.draft, stockpiles: { ...editor.draft.stockpiles, soilLossPractices: 'No-till and grassed waterways on every field.' } };
    const { version } = await saveDraft(actor.prairie, { planId: stanhope, version: editor.plan.version, draft });
    await uploadAttachment(actor.prairie, { planId: stanhope, kind: 'site_map', filename: 'map.pdf', bytes: PDF });
    const [before] = await db().select().from(plans).where(eq(plans.id, stanhope));

    const refused = await refusal(() => submitSigned(actor.prairie, { planId: stanhope, version, idempotencyKey: randomUUID() }, ctx));
    expect(refused.code).toBe('VALIDATION');
    expect(refused.message).toMatch(/Written agreement for land the owner neither owns nor rents \(LAND_AGREEMENT_MISSING\)/);
    expect(refused.message).not.toMatch(/P_INDEX_MISSING/);
    // Keyed like the answer form's fields: the agreement is the second item of the notice.
    expect(refused.fieldErrors).toEqual({ 'answers.1.response': [expect.stringMatching(/Written agreement/)] });
    const [after] = await db().select().from(plans).where(eq(plans.id, stanhope));
    expect(after).toMatchObject({ status: 'incomplete', version: before!.version });

    // A preparer without access to this operation cannot answer for its owner.
    expect((await refusal(() => answerDeficiencies(actor.preparer, { planId: stanhope, answers: [{ deficiencyId: items.agreement, response: 'x' }] }))).code).toBe('NOT_FOUND');
    await answerDeficiencies(actor.prairie, {
      planId: stanhope,
      answers: [
        { deficiencyId: items.pIndex, response: 'Added the P-index for Field 2 (1.8, low).' },
        { deficiencyId: items.agreement, response: 'Uploaded the signed agreement with the Larsons for the 80 acres in Hardin County.' },
      ],
    });
    const filed = await submitSigned(actor.prairie, { planId: stanhope, version, idempotencyKey: randomUUID() }, { ...ctx, today: '2026-12-02' });
    expect(filed.replayed).toBe(false);
    const [resubmitted] = await db().select().from(plans).where(eq(plans.id, stanhope));
    expect(resubmitted!.status).toBe('submitted');
    // Answers belong to the open notice only: a resubmitted plan takes none.
    expect((await refusal(() => answerDeficiencies(actor.prairie, { planId: stanhope, answers: [{ deficiencyId: items.pIndex, response: 'Changed my mind.' }] }))).code).toBe('CONFLICT');
  });

  it('keeps every return with its items and answers when the plan is returned again', async () => {
    const [row] = await db().select().from(plans).where(eq(plans.id, stanhope));
    await returnPlanIncomplete(actor.reviewer, { planId: stanhope, version: row!.version, codes: ['FEE_UNPAID'], details: { FEE_UNPAID: 'The $180 compliance fee is still due.' } }, { ...ctx, today: '2026-12-03' });
    // An item of the earlier notice is closed: answering it now is refused.
    const stale = await refusal(() => answerDeficiencies(actor.prairie, { planId: stanhope, answers: [{ deficiencyId: items.pIndex, response: 'Again' }] }));
    expect(stale.fieldErrors).toHaveProperty(['answers.0.deficiencyId']);

    const cycles = await listDeficiencyCycles(db(), stanhope);
    expect(cycles.map((c) => c.cycle)).toEqual([1, 2]);
    expect(cycles[0]!.items.map((i) => [i.code, i.detail, i.ownerResponse, i.respondedAt instanceof Date])).toEqual([
      ['P_INDEX_MISSING', 'Field 2 has no P-index.', 'Added the P-index for Field 2 (1.8, low).', true],
      ['LAND_AGREEMENT_MISSING', null, 'Uploaded the signed agreement with the Larsons for the 80 acres in Hardin County.', true],
    ]);
    expect(cycles[1]!.items.map((i) => [i.code, i.ownerResponse, i.respondedAt])).toEqual([['FEE_UNPAID', null, null]]);
    expect(await answerAudits(stanhope)).toHaveLength(2);
  });

  it('a preparer with access answers for the owner', async () => {
    const iowaFalls = await planOf('Iowa Falls Finisher', 'incomplete');
    const [item] = await deficiencyRows(iowaFalls.planId);
    expect(item).toMatchObject({ cycle: 1, code: 'MISSING_FIELD_MAP', ownerResponse: null });
    const result = await answerDeficiencies(actor.preparer, { planId: iowaFalls.planId, answers: [{ deficiencyId: item!.id, response: 'Uploaded the field map.' }] });
    expect(result).toEqual({ cycle: 1, changed: 1, unanswered: 0 });
    const [audit] = await answerAudits(iowaFalls.planId);
    expect(audit!.actorUserId).toBe(actor.preparer.id);
  });
});
