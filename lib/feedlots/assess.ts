import type { FootprintPolygon } from '@/db/schema/feedlots';
import { aggregateOpenFeedlots, animalUnitCapacity, parameterValue, structureConstructedOn, truckWashPartOfOperation, type AnimalCategory } from '@/lib/rules';
import { ANIMAL_CATEGORY_LABELS } from '@/lib/rules/animal-categories';
import { attributionMap, intersects, managingPersons, owningPersons, type FamilyLink, type FeedlotInterest, type FeedlotManagement } from '@/lib/rules/feedlot-control';
import { monthDayYear } from '@/lib/rules/dates';
import { STRUCTURE_KIND_LABELS } from '@/lib/validation/structures';
import { closestDistanceFt, feetWords } from './geometry';

// Iowa Code 459A.103 applied to the registry's records: which open feedlots are one operation (1), when
// each structure was constructed (2), the open feedlot's capacity (3)"a", and which truck washes are part
// of an operation (4). Pure: the loader (queries.ts) hands it the records; every answer carries its reasons.

export type StructureKind = keyof typeof STRUCTURE_KIND_LABELS;
export type StructureRecord = {
  id: string;
  kind: StructureKind;
  name: string;
  latitude: number;
  longitude: number;
  footprint: FootprintPolygon | null;
  excavationOn: string | null;
  formsInstalledOn: string | null;
  pipingInstalledOn: string | null;
  abandoned: boolean;
  abandonedOn: string | null;
  /** A confinement building's animals at capacity (null when not given, and for other structures). */
  animalCategory?: AnimalCategory | null;
  headAtCapacity?: number | null;
};
export type OperationRecord = {
  id: string;
  name: string;
  kind: 'confinement' | 'open_feedlot';
  effluentSystemLabel: string | null;
  /** The owner on record (ownerships), used as sole proprietor when no interest is recorded. */
  ownerPartyId: string | null;
  interests: FeedlotInterest[];
  management: FeedlotManagement[];
  headAtCapacity: Partial<Record<AnimalCategory, number>>;
  structures: StructureRecord[];
};

export type StructureAnswer = StructureRecord & { operationId: string; kindLabel: string; constructedOn: string | null; constructedWhy: string };
export type Distance = { a: string; b: string; aName: string; bName: string; feet: number };
export type GroupAnswer = { operationIds: string[]; names: string[]; joined: boolean; reason: string; distances: Distance[]; citation: string };
export type TruckWashAnswer = { structureId: string; name: string; partOf: { operationId: string; name: string; feet: number }[]; reason: string; citation: string };
export type CapacityAnswer = { operationId: string; animalUnits: number | null; reason: string; citation: string };
export type Assessment = {
  structures: StructureAnswer[];
  groups: GroupAnswer[];
  truckWashes: TruckWashAnswer[];
  capacities: CapacityAnswer[];
  mixedEffluent: string;
};

// The figures of 459A.103 come from lib/rules' parameters, with their citations.
const feet = (key: 'distance.open_feedlot_adjacent_less_than_ft' | 'distance.truck_wash_within_ft') => `${parameterValue(key).toLocaleString('en-US')} feet`;

const OPEN_FEEDLOT_STRUCTURES: StructureKind[] = ['open_feedlot_lot', 'settled_effluent_basin', 'solids_settling_facility'];
const CONSTRUCTION_EVENTS = [
  ['excavationOn', 'excavation began'],
  ['formsInstalledOn', 'concrete forms were installed'],
  ['pipingInstalledOn', 'effluent piping was installed'],
] as const;

/** Iowa Code 459A.103(2): the day a structure became "constructed", and why. */
export function constructedAnswer(s: Pick<StructureRecord, 'excavationOn' | 'formsInstalledOn' | 'pipingInstalledOn'>): { constructedOn: string | null; why: string } {
  const events: { excavationOn?: string; formsInstalledOn?: string; pipingInstalledOn?: string } = {};
  for (const [key] of CONSTRUCTION_EVENTS) if (s[key]) events[key] = s[key] as string;
  const on = structureConstructedOn(events);
  if (on === null) return { constructedOn: null, why: 'Not yet constructed: no excavation, concrete forms or effluent piping is recorded. Iowa Code 459A.103(2).' };
  const what = CONSTRUCTION_EVENTS.filter(([key]) => s[key] === on).map(([, words]) => words).join(' and ');
  return { constructedOn: on, why: `Constructed ${monthDayYear(on)}, the day ${what} — the earliest of the three events. Iowa Code 459A.103(2).` };
}

export function isOpenFeedlot(op: OperationRecord): boolean {
  return op.kind === 'open_feedlot' || op.structures.some((s) => OPEN_FEEDLOT_STRUCTURES.includes(s.kind));
}

