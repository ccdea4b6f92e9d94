import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { dueDateAssignments, ownerships, parties, plans, users } from '@/db/schema';
import { hashPassword } from '@/lib/auth/passwords';
import type { Actor, Role } from '@/lib/auth/roles';
import { today as clockToday } from '@/lib/clock';
import { addDays } from '@/lib/rules';
import { registerOperation } from '@/lib/operations/commands';
import { uploadAttachment } from '@/lib/plans/attachments';
import { saveDraft } from '@/lib/plans/drafts';
import { startPlan } from '@/lib/plans/start';
import { type SubmitResult } from '@/lib/plans/submit';
import { submitSigned } from '../../support/signing';
import { findPlanComplete } from '@/lib/reviews/completeness';
import { decidePlan } from '@/lib/reviews/decision';
import { useAttachmentStorage } from '@/lib/storage';
import { LocalDiskStorage } from '@/lib/storage/local-disk';
import { operationSchema } from '@/lib/validation/operations';
import { parseOrThrow } from '@/lib/validation/parse';

// Small factories for integration tests, so a test builds the few records it needs instead of
// loading the demo and asserting on its names. Each call makes fresh, uniquely named records, so
// tests in one file never see each other's counts. The database is the file's test database
// (useTestDb), with the counties and field offices of the template.

const unique = () => randomBytes(4).toString('hex');
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
let storageReady = false;

/** An owner (party and account) who can sign in as an owner (with `password`, also through the sign-in form). */
export async function createOwner(over: { name?: string; email?: string; password?: string; kind?: 'person' | 'organization'; mailingAddress?: string } = {}): Promise<Actor> {
  const db = await getDb();
  const tag = unique();
  const name = over.name ?? `Owner ${tag} LLC`;
  const email = over.email ?? `owner-${tag}@example.test`;
  const mailingAddress = over.mailingAddress ?? '100 Main St\nOrange City, IA 51041';
  const [party] = await db.insert(parties).values({ kind: over.kind ?? 'organization', name, email, phone: '712-555-0100', mailingAddress }).returning();
  const passwordHash = over.password ? await hashPassword(over.password) : null;
  const [user] = await db.insert(users).values({ email, name, role: 'owner', partyId: party!.id, passwordHash, emailVerifiedAt: new Date() }).returning();
  return { id: user!.id, role: 'owner', name, email, countyFips: null, partyId: party!.id };
}

/**
 * An account of any other role: a preparer, a county official (`countyFips`, Sioux by default), an
 * admin, department staff. An active contractor gets its own party, as the department records one.
 */
export async function createUser(role: Exclude<Role, 'owner'>, over: { name?: string; email?: string; password?: string; countyFips?: string } = {}): Promise<Actor> {
  const db = await getDb();
  const tag = unique();
  const name = over.name ?? `${role.replace(/_/g, ' ')} ${tag}`;
  const email = over.email ?? `${role.replace(/_/g, '-')}-${tag}@example.test`;
  const countyFips = role === 'county_official' ? (over.countyFips ?? '19167') : null;
  let partyId: string | null = null;
  if (role === 'active_contractor') {
    const [party] = await db.insert(parties).values({ kind: 'organization', name, email, phone: '515-555-0190', isActiveContractor: true, mailingAddress: '400 Locust Street\nDes Moines, IA 50309' }).returning();
    partyId = party!.id;
  }
  const passwordHash = over.password ? await hashPassword(over.password) : null;
  const [user] = await db.insert(users).values({ email, name, role, countyFips, partyId, passwordHash, emailVerifiedAt: new Date() }).returning();
  return { id: user!.id, role, name, email, countyFips, partyId };
}

/**
 * A 2,480-head swine finisher (992 AU, an MMP required) registered by the owner; `safoElect` makes a
 * 1,125-head nursery (450 AU) whose owner elects small animal feeding operation status; `head` sets
 * another size, `inventory` other animals, `constructedOn` another year (2019 by default); `activeContractorId` (a contractor's party) makes it a
 * contract producer.
 */
