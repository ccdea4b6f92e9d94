import { addDays, animalUnitCapacity, annualComplianceFee, filingFees, reviewDeadline, type AnimalCategory } from '@/lib/rules';
import type { Executor } from '@/db/client';
import {
  animalInventory,
  auditEvents,
  countyReceipts,
  dueDateAssignments,
  feeLines,
  manureStorageStructures,
  operationAccessGrants,
  operations,
  ownerships,
  payments,
  planClockEvents,
  planCounties,
  plans,
  portalFacts,
  type PlanContent,
} from '@/db/schema';
import { randomUUID } from 'node:crypto';
import { documentOfContent, draftFromDocument } from '@/lib/plans/document/draft';
import type { FiledDocument } from '@/lib/plans/document';
import { DEMO_OPERATIONS, type DemoOperation, type DemoPlan } from './demo-operations';
import { seedDemoPeople, type DemoPeople } from './demo-people';
import { seedDemoFeedlots } from './demo-feedlots';
import { seedDemoPortfolio } from './demo-portfolio';
import { seedDemoRecords } from './demo-records';
import { publicOrigin } from '@/lib/env';
import { seedDemoTransfer } from './demo-transfers';

const CROPS = ['corn', 'soybeans'];

/** Loads the demo data set, dated relative to `today` so every clock in it is live. */
export async function seedDemo(db: Executor, today: string, options: { portfolio?: boolean } = {}): Promise<void> {
  // A demo database: its staff accounts sign in with the README's password (lib/auth/session).
  await db.insert(portalFacts).values({ key: 'demo_data', value: 'loaded' }).onConflictDoNothing();
  const people = await seedDemoPeople(db);
  const ids = new Map<string, { id: string; facilityId: string; name: string }>();
  for (const [i, spec] of DEMO_OPERATIONS.entries()) {
    const facilityId = String(64_501 + i);
    ids.set(spec.key, { id: await seedOperation(db, people, spec, today, facilityId), facilityId, name: spec.name });
  }
  const op = (key: string) => {
    const o = ids.get(key)!;
    return { operationId: o.id, operationName: o.name, facilityId: o.facilityId };
  };
  // Le Mars's new owner got there by a transfer the department confirmed 27 days ago; Van Zee's
  // request for Ruth Miller's Clarion Finisher waits in the department's worklist.
  await seedDemoTransfer(db, people, { ...op('le-mars'), claimant: { party: 'prairie', user: 'prairie' }, previousOwner: 'vanzee', acquiredDaysAgo: 30, filedDaysAgo: 29, confirmedDaysAgo: 27 }, today);
  await seedDemoTransfer(db, people, { ...op('clarion'), claimant: { party: 'vanzee', user: 'vanzee' }, previousOwner: 'miller', acquiredDaysAgo: 12, filedDaysAgo: 10 }, today);
  await seedDemoFeedlots(db, people);
  if (options.portfolio) await seedDemoPortfolio(db, people, today, seedOperation);
  // Every received plan has its submission and filing receipt.
  const all = await db.select({ id: operations.id }).from(operations);
  // owner.hansen's Rock Valley Finisher Site also has the copy of record of each of its filings.
  // The twelve stories' decided plans get their letter as sent; Rock Valley's filings their copy of record.
  await seedDemoRecords(db, { operationIds: all.map((o) => o.id), letterOperationIds: [...ids.values()].map((o) => o.id), copyOperationIds: [ids.get('rock-valley')!.id], origin: publicOrigin() });
}