/** Interests as recorded; with none recorded, the owner on record holds the operation as sole proprietor. */
function interestsOf(op: OperationRecord): FeedlotInterest[] {
  if (op.interests.length || !op.ownerPartyId) return op.interests;
  return [{ personId: op.ownerPartyId, kind: 'sole_proprietor' }];
}

export function assessOperations(operations: OperationRecord[], family: FamilyLink[]): Assessment {
  const byId = new Map(operations.map((o) => [o.id, o]));
  const structures: StructureAnswer[] = operations.flatMap((op) =>
    op.structures.map((s) => {
      const c = constructedAnswer(s);
      return { ...s, operationId: op.id, kindLabel: STRUCTURE_KIND_LABELS[s.kind], constructedOn: c.constructedOn, constructedWhy: c.why };
    }),
  );
  const structureById = new Map(structures.map((s) => [s.id, s]));
  const feedlots = operations.filter(isOpenFeedlot);
  const lotStructures = structures.filter((s) => OPEN_FEEDLOT_STRUCTURES.includes(s.kind) && feedlots.some((f) => f.id === s.operationId));

  const attributed = attributionMap(family);
  const owners = new Map(operations.map((o) => [o.id, owningPersons(interestsOf(o), attributed, `${o.id}.interests`)]));
  const managers = new Map(operations.map((o) => [o.id, managingPersons(o.management, `${o.id}.management`)]));
  const common = (x: string, y: string) =>
    x === y || intersects(owners.get(x) ?? new Set(), owners.get(y) ?? new Set()) || intersects(managers.get(x) ?? new Set(), managers.get(y) ?? new Set());

  // 459A.103(7): closest points, between structures of different feedlots. Only pairs under common
  // ownership or management can be joined, so only theirs are measured (statewide, the rest are many).
  const distances: Distance[] = [];
  for (let i = 0; i < lotStructures.length; i++) {
    for (let j = i + 1; j < lotStructures.length; j++) {
      const [a, b] = [lotStructures[i] as StructureAnswer, lotStructures[j] as StructureAnswer];
      if (a.operationId === b.operationId || !common(a.operationId, b.operationId)) continue;
      distances.push({ a: a.id, b: b.id, aName: a.name, bName: b.name, feet: closestDistanceFt(a, b) });
    }
  }
  const result = aggregateOpenFeedlots({
    feedlots: feedlots.map((f) => ({
      id: f.id,
      interests: interestsOf(f),
      management: f.management,
      structures: f.structures.filter((s) => OPEN_FEEDLOT_STRUCTURES.includes(s.kind)).map((s) => ({ id: s.id, constructedOn: structureById.get(s.id)?.constructedOn ?? null, abandoned: s.abandoned })),
      effluentSystemId: f.effluentSystemLabel?.trim().toLowerCase() || null,
    })),
    family,
    structureDistancesFt: distances.map(({ a, b, feet }) => ({ a, b, feet })),
  });
  const nameOf = (id: string) => byId.get(id)?.name ?? id;
  const groups: GroupAnswer[] = result.operations.map((g, i) => {
    const members = new Set(g.feedlotIds);
    const names = g.feedlotIds.map(nameOf);
    let reason = result.reasons[i] ?? '';
    for (const id of g.feedlotIds) reason = reason.split(id).join(nameOf(id));
    return {
      operationIds: g.feedlotIds,
      names,
      joined: g.feedlotIds.length > 1,
      reason,
      distances: distances.filter((d) => members.has(structureById.get(d.a)?.operationId ?? '') && members.has(structureById.get(d.b)?.operationId ?? '')).sort((x, y) => x.feet - y.feet),
      citation: result.citation,
    };
  });

  const truckWashes: TruckWashAnswer[] = structures
    .filter((s) => s.kind === 'animal_truck_wash' && !s.abandoned)
    .map((wash) => {
      const partOf = operations.flatMap((op) => {
        // Not under common ownership or management: never part of it, whatever the distance (4).
        if (!common(wash.operationId, op.id)) return [];
        const others = structures.filter((s) => s.operationId === op.id && s.kind !== 'animal_truck_wash' && !s.abandoned);
        if (!others.length) return [];
        const feet = Math.min(...others.map((s) => closestDistanceFt(wash, s)));
        return truckWashPartOfOperation({ commonOwnershipOrManagement: true, distanceFt: feet }) ? [{ operationId: op.id, name: op.name, feet }] : [];
      });
      const reason = partOf.length
        ? `${wash.name} is part of ${partOf.map((p) => `${p.name} (${feetWords(p.feet)} away)`).join(' and ')}: under common ownership or management and within ${feet('distance.truck_wash_within_ft')}.`
        : `${wash.name} is not part of any animal feeding operation recorded here: none under common ownership or management has a structure within ${feet('distance.truck_wash_within_ft')}.`;
      return { structureId: wash.id, name: wash.name, partOf, reason, citation: truckWashPartOfOperation.citation };
    });

  const capacities: CapacityAnswer[] = feedlots.map((f) => openFeedlotCapacity(f));

  return {
    structures,
    groups,
    truckWashes,
    capacities,
    mixedEffluent:
      'Truck wash effluent held with open feedlot effluent counts as open feedlot effluent; held with a confinement operation’s manure it counts as manure. Iowa Code 459A.103(5), (10).',
  };
}

