// Shared by the drills and their integration tests: complete draft plans ready to submit, reviewer
// accounts, plans a reviewer can decide, the submit action as the plan form calls it, and the
// counts a regulator would check afterwards (one submission, one fee, one receipt per plan).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { getDb } from '@/lib/db';
import { auditEvents, emailOutbox, feeLines, planClockEvents, planSubmissions, plans, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { toActionError, type ActionResult } from '@/lib/errors';
import { registerOperation } from '@/lib/operations/commands';
import { uploadAttachment } from '@/lib/plans/attachments';
import { saveDraft } from '@/lib/plans/drafts';
import { startPlan } from '@/lib/plans/start';
import { submitPlan } from '@/lib/plans/submit';
import { findPlanComplete } from '@/lib/reviews/completeness';
import { LocalDiskStorage } from '@/lib/storage/local-disk';
import { useAttachmentStorage } from '@/lib/storage';
import { operationSchema } from '@/lib/validation/operations';
import { parseOrThrow } from '@/lib/validation/parse';
import { submitPlanSchema } from '@/lib/validation/plans';
import { readyToSign, signatureFor } from '../../../tests/support/signing';

export type Ctx = { today: string; origin: string };
export type DraftPlan = { planId: string; version: number; owner: Actor };

/** The demo owners who file the drill plans, each with one account and one address. */
export const DRILL_OWNER_EMAILS = ['owner.hansen@example.com', 'owner.vanzee@example.com', 'owner.prairie@example.com'] as const;

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** An original plan as the form saves it: two fields in two counties, everything answered. */
export function completeDraft() {
  return {
    contacts: { contacts: [{ name: 'Karen Hansen', role: 'Owner', phone: '712-555-0141', email: 'owner.hansen@example.com' }] },
    production: { annualAnimalProduction: '7440', nutrientUnit: 'thousand_gallons', manureAmount: '1900000', nutrientSource: 'sample', totalNitrogenPerUnit: '50', availableNitrogenPerUnit: '45', p2o5PerUnit: '30' },
    fields: {
      fields: [
        { key: 'f1', name: 'Home 80', countyFips: '19021', acres: '80', tenure: 'owned', crops: [{ year: '2027', crop: 'corn' }], optimumYield: '200', nitrogenRateLbPerAcre: '150', phosphorusIndex: '1.5', applicationMethod: 'injected', applicationTiming: 'fall' },
        { key: 'f2', name: 'River 120', countyFips: '19151', acres: '120', tenure: 'rented', crops: [{ year: '2027', crop: 'soybeans' }], optimumYield: '60', nitrogenRateLbPerAcre: '0', phosphorusIndex: '2.5', applicationMethod: 'incorporated', applicationTiming: 'spring' },
      ],
    },
    agreements: { agreements: [] },
    stockpiles: { stockpiles: [], soilLossPractices: 'No-till on slopes over 5%; grassed waterways kept; no application within 200 ft of streams.' },
    attachments: {},
  };
}

/** Points attachment uploads at a scratch folder, so the drill leaves nothing in the project. */
export function useScratchAttachmentStorage(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mmp-drill-att-'));
  useAttachmentStorage(new LocalDiskStorage(dir));
  return dir;
}

export async function actorFor(email: string): Promise<Actor> {
  const db = await getDb();
  const [u] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (!u) throw new Error(`no account ${email}`);
  return { id: u.id, role: u.role, name: u.name, email: u.email, countyFips: u.countyFips, partyId: u.partyId };
}

/** Runs `work` over `items` with at most `limit` at a time, keeping the order of results. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!, i);
      }
    }),
  );
  return out;
}

/**
 * `count` complete original plans, each for a new confinement registered by one of the demo
 * owners (in turn), with its site map uploaded: every one can be submitted as it is.
 * Registrations run one at a time (the portal numbers facilities in order); the rest in parallel.
 */
export async function prepareCompleteDrafts(count: number, today: string, label = 'Drill', ownerEmails: readonly string[] = DRILL_OWNER_EMAILS): Promise<DraftPlan[]> {
  const owners = await Promise.all(ownerEmails.map(actorFor));
  const tag = randomBytes(3).toString('hex');
  const registered: { owner: Actor; operationId: string }[] = [];
  for (let i = 0; i < count; i++) {
    const owner = owners[i % owners.length]!;
    const values = parseOrThrow(operationSchema, {
      name: `${label} Finisher ${tag}-${i + 1}`, kind: 'confinement', countyFips: '19021', township: '91N', range: '37W', section: String((i % 36) + 1), quarterSection: 'NE',
      address911: `${1000 + i} 510th St, Storm Lake, IA 50588`, constructedOn: '2019-04-01', constructionPermitStatus: 'not_required',
      inventory: [{ category: 'swine_over_55_lb', head: '2480' }], storage: [], contractProducer: false, researchCollege: false, safoElect: false,
    });
    registered.push({ owner, operationId: (await registerOperation(owner, values, today)).id });
  }
  const db = await getDb();
  return mapLimit(registered, 8, async ({ owner, operationId }) => {
    const { planId } = await startPlan(owner, { operationId, kind: 'original' }, today);
    await uploadAttachment(owner, { planId, kind: 'site_map', filename: 'site map.pdf', bytes: PDF });
    const [row] = await db.select({ version: plans.version }).from(plans).where(eq(plans.id, planId));
    const saved = await saveDraft(owner, { planId, version: row!.version, draft: completeDraft() });
    return { planId, version: saved.version, owner };
  });
}

/** `count` new department staff accounts (no password: they exist to act in the drill). */
export async function createReviewers(count: number, label = 'drill'): Promise<Actor[]> {
  const db = await getDb();
  const tag = randomBytes(3).toString('hex');
  const rows = await db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ email: `${label}.reviewer.${tag}.${i + 1}@example.com`, name: `Drill Reviewer ${i + 1}`, role: 'department_staff' as const, emailVerifiedAt: new Date() })))
    .returning();
  return rows.map((u) => ({ id: u.id, role: u.role, name: u.name, email: u.email, countyFips: u.countyFips, partyId: u.partyId }));
}

