import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { animalInventory, auditEvents, operations, ownerships, ownershipTransfers } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { registerOperation, updateOperation } from '@/lib/operations/commands';
import { nextStepFor } from '@/lib/operations/next-step';
import { listOperationSummaries } from '@/lib/operations/queries';
import { operationSchema } from '@/lib/validation/operations';
import { parseOrThrow } from '@/lib/validation/parse';
import { useAttachmentStorage } from '@/lib/storage';
import { LocalDiskStorage } from '@/lib/storage/local-disk';
import { decideTransfer } from '@/lib/transfers/decide';
import { requestTransfer } from '@/lib/transfers/request';
import { createOperation, createOwner, createReviewer } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

const TODAY = '2026-11-30';

// A 2,480-head finisher in Buena Vista County, as the registration form sends it (strings as typed).
function finisherForm(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Storm Lake Finisher', kind: 'confinement', countyFips: '19021', township: '91N', range: '37W', section: '12',
    quarterSection: 'NE', address911: '1450 510th St, Storm Lake, IA 50588', latitude: '', longitude: '',
    constructedOn: '2019-04-01', lastExpandedOn: '', constructionPermitStatus: 'not_required',
    inventory: [{ category: 'swine_over_55_lb', head: '2,480' }], storage: [{ name: 'Deep pit', kind: 'formed', capacityGallons: '1900000', constructedOn: '' }],
    contractProducer: false, activeContractorId: '', researchCollege: false, safoElect: false, peakAnimalUnitsHoused: '',
    ...overrides,
  };
}

function fieldErrorsOf(fn: () => unknown): Record<string, string[]> {
  try {
    fn();
  } catch (err) {
    return (err as { fieldErrors: Record<string, string[]> }).fieldErrors;
  }
  throw new Error('expected a validation error');
}