export async function createOperation(owner: Actor, over: { name?: string; countyFips?: string; today?: string; safoElect?: boolean; head?: number; activeContractorId?: string; inventory?: { category: string; head: number }[]; constructedOn?: string } = {}) {
  const values = parseOrThrow(operationSchema, {
    name: over.name ?? `Finisher ${unique()}`, kind: 'confinement', countyFips: over.countyFips ?? '19167', township: '95N', range: '44W', section: '12', quarterSection: 'NE',
    address911: '1450 510th St, Sioux Center, IA 51250', constructedOn: over.constructedOn ?? '2019-04-01', constructionPermitStatus: 'not_required',
    inventory: over.inventory?.map((r) => ({ category: r.category, head: String(r.head) })) ?? [{ category: 'swine_over_55_lb', head: String(over.head ?? (over.safoElect ? 1125 : 2480)) }], storage: [], researchCollege: false, safoElect: over.safoElect ?? false,
    contractProducer: Boolean(over.activeContractorId), activeContractorId: over.activeContractorId,
  });
  const { id, facilityId } = await registerOperation(owner, values, over.today ?? clockToday());
  return { operationId: id, name: values.name, countyFips: values.countyFips, facilityId };
}

/** An original plan's draft as the form saves it: two fields in two counties, everything answered. */
export function completeDraft(counties: [string, string] = ['19167', '19141']) {
  return {
    contacts: { contacts: [{ name: 'Karen Hansen', role: 'Owner', phone: '712-555-0141', email: 'karen@example.test' }] },
    production: { annualAnimalProduction: '7440', nutrientUnit: 'thousand_gallons', manureAmount: '1900000', nutrientSource: 'sample', totalNitrogenPerUnit: '50', availableNitrogenPerUnit: '45', p2o5PerUnit: '30' },
    fields: { fields: [
      { key: randomUUID(), name: 'Home 80', countyFips: counties[0], acres: '80', tenure: 'owned', crops: [{ year: '2027', crop: 'corn' }], optimumYield: '200', nitrogenRateLbPerAcre: '150', phosphorusIndex: '1.5', applicationMethod: 'injected', applicationTiming: 'fall' },
      { key: randomUUID(), name: 'River 120', countyFips: counties[1], acres: '120', tenure: 'rented', crops: [{ year: '2027', crop: 'soybeans' }], optimumYield: '60', nitrogenRateLbPerAcre: '0', phosphorusIndex: '2.5', applicationMethod: 'incorporated', applicationTiming: 'spring' },
    ] },
    agreements: { agreements: [] },
    stockpiles: { stockpiles: [], soilLossPractices: 'No-till on slopes over 5%; grassed waterways kept; no application within 200 ft of streams.' },
    attachments: {},
  };
}

/** Starts, fills, maps and submits the operation's original plan. */
export async function submitOriginalPlan(owner: Actor, operationId: string, options: { today?: string; origin?: string; draft?: Record<string, unknown> } = {}) {
  if (!storageReady) {
    useAttachmentStorage(new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), 'mmp-factory-'))));
    storageReady = true;
  }
  const day = options.today ?? clockToday();
  const db = await getDb();
  const { planId } = await startPlan(owner, { operationId, kind: 'original' }, day);
  const [row] = await db.select({ version: plans.version }).from(plans).where(eq(plans.id, planId));
  const saved = await saveDraft(owner, { planId, version: row!.version, draft: options.draft ?? completeDraft() });
  await uploadAttachment(owner, { planId, kind: 'site_map', filename: 'site map.pdf', bytes: PDF });
  const [now] = await db.select({ version: plans.version }).from(plans).where(eq(plans.id, planId));
  const submission = await submitSigned(owner, { planId, version: now?.version ?? saved.version, idempotencyKey: randomUUID() }, { today: day, origin: options.origin ?? 'http://portal.test' });
  return { planId, submission };
}

/** An owner with an operation with a submitted original plan, in one call. */
export async function ownerWithSubmittedPlan(options: { today?: string; countyFips?: string; name?: string } = {}): Promise<{ owner: Actor; operationId: string; operationName: string; planId: string; submission: SubmitResult }> {
  const owner = await createOwner();
  const { operationId, name } = await createOperation(owner, { today: options.today, countyFips: options.countyFips, name: options.name });
  const { planId, submission } = await submitOriginalPlan(owner, operationId, { today: options.today });
  return { owner, operationId, operationName: name, planId, submission };
}

/** A department reviewer's account. */
export async function createReviewer(role: 'department_staff' | 'department_supervisor' = 'department_staff'): Promise<Actor> {
  return createUser(role, { email: `reviewer-${unique()}@dnr.example.test`, name: `Reviewer ${unique()}` });
}

