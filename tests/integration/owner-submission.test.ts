import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, emailOutbox, feeLines, planClockEvents, planCounties, planSubmissions, plans } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { registerOperation } from '@/lib/operations/commands';
import { uploadAttachment } from '@/lib/plans/attachments';
import { saveDraft } from '@/lib/plans/drafts';
import { startPlan } from '@/lib/plans/start';
import { submitPlan } from '@/lib/plans/submit';
import { submitSigned, NO_SIGNATURE } from '../support/signing';
import { LocalDiskStorage } from '@/lib/storage/local-disk';
import { useAttachmentStorage } from '@/lib/storage';
import { operationSchema } from '@/lib/validation/operations';
import { parseOrThrow } from '@/lib/validation/parse';
import { createOwner, createReviewer } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

const TODAY = '2026-11-30';
const ctx = { today: TODAY, origin: 'http://portal.test' };
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** An original plan as the form saves it: two fields in two counties, everything answered. */
function completeDraft() {
  return {
    contacts: { contacts: [{ name: 'Karen Hansen', role: 'Owner', phone: '712-555-0141', email: 'owner.hansen@example.com' }] },
    production: { annualAnimalProduction: '7440', nutrientUnit: 'thousand_gallons', manureAmount: '1900000', nutrientSource: 'sample', totalNitrogenPerUnit: '50', availableNitrogenPerUnit: '45', p2o5PerUnit: '30' },
    fields: { fields: [
      { key: 'f1', name: 'Home 80', countyFips: '19021', acres: '80', tenure: 'owned', crops: [{ year: '2027', crop: 'corn' }], optimumYield: '200', nitrogenRateLbPerAcre: '150', phosphorusIndex: '1.5', applicationMethod: 'injected', applicationTiming: 'fall' },
      { key: 'f2', name: 'River 120', countyFips: '19151', acres: '120', tenure: 'rented', crops: [{ year: '2027', crop: 'soybeans' }], optimumYield: '60', nitrogenRateLbPerAcre: '0', phosphorusIndex: '2.5', applicationMethod: 'incorporated', applicationTiming: 'spring' },
    ] },
    agreements: { agreements: [] },
    stockpiles: { stockpiles: [], soilLossPractices: 'No-till on slopes over 5%; grassed waterways kept; no application within 200 ft of streams.' },
    attachments: {},
  };
}