/** The reading of 459A.103(1)"b"(1) that aggregateOpenFeedlots takes, shown to staff until the department confirms it. */
export function adjacencyReading(): string {
  const since = monthDayYear(parameterValue('date.open_feedlot_adjacency_constructed_on_or_after'));
  return `The reading of Iowa Code 459A.103(1)“b”(1) used here (the structure constructed on or after ${since} must be one of the two structures less than ${feet('distance.open_feedlot_adjacent_less_than_ft')} apart, and a proposed structure not yet constructed counts as constructed after that day)`;
}

/** Iowa Code 459A.103(4), said when no truck wash is part of an operation. */
export function noTruckWashWords(): string {
  return `No truck wash is recorded within ${feet('distance.truck_wash_within_ft')} of an operation under common ownership or management (Iowa Code 459A.103(4)).`;
}

const auWords = (n: number) => `${n.toLocaleString('en-US')} animal ${n === 1 ? 'unit' : 'units'}`;

/**
 * Iowa Code 459A.103(3)"a": an open feedlot operation's animal-unit capacity leaves out the animals in
 * its confinement buildings. The operation's head at capacity covers the whole site, so the buildings'
 * head (recorded on each building) are taken off, category by category. (3)"b": for the NPDES question
 * alone, both capacities count together where the animals are of one category.
 */
export function openFeedlotCapacity(f: Pick<OperationRecord, 'id' | 'headAtCapacity' | 'structures'>): CapacityAnswer {
  const citation = 'Iowa Code 459A.103(3)"a"';
  const buildings = f.structures.filter((s) => s.kind === 'confinement_building' && !s.abandoned);
  const whole = animalUnitCapacity(f.headAtCapacity);
  if (!buildings.length) {
    return { operationId: f.id, animalUnits: whole, citation, reason: `No confinement building is recorded, so the open feedlot’s capacity is the operation’s: ${auWords(whole)}.` };
  }
  const missing = buildings.filter((b) => !b.animalCategory || b.headAtCapacity == null);
  if (missing.length) {
    return { operationId: f.id, animalUnits: null, citation,
      reason: `The open feedlot’s capacity leaves out the animals in its confinement buildings, and ${missing.map((b) => b.name).join(', ')} ${missing.length === 1 ? 'has' : 'have'} no kind of animals and number of head recorded, so it cannot be worked out yet. Record them on the building.` };
  }
  const inBuildings: Partial<Record<AnimalCategory, number>> = {};
  for (const b of buildings) inBuildings[b.animalCategory as AnimalCategory] = (inBuildings[b.animalCategory as AnimalCategory] ?? 0) + (b.headAtCapacity as number);
  const over = (Object.keys(inBuildings) as AnimalCategory[]).filter((c) => (inBuildings[c] ?? 0) > (f.headAtCapacity[c] ?? 0));
  if (over.length) {
    return { operationId: f.id, animalUnits: null, citation,
      reason: `The confinement buildings hold more head than the operation’s recorded capacity for ${over.map((c) => ANIMAL_CATEGORY_LABELS[c].toLowerCase()).join(', ')}, so the open feedlot’s capacity cannot be worked out. Check the operation’s head at capacity and the buildings’.` };
  }
  const lot: Partial<Record<AnimalCategory, number>> = {};
  for (const c of Object.keys(f.headAtCapacity) as AnimalCategory[]) {
    const left = (f.headAtCapacity[c] ?? 0) - (inBuildings[c] ?? 0);
    if (left > 0) lot[c] = left;
  }
  const own = animalUnitCapacity(lot);
  const buildingsAu = animalUnitCapacity(inBuildings);
  const lotCategories = Object.keys(lot);
  const oneCategory = lotCategories.length === 1 && Object.keys(inBuildings).length === 1 && lotCategories[0] === Object.keys(inBuildings)[0];
  const npdes = oneCategory
    ? ` For the NPDES question only, the animals being of one category, both count together: ${auWords(own + buildingsAu)} (459A.103(3)"b").`
    : ' For the NPDES question the two are not added: the animals are not all of one category (459A.103(3)"b").';
  return { operationId: f.id, animalUnits: own, citation,
    reason: `The open feedlot’s capacity is ${auWords(own)}: the operation’s ${auWords(whole)} less the ${auWords(buildingsAu)} housed in its confinement ${buildings.length === 1 ? 'building' : 'buildings'}.${npdes}` };
}