export async function seedOperation(db: Executor, people: DemoPeople, spec: DemoOperation, today: string, facilityId: string): Promise<string> {
  const ownerParty = spec.client?.ownerPartyId ?? people.party[spec.owner];
  const [op] = await db
    .insert(operations)
    .values({
      name: spec.name,
      facilityId,
      kind: 'confinement',
      countyFips: spec.county,
      township: spec.township,
      range: spec.range,
      section: spec.section,
      quarterSection: spec.quarterSection,
      address911: spec.address911,
      latitude: spec.latitude,
      longitude: spec.longitude,
      constructedOn: spec.constructedOn,
      lastExpandedOn: spec.lastExpandedOn ?? null,
      constructionPermitStatus: spec.permit,
      contractProducer: Boolean(spec.contractor),
      activeContractorId: spec.contractor ? people.party.heartland : null,
      safoElectedOn: spec.safoElectedDaysAgo ? addDays(today, -spec.safoElectedDaysAgo) : null,
      peakAnimalUnitsHoused: spec.safoElectedDaysAgo ? 430 : null,
    })
    .returning({ id: operations.id });
  const operationId = op!.id;
  await db.insert(animalInventory).values(
    Object.entries(spec.inventory).map(([category, head]) => ({ operationId, category: category as AnimalCategory, headAtCapacity: head ?? 0 })),
  );
  await db.insert(manureStorageStructures).values(spec.storage.map((s) => ({ ...s, operationId, constructedOn: spec.constructedOn })));
  if (spec.acquiredDaysAgo && spec.previousOwner) {
    const acquiredOn = addDays(today, -spec.acquiredDaysAgo);
    await db.insert(ownerships).values([
      { operationId, ownerId: people.party[spec.previousOwner], acquiredOn: spec.constructedOn, releasedOn: acquiredOn },
      { operationId, ownerId: ownerParty, acquiredOn },
    ]);
  } else {
    await db.insert(ownerships).values({ operationId, ownerId: ownerParty, acquiredOn: spec.constructedOn });
  }
  if (spec.preparerAccess) {
    await db.insert(operationAccessGrants).values({ operationId, userId: people.user.preparer, grantedByUserId: spec.client?.grantedByUserId ?? people.user.hansen });
  }
  if (spec.dueInDays !== undefined) {
    await db.insert(dueDateAssignments).values({
      operationId,
      dueOn: addDays(today, spec.dueInDays),
      policy: 'even_by_month',
      reason: 'Staggered by the department across the year',
      assignedByUserId: people.user.supervisor,
    });
  }
  const au = animalUnitCapacity(spec.inventory);
  const payer = spec.contractor ? people.party.heartland : ownerParty;
  let previousPlanId: string | null = null;
  for (const plan of spec.plans) {
    previousPlanId = await seedPlan(db, people, { operationId, au, payer, ownerParty, previousPlanId, spec, plan, today });
  }
  return operationId;
}

type PlanContext = {
  operationId: string;
  au: number;
  payer: string;
  ownerParty: string;
  previousPlanId: string | null;
  spec: DemoOperation;
  plan: DemoPlan;
  today: string;
};