/** Submits each draft once and has `reviewer` find it complete: the plans are then up for decision. */
export async function makeDecidable(drafts: DraftPlan[], reviewer: Actor, ctx: Ctx): Promise<{ planId: string; version: number }[]> {
  const db = await getDb();
  const out: { planId: string; version: number }[] = [];
  for (const d of drafts) {
    const [row] = await db.select({ status: plans.status, version: plans.version }).from(plans).where(eq(plans.id, d.planId));
    if (row!.status === 'draft') await submitPlan(d.owner, { planId: d.planId, version: d.version, idempotencyKey: randomUUID(), signature: await signOnce(d.owner, d.planId, ctx) }, ctx);
    const [submitted] = await db.select({ version: plans.version }).from(plans).where(eq(plans.id, d.planId));
    await findPlanComplete(reviewer, { planId: d.planId, version: submitted!.version }, ctx.today);
    const [review] = await db.select({ version: plans.version }).from(plans).where(eq(plans.id, d.planId));
    out.push({ planId: d.planId, version: review!.version });
  }
  return out;
}

export type SubmitAnswer = ActionResult<{ planId: string; submissionId: string; replayed: boolean }>;

/** Made ready to sign once per account, even when many of its filings start at the same moment. */
const readying = new Map<string, Promise<string>>();

/** The signing step as the owner goes through it for this plan: password, a fresh one-time code, the plan's SHA-256. */
async function signOnce(owner: Actor, planId: string, ctx: Ctx) {
  let ready = readying.get(owner.id);
  if (!ready) {
    ready = readyToSign(owner);
    readying.set(owner.id, ready);
    ready.catch(() => readying.delete(owner.id));
  }
  return signatureFor(owner, planId, ctx.today, await ready);
}

/**
 * The body of the plan form's submit action, minus the session and page refresh: the signing step
 * (the owner's password, a second-factor code and the SHA-256 shown for the plan), then parse,
 * submit, and turn any failure into the answer the form shows (a lost database is RETRYABLE).
 */
