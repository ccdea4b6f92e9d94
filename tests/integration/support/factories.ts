import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { parties, plans, users } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { today as clockToday } from '@/lib/clock';
import { registerOperation } from '@/lib/operations/commands';
import { uploadAttachment } from '@/lib/plans/attachments';
import { saveDraft } from '@/lib/plans/drafts';
import { startPlan } from '@/lib/plans/start';
import { submitPlan, type SubmitResult } from '@/lib/plans/submit';
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

/** An owner (party and account) who can sign in as an owner. */
export async function createOwner(over: { name?: string; email?: string } = {}): Promise<Actor> {
  const db = await getDb();
  const tag = unique();
  const name = over.name ?? `Owner ${tag} LLC`;
  const email = over.email ?? `owner-${tag}@example.test`;
  const [party] = await db.insert(parties).values({ kind: 'organization', name, email, phone: '712-555-0100', mailingAddress: `100 Main St\nOrange City, IA 51041` }).returning();
  const [user] = await db.insert(users).values({ email, name, role: 'owner', partyId: party!.id, emailVerifiedAt: new Date() }).returning();
  return { id: user!.id, role: 'owner', name, email, countyFips: null, partyId: party!.id };
}

/** A 2,480-head swine finisher (992 AU, an MMP required) registered by the owner. */
export async function createOperation(owner: Actor, over: { name?: string; countyFips?: string; today?: string } = {}) {
  const values = parseOrThrow(operationSchema, {
    name: over.name ?? `Finisher ${unique()}`, kind: 'confinement', countyFips: over.countyFips ?? '19167', township: '95N', range: '44W', section: '12', quarterSection: 'NE',
    address911: '1450 510th St, Sioux Center, IA 51250', constructedOn: '2019-04-01', constructionPermitStatus: 'not_required',
    inventory: [{ category: 'swine_over_55_lb', head: '2480' }], storage: [], contractProducer: false, researchCollege: false, safoElect: false,
  });
  const { id } = await registerOperation(owner, values, over.today ?? clockToday());
  return { operationId: id, name: values.name, countyFips: values.countyFips };
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
  const submission = await submitPlan(owner, { planId, version: now?.version ?? saved.version, idempotencyKey: randomUUID() }, { today: day, origin: options.origin ?? 'http://portal.test' });
  return { planId, submission };
}

/** An owner with an operation with a submitted original plan, in one call. */
export async function ownerWithSubmittedPlan(options: { today?: string; countyFips?: string } = {}): Promise<{ owner: Actor; operationId: string; operationName: string; planId: string; submission: SubmitResult }> {
  const owner = await createOwner();
  const { operationId, name } = await createOperation(owner, { today: options.today, countyFips: options.countyFips });
  const { planId, submission } = await submitOriginalPlan(owner, operationId, { today: options.today });
  return { owner, operationId, operationName: name, planId, submission };
}

/** A department reviewer's account. */
export async function createReviewer(role: 'department_staff' | 'department_supervisor' = 'department_staff'): Promise<Actor> {
  const db = await getDb();
  const tag = unique();
  const [user] = await db.insert(users).values({ email: `reviewer-${tag}@dnr.example.test`, name: `Reviewer ${tag}`, role, emailVerifiedAt: new Date() }).returning();
  return { id: user!.id, role, name: user!.name, email: user!.email, countyFips: null, partyId: null };
}

/** The plan's current version (the optimistic lock every command takes). */
export async function planVersion(planId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ version: plans.version }).from(plans).where(eq(plans.id, planId));
  return row!.version;
}