describe(`owner operations on ${databaseLabel}`, () => {
  const t = useTestDb();
  let hansen: Actor;
  let vanzee: Actor;
  let prairie: Actor;

  beforeAll(async () => {
    // Made here: three owners, Hansen's Rock Valley, and Le Mars, which Van Zee sold to Prairie on
    // 2026-10-31 (the department confirmed the transfer).
    useAttachmentStorage(new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), 'mmp-ops-'))));
    hansen = await createOwner({ name: 'Hansen Family Farms LLC' });
    vanzee = await createOwner({ name: 'Van Zee Pork Inc.' });
    prairie = await createOwner({ name: 'Prairie Egg Cooperative' });
    await createOperation(hansen, { name: 'Rock Valley Finisher Site', today: TODAY });
    const leMars = await createOperation(vanzee, { name: 'Le Mars Finisher', countyFips: '19149', today: TODAY });
    const ctx = { today: TODAY, origin: 'http://portal.test' };
    const evidence = { filename: 'bill of sale.pdf', bytes: new TextEncoder().encode('%PDF-1.4\nBill of sale\n%%EOF\n') };
    const { transferId } = await requestTransfer(prairie, { facilityId: leMars.facilityId, countyFips: leMars.countyFips, acquiredOn: '2026-10-31' }, evidence, ctx);
    const [req] = await t.get().db.select().from(ownershipTransfers).where(eq(ownershipTransfers.id, transferId));
    await decideTransfer(await createReviewer(), { transferId, version: req!.version, decision: 'confirmed', reason: 'Deed checked.' }, ctx);
  });

  it('registers a 2,480-head finisher at 992 AU with a facility ID, an ownership and an audit event', async () => {
    const values = parseOrThrow(operationSchema, finisherForm());
    const { db } = t.get();
    const [{ highest }] = await db.select({ highest: sql<string>`max(${operations.facilityId}::bigint)::text` }).from(operations) as [{ highest: string }];
    const { id, facilityId } = await registerOperation(hansen, values, TODAY);
    expect(facilityId).toBe(String(Number(highest) + 1)); // the next facility ID in the department's series
    const [owner] = await db.select().from(ownerships).where(eq(ownerships.operationId, id));
    expect(owner).toMatchObject({ ownerId: hansen.partyId, releasedOn: null });
    expect(await db.select().from(animalInventory).where(eq(animalInventory.operationId, id))).toEqual([{ operationId: id, category: 'swine_over_55_lb', headAtCapacity: 2480 }]);
    const summary = (await listOperationSummaries(hansen, TODAY)).find((o) => o.id === id)!;
    expect(summary.animalUnitCapacity).toBe(992);
    expect(nextStepFor(summary)).toMatchObject({ text: 'Start the original manure management plan.', href: `/operations/${id}` });
    const audit = await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'operation.registered')));
    expect(audit).toHaveLength(1);
  });

  it('refuses bad input with a message on the field', async () => {
    expect(fieldErrorsOf(() => parseOrThrow(operationSchema, finisherForm({ inventory: [{ category: 'swine_over_55_lb', head: '-5' }] }))))
      .toEqual({ 'inventory.0.head': ['A head count cannot be negative'] });
    expect(fieldErrorsOf(() => parseOrThrow(operationSchema, finisherForm({ inventory: [{ category: 'swine_over_55_lb', head: '12.5' }] }))))
      .toEqual({ 'inventory.0.head': ['Use a whole number of head (no fractions)'] });
    expect(fieldErrorsOf(() => parseOrThrow(operationSchema, finisherForm({ lastExpandedOn: '2018-01-01' }))))
      .toEqual({ lastExpandedOn: ['The expansion date must be on or after the construction date'] });
    expect(fieldErrorsOf(() => parseOrThrow(operationSchema, finisherForm({ countyFips: '31055' }))))
      .toEqual({ countyFips: ['Choose an Iowa county'] });
    // Shaped like an Iowa code but not one of the 99 counties: refused by the service.
    const fake = parseOrThrow(operationSchema, finisherForm({ countyFips: '19998' }));
    await expect(registerOperation(hansen, fake, TODAY)).rejects.toMatchObject({ code: 'VALIDATION', fieldErrors: { countyFips: ['Choose an Iowa county'] } });
    expect(fieldErrorsOf(() => parseOrThrow(operationSchema, finisherForm({ contractProducer: true }))))
      .toHaveProperty('activeContractorId');
  });

  it('offers the SAFO election only at 500 AU or less, and ends it when more than 500 AU are housed', async () => {
    const big = parseOrThrow(operationSchema, finisherForm({ name: 'Too big to elect', safoElect: true }));
    await expect(registerOperation(hansen, big, TODAY)).rejects.toMatchObject({ code: 'VALIDATION', fieldErrors: { safoElect: [expect.stringMatching(/more than 500/)] } });

    const small = parseOrThrow(operationSchema, finisherForm({ name: 'Small nursery', inventory: [{ category: 'swine_15_to_55_lb', head: '4000' }], safoElect: true, peakAnimalUnitsHoused: '380' }));
    const { id } = await registerOperation(hansen, small, TODAY);
    const { db } = t.get();
    const [op] = await db.select().from(operations).where(eq(operations.id, id));
    expect(op).toMatchObject({ safoElectedOn: TODAY, safoEndedOn: null });

    const housedMore = parseOrThrow(operationSchema, finisherForm({ name: 'Small nursery', inventory: [{ category: 'swine_15_to_55_lb', head: '4000' }], safoElect: true, peakAnimalUnitsHoused: '520' }));
    await updateOperation(hansen, { operationId: id, lockToken: op!.updatedAt.toISOString(), values: housedMore }, TODAY);
    const [ended] = await db.select().from(operations).where(eq(operations.id, id));
    expect(ended).toMatchObject({ safoElectedOn: TODAY, safoEndedOn: TODAY });
    expect(ended!.safoEndReason).toMatch(/520 animal units were housed/);
    // The same edit from a stale page is refused rather than overwriting.
    await expect(updateOperation(hansen, { operationId: id, lockToken: op!.updatedAt.toISOString(), values: housedMore }, TODAY)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('another owner cannot edit the operation: it is not found for them', async () => {
    const { db } = t.get();
    const [op] = await db.select().from(operations).where(eq(operations.name, 'Rock Valley Finisher Site'));
    const values = parseOrThrow(operationSchema, finisherForm());
    await expect(updateOperation(vanzee, { operationId: op!.id, lockToken: op!.updatedAt.toISOString(), values }, TODAY)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a new owner (Le Mars) sees a countdown from the acquisition of a transfer the department confirmed', async () => {
    const lemars = (await listOperationSummaries(prairie, TODAY)).find((o) => o.name === 'Le Mars Finisher')!;
    expect(lemars).toMatchObject({ newOwnerAcquiredOn: '2026-10-31', newOwnerDueOn: '2026-12-30', newOwnerDaysLeft: 30 });
    const { db } = t.get();
    const [transfer] = await db.select().from(ownershipTransfers).where(eq(ownershipTransfers.operationId, lemars.id));
    expect(transfer).toMatchObject({ status: 'confirmed', claimantPartyId: prairie.partyId, currentOwnerPartyId: vanzee.partyId, acquiredOn: '2026-10-31', originalMmpDueOn: '2026-12-30' });
  });
});