export async function submitAction(actor: Actor, input: { planId: string; version: number; idempotencyKey: string }, ctx: Ctx): Promise<SubmitAnswer> {
  try {
    const signature = await signOnce(actor, input.planId, ctx);
    const values = parseOrThrow(submitPlanSchema, { ...input, ...signature, certify: true });
    const { planId, version, idempotencyKey, documentSha256, password, code, certificationVersion } = values;
    const result = await submitPlan(actor, { planId, version, idempotencyKey, signature: { password, code, documentSha256, certificationVersion } }, ctx);
    return { ok: true, data: { planId: result.planId, submissionId: result.submissionId, replayed: result.replayed } };
  } catch (err) {
    return toActionError(err);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type SubmissionCounts = {
  planId: string;
  status: string;
  submissions: number;
  keys: string[];
  filingFees: number;
  feeLines: number;
  receiptEventKeys: number;
  receiptsToOwner: number;
  submittedAudits: number;
  clockReceived: number;
};

/** What the department's records hold for each plan: the rows a regulator would count. */
export async function submissionCounts(planIds: string[], ownerEmailOf: (planId: string) => string): Promise<SubmissionCounts[]> {
  const db = await getDb();
  const [planRows, subs, fees, mail, audits, clock] = await Promise.all([
    db.select({ id: plans.id, status: plans.status }).from(plans).where(inArray(plans.id, planIds)),
    db.select({ planId: planSubmissions.planId, key: planSubmissions.idempotencyKey }).from(planSubmissions).where(inArray(planSubmissions.planId, planIds)),
    db.select({ planId: feeLines.planId, code: feeLines.code }).from(feeLines).where(inArray(feeLines.planId, planIds)),
    queryRows<{ plan_id: string; event_key: string; to_address: string }>(
      db,
      sql`select split_part(${emailOutbox.eventKey}, ':', 2) as plan_id, ${emailOutbox.eventKey} as event_key, ${emailOutbox.toAddress} as to_address
          from ${emailOutbox} where ${emailOutbox.template} = 'submission-received'`,
    ),
    db.select({ planId: auditEvents.entityId }).from(auditEvents).where(and(eq(auditEvents.action, 'plan.submitted'), inArray(auditEvents.entityId, planIds))),
    db.select({ planId: planClockEvents.planId }).from(planClockEvents).where(and(eq(planClockEvents.kind, 'received'), inArray(planClockEvents.planId, planIds))),
  ]);
  return planIds.map((planId) => {
    const receipts = mail.filter((m) => m.plan_id === planId);
    return {
      planId,
      status: planRows.find((p) => p.id === planId)?.status ?? 'missing',
      submissions: subs.filter((s) => s.planId === planId).length,
      keys: subs.filter((s) => s.planId === planId).map((s) => s.key),
      filingFees: fees.filter((f) => f.planId === planId && f.code === 'mmp_filing').length,
      feeLines: fees.filter((f) => f.planId === planId).length,
      receiptEventKeys: new Set(receipts.map((m) => m.event_key)).size,
      receiptsToOwner: receipts.filter((m) => m.to_address === ownerEmailOf(planId).toLowerCase()).length,
      submittedAudits: audits.filter((a) => a.planId === planId).length,
      clockReceived: clock.filter((c) => c.planId === planId).length,
    };
  });
}

/** The plans whose records are not exactly one submission (under `keyOf`), fee, receipt, audit and clock event. */
export function submissionsNotExactlyOnce(counts: SubmissionCounts[], keyOf: (planId: string) => string): string[] {
  const problems: string[] = [];
  for (const c of counts) {
    const wrong: string[] = [];
    if (c.status !== 'submitted') wrong.push(`status ${c.status}`);
    if (c.submissions !== 1) wrong.push(`${c.submissions} submissions`);
    if (c.submissions === 1 && c.keys[0] !== keyOf(c.planId)) wrong.push('submission under another key');
    if (c.filingFees !== 1 || c.feeLines !== 1) wrong.push(`${c.filingFees} filing fees / ${c.feeLines} fee lines`);
    if (c.receiptEventKeys !== 1 || c.receiptsToOwner !== 1) wrong.push(`${c.receiptEventKeys} receipt events / ${c.receiptsToOwner} receipts to the owner`);
    if (c.submittedAudits !== 1) wrong.push(`${c.submittedAudits} plan.submitted audit events`);
    if (c.clockReceived !== 1) wrong.push(`${c.clockReceived} received clock events`);
    if (wrong.length) problems.push(`${c.planId}: ${wrong.join(', ')}`);
  }
  return problems;
}

/** Per plan: decided clock events, decision audit events, decision letters (event keys) and letters to the owner. */
export async function decisionCounts(planIds: string[], ownerEmailOf: (planId: string) => string) {
  const db = await getDb();
  const [planRows, clock, audits, letters] = await Promise.all([
    db.select({ id: plans.id, status: plans.status, decision: plans.decision, decidedBy: plans.decidedByUserId }).from(plans).where(inArray(plans.id, planIds)),
    db.select({ planId: planClockEvents.planId }).from(planClockEvents).where(and(eq(planClockEvents.kind, 'decided'), inArray(planClockEvents.planId, planIds))),
    db.select({ planId: auditEvents.entityId, action: auditEvents.action, actor: auditEvents.actorUserId }).from(auditEvents).where(and(inArray(auditEvents.action, ['plan.approved', 'plan.disapproved']), inArray(auditEvents.entityId, planIds))),
    queryRows<{ plan_id: string; event_key: string; to_address: string }>(
      db,
      sql`select split_part(${emailOutbox.eventKey}, ':', 2) as plan_id, ${emailOutbox.eventKey} as event_key, ${emailOutbox.toAddress} as to_address
          from ${emailOutbox} where ${emailOutbox.template} = 'plan-decided'`,
    ),
  ]);
  return planIds.map((planId) => {
    const row = planRows.find((p) => p.id === planId);
    const mine = letters.filter((l) => l.plan_id === planId);
    return {
      planId,
      status: row?.status ?? 'missing',
      decision: row?.decision ?? null,
      decidedBy: row?.decidedBy ?? null,
      decidedEvents: clock.filter((c) => c.planId === planId).length,
      decisionAudits: audits.filter((a) => a.planId === planId),
      letterEventKeys: new Set(mine.map((l) => l.event_key)).size,
      lettersToOwner: mine.filter((l) => l.to_address === ownerEmailOf(planId).toLowerCase()).length,
    };
  });
}