async function seedPlan(db: Executor, people: DemoPeople, c: PlanContext): Promise<string | null> {
  const { plan, today } = c;
  const day = (ago: number | undefined) => (ago === undefined ? null : addDays(today, -ago));
  const receivedOn = day(plan.receivedDaysAgo);
  const complete = plan.foundCompleteDaysAgo !== undefined && receivedOn;
  const decidedOn = day(plan.decidedDaysAgo);
  const decision = plan.status === 'approved' || plan.status === 'disapproved' ? plan.status : null;
  const content: PlanContent = {
    contacts: [{ name: c.spec.name, role: 'Operation contact', phone: '712-555-0100' }],
    manureProduction: { annualAnimalProduction: Math.round(c.au * 2.5), manureVolumeGallons: c.spec.storage[0]!.capacityGallons, nutrientSource: 'sample', totalNitrogenPerUnit: 50, availableNitrogenPerUnit: 45, p2o5PerUnit: 30, unit: 'thousand_gallons' },
    // Soil loss and surface water practices (Iowa Code 459.312; IAC 567-65.111), which every filed
    // plan states: an annual update starts from them, so none opens with the field blank.
    soilLossPractices: 'Manure is injected, not broadcast, and fields are kept within tolerable soil loss with no-till soybeans, terraces and grassed waterways; no application on frozen or snow-covered ground.',
  };
  const document: FiledDocument = {
    ...documentOfContent(content),
    fields: plan.fieldCounties.map((countyFips, i) => ({
      key: randomUUID(), name: `Field ${i + 1}`, countyFips, acres: 80 + i * 40, tenure: i === 0 ? 'owned' : 'rented',
      crops: [2026, 2027].map((year, y) => ({ year, crop: CROPS[(i + y) % 2]! })), optimumYield: 200,
      nitrogenRateLbPerAcre: 150, phosphorusIndex: 1.5 + i, applicationMethod: 'injected', applicationTiming: 'fall',
    })),
  };
  // A received plan's form holds what was filed, as a real filing's does (its frozen submission is
  // written from it in demo-records.ts).
  const draftState = receivedOn
    ? {
        ...draftFromDocument(document),
        ...(plan.kind === 'annual_update' ? { update: { updateKind: plan.updateKind ?? 'complete_plan', statedAnimalUnitCapacity: c.au, channel: plan.channel ?? 'electronic', noChangeConfirmed: plan.updateKind === 'no_change_statement' } } : {}),
      }
    : null;
  const [row] = await db
    .insert(plans)
    .values({
      operationId: c.operationId,
      kind: plan.kind,
      updateKind: plan.updateKind ?? null,
      channel: plan.channel ?? 'electronic',
      status: plan.status,
      animalUnitCapacity: c.au,
      submittedOn: receivedOn,
      receivedOn,
      completeReceivedOn: complete ? receivedOn : null,
      decisionDueOn: complete ? reviewDeadline(receivedOn) : null,
      decidedOn,
      decision,
      decisionReasons: plan.reasons ?? null,
      previousPlanId: plan.kind === 'annual_update' ? c.previousPlanId : null,
      reviewerUserId: plan.reviewer ? people.user[plan.reviewer] : null,
      decidedByUserId: decision && plan.reviewer ? people.user[plan.reviewer] : null,
      submittedByUserId: receivedOn ? people.user.hansen : null,
      content,
      draftState,
    })
    .returning({ id: plans.id });
  const planId = row!.id;

  await db.insert(planCounties).values([
    { planId, countyFips: c.spec.county, relation: 'located_in' as const },
    ...plan.fieldCounties.filter((f, i, all) => all.indexOf(f) === i).map((countyFips) => ({ planId, countyFips, relation: 'land_applied_in' as const })),
  ]);
  for (const countyFips of plan.receiptsFor ?? []) {
    await db.insert(countyReceipts).values({ planId, countyFips, receivedOn: addDays(receivedOn ?? today, -1), receivedByName: 'Deputy County Auditor' });
  }

  const events: { kind: 'received' | 'returned_incomplete' | 'found_complete' | 'decided'; occurredOn: string }[] = [];
  if (receivedOn) events.push({ kind: 'received', occurredOn: receivedOn });
  if (plan.status === 'incomplete') events.push({ kind: 'returned_incomplete', occurredOn: addDays(receivedOn!, 3) });
  if (complete) events.push({ kind: 'found_complete', occurredOn: day(plan.foundCompleteDaysAgo)! });
  if (decidedOn) events.push({ kind: 'decided', occurredOn: decidedOn });
  if (events.length) await db.insert(planClockEvents).values(events.map((e) => ({ ...e, planId })));

  if (receivedOn) await seedFees(db, c, planId, receivedOn, people);
  await db.insert(auditEvents).values({
    actorUserId: people.user.admin, action: 'plan.seeded', entityType: 'plan', entityId: planId, after: { status: plan.status },
  });
  return plan.status === 'approved' ? planId : c.previousPlanId;
}

async function seedFees(db: Executor, c: PlanContext, planId: string, dueOn: string, people: DemoPeople) {
  const lines =
    c.plan.kind === 'original'
      ? filingFees({ kind: 'original', constructionPermitRequired: false }).lines.map((l) => ({ ...l, payerKind: 'owner' as const, payerPartyId: c.ownerParty }))
      : (() => {
          const fee = annualComplianceFee({ animalUnitCapacity: c.au, contractProducer: Boolean(c.spec.contractor), safoElection: Boolean(c.spec.safoElectedDaysAgo) });
          return fee.cents > 0 ? [{ code: 'annual_compliance' as const, cents: fee.cents, citation: fee.citation, payerKind: fee.payer, payerPartyId: c.payer }] : [];
        })();
  for (const l of lines) {
    const [fee] = await db
      .insert(feeLines)
      .values({ operationId: c.operationId, planId, code: l.code, amountCents: l.cents, citation: l.citation, payerKind: l.payerKind, payerPartyId: l.payerPartyId, status: c.plan.feesPaid ? 'paid' : 'due', dueOn })
      .returning({ id: feeLines.id });
    if (c.plan.feesPaid) {
      await db.insert(payments).values({ feeLineId: fee!.id, amountCents: l.cents, method: 'check', reference: `CHK-${1000 + Math.floor(l.cents / 100)}`, receivedOn: dueOn, recordedByUserId: people.user.supervisor });
    }
  }
}