/** The plan's current version (the optimistic lock every command takes). */
export async function planVersion(planId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ version: plans.version }).from(plans).where(eq(plans.id, planId));
  return row!.version;
}

/** A submitted plan the reviewer found complete (so assigned to them), its 60 days counting from `today`. */
export async function planUnderReview(reviewer: Actor, options: { today?: string; countyFips?: string; name?: string } = {}) {
  const day = options.today ?? clockToday();
  const filed = await ownerWithSubmittedPlan({ today: day, countyFips: options.countyFips, name: options.name });
  const { decisionDueOn } = await findPlanComplete(reviewer, { planId: filed.planId, version: await planVersion(filed.planId) }, day);
  return { ...filed, decisionDueOn };
}

/** The department sets the operation's next annual update due date (IAC 567-65.110(3)"b"). */
export async function setUpdateDueDate(operationId: string, dueOn: string): Promise<void> {
  const db = await getDb();
  await db.insert(dueDateAssignments).values({ operationId, dueOn, policy: 'initial', reason: 'Set by a test' });
}

/** The operation changes hands on `acquiredOn`: the current ownership ends, the new owner's begins. */
export async function transferOwnership(operationId: string, newOwner: Actor, acquiredOn: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.update(ownerships).set({ releasedOn: acquiredOn }).where(and(eq(ownerships.operationId, operationId), isNull(ownerships.releasedOn)));
    await tx.insert(ownerships).values({ operationId, ownerId: newOwner.partyId!, acquiredOn });
  });
}

/** The operation's current owner becomes a person with no portal account (as many imported owners are). */
export async function giveToOwnerWithoutAccount(operationId: string, person: { name: string; email: string }): Promise<string> {
  const db = await getDb();
  const [party] = await db.insert(parties).values({ kind: 'person', name: person.name, email: person.email, phone: '641-555-0133', mailingAddress: '5561 Vine Avenue\nKalona, IA 52247' }).returning();
  await db.update(ownerships).set({ ownerId: party!.id }).where(and(eq(ownerships.operationId, operationId), isNull(ownerships.releasedOn)));
  return party!.id;
}

/** The reviewer approves a plan under review (the decision letter and its notices go to the outbox). */
export async function approvePlan(reviewer: Actor, planId: string, options: { today?: string; origin?: string } = {}): Promise<void> {
  await decidePlan(reviewer, { planId, version: await planVersion(planId), decision: 'approved', reasons: '' }, { today: options.today ?? clockToday(), origin: options.origin ?? 'http://portal.test' });
}

/**
 * The operation's original plan, submitted on `today`, found complete and approved ten days later
 * by the reviewer: the plan in force that an annual update starts from.
 */
export async function approvedPlanFor(owner: Actor, operationId: string, reviewer: Actor, options: { today?: string; draft?: Record<string, unknown> } = {}): Promise<string> {
  const day = options.today ?? clockToday();
  const { planId } = await submitOriginalPlan(owner, operationId, { today: day, draft: options.draft });
  await findPlanComplete(reviewer, { planId, version: await planVersion(planId) }, day);
  await approvePlan(reviewer, planId, { today: addDays(day, 10) });
  return planId;
}

/**
 * Starts the operation's annual update from its plan in force and files it as a no-change statement
 * (with `channel: 'hard_copy'`, on paper to the counties).
 */
export async function submitNoChangeUpdate(owner: Actor, operationId: string, options: { today?: string; origin?: string; channel?: 'electronic' | 'hard_copy' } = {}): Promise<string> {
  const day = options.today ?? clockToday();
  const db = await getDb();
  const { planId } = await startPlan(owner, { operationId, kind: 'annual_update' }, day);
  const [row] = await db.select({ version: plans.version, draft: plans.draftState }).from(plans).where(eq(plans.id, planId));
  const draft = row!.draft as { update?: Record<string, unknown> };
  const { version } = await saveDraft(owner, { planId, version: row!.version, draft: { ...draft, update: { ...draft.update, updateKind: 'no_change_statement', noChangeConfirmed: true, ...(options.channel ? { channel: options.channel } : {}) } } });
  await submitSigned(owner, { planId, version, idempotencyKey: randomUUID() }, { today: day, origin: options.origin ?? 'http://portal.test' });
  return planId;
}
