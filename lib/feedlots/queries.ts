import 'server-only';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { allOf, type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { animalInventory, operationInterests, operationManagers, operations, operationStructures, ownerships, parties, partyFamilyLinks } from '@/db/schema';
import { canSeeOperation } from '@/lib/auth/policy';
import { isDepartment, type Actor } from '@/lib/auth/roles';
import { operationScope } from '@/lib/auth/scopes';
import { forbiddenError, notFoundError } from '@/lib/errors';
import type { AnimalCategory } from '@/lib/rules';
import type { FamilyLink } from '@/lib/rules/feedlot-control';
import { assessOperations, type Assessment, type GroupAnswer, type OperationRecord } from './assess';

// Reads for Iowa Code 459A.103, scoped to the caller: an owner's answers are worked out over the
// operations they may see; the department's over every registered operation with structures.

async function loadRecords(q: Executor, where: SQL): Promise<{ records: OperationRecord[]; family: FamilyLink[] }> {
  const ops = await q
    .select({ id: operations.id, name: operations.name, kind: operations.kind, effluentSystemLabel: operations.effluentSystemLabel, ownerPartyId: ownerships.ownerId })
    .from(operations)
    .leftJoin(ownerships, and(eq(ownerships.operationId, operations.id), isNull(ownerships.releasedOn)))
    .where(and(where, or(eq(operations.kind, 'open_feedlot'), sql`exists (select 1 from ${operationStructures} where ${operationStructures.operationId} = ${operations.id})`)))
    .orderBy(operations.name);
  if (!ops.length) return { records: [], family: [] };
  const ids = ops.map((o) => o.id);
  const [structures, interests, managers, inventory] = await allOf(q, [
    () => q.select().from(operationStructures).where(inArray(operationStructures.operationId, ids)).orderBy(operationStructures.name),
    () => q.select().from(operationInterests).where(inArray(operationInterests.operationId, ids)),
    () => q.select().from(operationManagers).where(inArray(operationManagers.operationId, ids)),
    () => q.select().from(animalInventory).where(inArray(animalInventory.operationId, ids)),
  ]);
  const records: OperationRecord[] = ops.map((o) => ({
    id: o.id,
    name: o.name,
    kind: o.kind,
    effluentSystemLabel: o.effluentSystemLabel,
    ownerPartyId: o.ownerPartyId,
    interests: interests.filter((i) => i.operationId === o.id).map((i) => ({ personId: i.partyId, kind: i.kind, ...(i.equityShare != null ? { equityShare: i.equityShare } : {}) })),
    management: managers.filter((m) => m.operationId === o.id).map((m) => ({ personId: m.partyId, kind: m.kind })),
    headAtCapacity: Object.fromEntries(inventory.filter((r) => r.operationId === o.id).map((r) => [r.category as AnimalCategory, r.headAtCapacity])),
    structures: structures.filter((s) => s.operationId === o.id).map((s) => ({
      id: s.id, kind: s.kind, name: s.name, latitude: s.latitude, longitude: s.longitude, footprint: s.footprint ?? null,
      excavationOn: s.excavationOn, formsInstalledOn: s.formsInstalledOn, pipingInstalledOn: s.pipingInstalledOn, abandoned: s.abandoned, abandonedOn: s.abandonedOn,
      animalCategory: s.animalCategory, headAtCapacity: s.headAtCapacity,
    })),
  }));
  const parties = [...new Set(records.flatMap((r) => [...r.interests.map((i) => i.personId), ...(r.ownerPartyId ? [r.ownerPartyId] : [])]))];
  const links = parties.length
    ? await q.select().from(partyFamilyLinks).where(or(inArray(partyFamilyLinks.partyId, parties), inArray(partyFamilyLinks.relativeId, parties)))
    : [];
  return { records, family: links.map((l) => ({ personId: l.partyId, relativeId: l.relativeId, relation: l.relation })) };
}

/** Who holds an interest in, or manages, the operation, in words (Iowa Code 459A.103(1)"c", "d"). */
export type ControlLine = { name: string; words: string };
export type OperationFeedlotView = Assessment & {
  operationId: string;
  effluentSystemLabel: string | null;
  isOpenFeedlot: boolean;
  /** Empty: none recorded, and the owner on record is taken as sole proprietor. */
  control: ControlLine[];
};

const INTEREST_WORDS = {
  sole_proprietor: 'sole proprietor',
  joint_tenant: 'joint tenant',
  tenant_in_common: 'tenant in common',
  equity: 'equity interest',
  day_to_day_control: 'significant control of day-to-day management',
  contractor_of_contract_facility: 'contractor of a contract facility (not common management)',
} as const;

async function controlOf(q: Executor, record: OperationRecord | undefined): Promise<ControlLine[]> {
  if (!record) return [];
  const lines = [
    ...record.interests.map((i) => ({ id: i.personId, words: i.kind === 'equity' ? `${INTEREST_WORDS.equity} of ${Math.round((i.equityShare ?? 0) * 1000) / 10}%` : INTEREST_WORDS[i.kind] })),
    ...record.management.map((m) => ({ id: m.personId, words: INTEREST_WORDS[m.kind] })),
  ];
  if (!lines.length) return [];
  const names = await q.select({ id: parties.id, name: parties.name }).from(parties).where(inArray(parties.id, [...new Set(lines.map((l) => l.id))]));
  return lines.map((l) => ({ name: names.find((n) => n.id === l.id)?.name ?? 'Unknown', words: l.words }));
}

/** One operation's structures and what the law makes of them, worked out over the operations the actor may see. */
export async function getFeedlotViewForOperation(actor: Actor, operationId: string, db?: Executor): Promise<OperationFeedlotView> {
  const q = db ?? (await getDb());
  if (!(await canSeeOperation(actor, operationId, q))) throw notFoundError();
  const { records, family } = await loadRecords(q, operationScope(actor));
  const assessment = assessOperations(records, family);
  const own = records.find((r) => r.id === operationId);
  const row = own ? null : (await q.select({ label: operations.effluentSystemLabel, kind: operations.kind }).from(operations).where(eq(operations.id, operationId)))[0];
  return {
    ...assessment,
    operationId,
    effluentSystemLabel: own?.effluentSystemLabel ?? row?.label ?? null,
    isOpenFeedlot: own ? assessment.capacities.some((c) => c.operationId === operationId) : row?.kind === 'open_feedlot',
    control: await controlOf(q, own),
  };
}

/** The department's worklist: every group of open feedlots the rule joins into one operation. */
export async function listJoinedFeedlotGroups(actor: Actor, db?: Executor): Promise<{ groups: GroupAnswer[]; assessment: Assessment }> {
  if (!isDepartment(actor.role)) throw forbiddenError();
  const q = db ?? (await getDb());
  const { records, family } = await loadRecords(q, operationScope(actor));
  const assessment = assessOperations(records, family);
  return { groups: assessment.groups.filter((g) => g.joined), assessment };
}