describe(`submitting a plan on ${databaseLabel}`, () => {
  const t = useTestDb();
  let hansen: Actor;
  let operationId: string;

  beforeAll(async () => {
    useAttachmentStorage(new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), 'mmp-att-'))));
    hansen = await createOwner({ name: 'Karen Hansen' });
    const values = parseOrThrow(operationSchema, {
      name: 'Storm Lake Finisher', kind: 'confinement', countyFips: '19021', township: '91N', range: '37W', section: '12', quarterSection: 'NE',
      address911: '1450 510th St, Storm Lake, IA 50588', constructedOn: '2019-04-01', constructionPermitStatus: 'not_required',
      inventory: [{ category: 'swine_over_55_lb', head: '2480' }], storage: [], contractProducer: false, researchCollege: false, safoElect: false,
    });
    operationId = (await registerOperation(hansen, values, TODAY)).id;
  });

  async function draftPlan(draft: Record<string, unknown>) {
    const { planId } = await startPlan(hansen, { operationId, kind: 'original' }, TODAY);
    const [row] = await t.get().db.select({ version: plans.version }).from(plans).where(eq(plans.id, planId));
    const saved = await saveDraft(hansen, { planId, version: row!.version, draft });
    return { planId, version: saved.version };
  }

  it('refuses an incomplete plan with every missing item, and a stale version with CONFLICT', async () => {
    const { planId, version } = await draftPlan({ ...completeDraft(), fields: { fields: [] } });
    await expect(saveDraft(hansen, { planId, version: version - 1, draft: {} })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/changed since you opened it/) });
    const err = await submitSigned(hansen, { planId, version, idempotencyKey: randomUUID() }, ctx).catch((e) => e);
    expect(err).toMatchObject({ code: 'VALIDATION' });
    expect(err.fieldErrors).toMatchObject({ 'fields.fields': ['Add at least one field where manure is applied'], attachments: [expect.stringMatching(/Upload a map/)] });
    await expect(submitSigned(hansen, { planId, version: version + 5, idempotencyKey: randomUUID() }, ctx)).rejects.toMatchObject({ code: 'CONFLICT' });
    // Starting again returns the same draft rather than a second plan.
    expect(await startPlan(hansen, { operationId, kind: 'original' }, TODAY)).toEqual({ planId, resumed: true });
    await saveDraft(hansen, { planId, version, draft: completeDraft() });
  });

  it('submits in one transaction: frozen version, fields, counties, clock, $250 fee, audit, email — and once only', async () => {
    const { db } = t.get();
    const [open] = await db.select().from(plans).where(and(eq(plans.operationId, operationId), eq(plans.status, 'draft')));
    await uploadAttachment(hansen, { planId: open!.id, kind: 'site_map', filename: 'site map.pdf', bytes: PDF });
    const key = randomUUID();
    const first = await submitSigned(hansen, { planId: open!.id, version: open!.version, idempotencyKey: key }, ctx);
    expect(first).toMatchObject({ planId: open!.id, submittedOn: TODAY, replayed: false });

    const [plan] = await db.select().from(plans).where(eq(plans.id, open!.id));
    expect(plan).toMatchObject({ status: 'submitted', submittedOn: TODAY, receivedOn: TODAY, animalUnitCapacity: 992, version: open!.version + 1 });
    expect(plan!.content.manureProduction).toMatchObject({ manureVolumeGallons: 1900000, unit: 'thousand_gallons' });
    const counties = await db.select().from(planCounties).where(eq(planCounties.planId, plan!.id)).orderBy(asc(planCounties.countyFips));
    expect(counties.map((c) => `${c.countyFips}:${c.relation}`).sort()).toEqual(['19021:land_applied_in', '19021:located_in', '19151:land_applied_in']);
    expect(await db.select({ kind: planClockEvents.kind, on: planClockEvents.occurredOn }).from(planClockEvents).where(eq(planClockEvents.planId, plan!.id))).toEqual([{ kind: 'received', on: TODAY }]);
    const fees = await db.select().from(feeLines).where(eq(feeLines.planId, plan!.id));
    expect(fees.map((f) => [f.code, f.amountCents, f.payerPartyId, f.status])).toEqual([['mmp_filing', 25000, hansen.partyId, 'due']]);
    const [snap] = await db.select().from(planSubmissions).where(eq(planSubmissions.planId, plan!.id));
    expect(snap!.snapshot).toMatchObject({ kind: 'original', animalUnitCapacity: 992, document: { fields: [{ name: 'Home 80', acres: 80 }, { name: 'River 120' }] } });
    expect(await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, plan!.id), eq(auditEvents.action, 'plan.submitted')))).toHaveLength(1);
    const mail = await db.select().from(emailOutbox).where(eq(emailOutbox.template, 'submission-received'));
    expect(mail.map((m) => m.toAddress)).toEqual([hansen.email]);
    expect(mail[0]!.text).toMatch(/\$250\.00/);

    // The same request again (a double click, a retry): the first answer, nothing new written.
    const again = await submitSigned(hansen, { planId: plan!.id, version: open!.version, idempotencyKey: key }, ctx);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await db.select().from(planSubmissions).where(eq(planSubmissions.planId, plan!.id))).toHaveLength(1);
    expect(await db.select().from(feeLines).where(eq(feeLines.planId, plan!.id))).toHaveLength(1);
    // A new key cannot resubmit a plan the department now holds; nor can the owner save over it.
    await expect(submitSigned(hansen, { planId: plan!.id, version: plan!.version, idempotencyKey: randomUUID() }, ctx)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(saveDraft(hansen, { planId: plan!.id, version: plan!.version, draft: {} })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('a resubmission after an incomplete return is a new receipt, with no second filing fee', async () => {
    const { db } = t.get();
    const [plan] = await db.select().from(plans).where(and(eq(plans.operationId, operationId), eq(plans.status, 'submitted')));
    // The department returns it (its own service does this; here the two rows it writes).
    await db.update(plans).set({ status: 'incomplete', version: sql`${plans.version} + 1` }).where(eq(plans.id, plan!.id));
    await db.insert(planClockEvents).values({ planId: plan!.id, kind: 'returned_incomplete', occurredOn: '2026-12-03' });
    const later = { ...ctx, today: '2026-12-10' };
    const [returned] = await db.select().from(plans).where(eq(plans.id, plan!.id));
    const saved = await saveDraft(hansen, { planId: plan!.id, version: returned!.version, draft: completeDraft() });
    await submitSigned(hansen, { planId: plan!.id, version: saved.version, idempotencyKey: randomUUID() }, later);
    const events = await db.select({ kind: planClockEvents.kind, on: planClockEvents.occurredOn }).from(planClockEvents).where(eq(planClockEvents.planId, plan!.id)).orderBy(asc(planClockEvents.id));
    expect(events).toEqual([{ kind: 'received', on: TODAY }, { kind: 'returned_incomplete', on: '2026-12-03' }, { kind: 'resubmitted', on: '2026-12-10' }]);
    expect(await db.select().from(feeLines).where(eq(feeLines.planId, plan!.id))).toHaveLength(1);
    expect(await db.select().from(planSubmissions).where(eq(planSubmissions.planId, plan!.id))).toHaveLength(2);
    expect(await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, plan!.id), eq(auditEvents.action, 'plan.resubmitted')))).toHaveLength(1);
  });

  it('two requests with one key at the same moment make one submission', async () => {
    const { db } = t.get();
    const op2 = await registerOperation(hansen, parseOrThrow(operationSchema, {
      name: 'Alta Finisher', kind: 'confinement', countyFips: '19021', township: '90N', range: '38W', section: '3', quarterSection: 'SW',
      address911: '200 Main St, Alta, IA 51002', constructedOn: '2018-01-01', constructionPermitStatus: 'not_required',
      inventory: [{ category: 'swine_over_55_lb', head: '2000' }], storage: [], contractProducer: false, researchCollege: false, safoElect: false,
    }), TODAY);
    const { planId } = await startPlan(hansen, { operationId: op2.id, kind: 'original' }, TODAY);
    await uploadAttachment(hansen, { planId, kind: 'site_map', filename: 'map.pdf', bytes: PDF });
    const [row] = await db.select({ version: plans.version }).from(plans).where(eq(plans.id, planId));
    const { version } = await saveDraft(hansen, { planId, version: row!.version, draft: completeDraft() });
    const key = randomUUID();
    const results = await Promise.all([1, 2, 3].map(() => submitSigned(hansen, { planId, version, idempotencyKey: key }, ctx)));
    expect(new Set(results.map((r) => r.submissionId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await db.select().from(planSubmissions).where(eq(planSubmissions.planId, planId))).toHaveLength(1);
    expect(await db.select().from(feeLines).where(eq(feeLines.planId, planId))).toHaveLength(1);
  });

  it('someone without access cannot submit: the plan is not found for them', async () => {
    const { db } = t.get();
    const [plan] = await db.select().from(plans).where(eq(plans.operationId, operationId));
    const vanzee = await createOwner({ name: 'Pieter Van Zee' });
    await expect(submitPlan(vanzee, { planId: plan!.id, version: plan!.version, idempotencyKey: randomUUID(), signature: NO_SIGNATURE }, ctx)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const reviewer = await createReviewer();
    await expect(submitPlan(reviewer, { planId: plan!.id, version: plan!.version, idempotencyKey: randomUUID(), signature: NO_SIGNATURE }, ctx)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
