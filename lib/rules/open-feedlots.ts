// Iowa Code 459A.103: when open feedlot operations are one operation; "constructed"; truck washes.
import { cited } from './cite';
import { monthDayYear, requireIsoDate } from './dates';
import { RuleInputError, optionalBoolean, requireBoolean, requireNonNegative } from './errors';
import type { FamilyLink, FeedlotInterest, FeedlotManagement } from './feedlot-control';
import { attributionMap, intersects, managingPersons, owningPersons, requireId } from './feedlot-control';
import { parameterValue } from './parameters';

export type { FamilyLink, FeedlotInterest, FeedlotManagement } from './feedlot-control';

export type OpenFeedlot = {
  id: string;
  interests: FeedlotInterest[];
  management: FeedlotManagement[];
  structures: { id: string; constructedOn: string | null; abandoned?: boolean }[];
  effluentSystemId?: string | null;
};
export type AggregationBasis = 'adjacent' | 'common_effluent_system';
export type OpenFeedlotOperation = { feedlotIds: string[]; basis: AggregationBasis[] };

type Structure = { feedlot: number; constructedOn: string | null; abandoned: boolean };

/**
 * Iowa Code 459A.103(1): open feedlots under common ownership or common management are one operation if
 * adjacent (a structure of one less than 1,250 ft from a structure of the other, at least one of the two
 * constructed on or after July 17, 2002; abandoned structures, 459A.103(6), ignored) or if they use a common
 * area or system for effluent disposal. Applied transitively; every feedlot is in exactly one operation.
 * A structure with constructedOn null is not yet constructed (proposed), so it counts as on or after 2002-07-17.
 */
export function aggregateOpenFeedlots(input: {
  feedlots: OpenFeedlot[];
  family: FamilyLink[];
  structureDistancesFt: { a: string; b: string; feet: number }[];
}): { operations: OpenFeedlotOperation[]; citation: string; reasons: string[] } {
  if (typeof input !== 'object' || input === null) throw new RuleInputError('input', 'must be an object');
  if (!Array.isArray(input.feedlots)) throw new RuleInputError('feedlots', 'must be a list');
  if (!Array.isArray(input.structureDistancesFt)) throw new RuleInputError('structureDistancesFt', 'must be a list');
  const attributed = attributionMap(input.family);
  const { feedlots } = input;
  const owners: Set<string>[] = [];
  const managers: Set<string>[] = [];
  const structures = new Map<string, Structure>();
  const seen = new Set<string>();
  feedlots.forEach((lot, i) => {
    const id = requireId(lot?.id, `feedlots[${i}].id`);
    if (seen.has(id)) throw new RuleInputError(`feedlots[${i}].id`, `repeats feedlot id ${id}`);
    seen.add(id);
    owners.push(owningPersons(lot.interests, attributed, `feedlots[${i}].interests`));
    managers.push(managingPersons(lot.management, `feedlots[${i}].management`));
    if (!Array.isArray(lot.structures)) throw new RuleInputError(`feedlots[${i}].structures`, 'must be a list');
    lot.structures.forEach((s, k) => {
      const f = `feedlots[${i}].structures[${k}]`;
      const sid = requireId(s?.id, `${f}.id`);
      if (structures.has(sid)) throw new RuleInputError(`${f}.id`, `repeats structure id ${sid}`);
      if (s.constructedOn !== null) requireIsoDate(s.constructedOn, `${f}.constructedOn`);
      structures.set(sid, { feedlot: i, constructedOn: s.constructedOn, abandoned: optionalBoolean(s.abandoned, `${f}.abandoned`) === true });
    });
    if (lot.effluentSystemId != null) requireId(lot.effluentSystemId, `feedlots[${i}].effluentSystemId`);
  });

  const links = new Map<string, Set<AggregationBasis>>();
  const link = (i: number, j: number, basis: AggregationBasis) => {
    if (i === j) return;
    const key = i < j ? `${i}:${j}` : `${j}:${i}`;
    links.set(key, (links.get(key) ?? new Set()).add(basis));
  };
  const limitFt = parameterValue('distance.open_feedlot_adjacent_less_than_ft');
  const since = parameterValue('date.open_feedlot_adjacency_constructed_on_or_after');
  const recent = (s: Structure) => s.constructedOn === null || s.constructedOn >= since;
  input.structureDistancesFt.forEach((d, n) => {
    const a = structures.get(requireId(d?.a, `structureDistancesFt[${n}].a`));
    const b = structures.get(requireId(d?.b, `structureDistancesFt[${n}].b`));
    if (!a) throw new RuleInputError(`structureDistancesFt[${n}].a`, `is not a structure of any feedlot: ${d.a}`);
    if (!b) throw new RuleInputError(`structureDistancesFt[${n}].b`, `is not a structure of any feedlot: ${d.b}`);
    const feet = requireNonNegative(d.feet, `structureDistancesFt[${n}].feet`);
    if (a.abandoned || b.abandoned || feet >= limitFt || !(recent(a) || recent(b))) return;
    link(a.feedlot, b.feedlot, 'adjacent');
  });
  const bySystem = new Map<string, number[]>();
  feedlots.forEach((lot, i) => {
    if (lot.effluentSystemId != null) bySystem.set(lot.effluentSystemId, [...(bySystem.get(lot.effluentSystemId) ?? []), i]);
  });
  for (const members of bySystem.values()) {
    for (let x = 0; x < members.length; x++) {
      for (let y = x + 1; y < members.length; y++) link(members[x] as number, members[y] as number, 'common_effluent_system');
    }
  }
  const groups = groupLinked(feedlots.map((f) => f.id), links, owners, managers);
  // `reasons[i]` explains `operations[i]`; kept beside the agreed { feedlotIds, basis } shape, not in it.
  return { operations: groups.map(({ feedlotIds, basis }) => ({ feedlotIds, basis })), citation: 'Iowa Code 459A.103(1)', reasons: groups.map((g) => g.reason) };
}

function groupLinked(ids: string[], links: Map<string, Set<AggregationBasis>>, owners: Set<string>[],
  managers: Set<string>[]): (OpenFeedlotOperation & { reason: string })[] {
  const parent = ids.map((_, i) => i);
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root] as number;
    while (parent[i] !== root) { const next = parent[i] as number; parent[i] = root; i = next; }
    return root;
  };
  const bases = new Map<number, Set<AggregationBasis>>();
  const control = new Map<number, Set<'ownership' | 'management'>>();
  const joined: [number, Set<AggregationBasis>, Set<'ownership' | 'management'>][] = [];
  for (const [key, basis] of links) {
    const [i, j] = key.split(':').map(Number) as [number, number];
    const how = new Set<'ownership' | 'management'>();
    if (intersects(owners[i] as Set<string>, owners[j] as Set<string>)) how.add('ownership');
    if (intersects(managers[i] as Set<string>, managers[j] as Set<string>)) how.add('management');
    if (!how.size) continue;
    const [ri, rj] = [find(i), find(j)];
    if (ri !== rj) parent[Math.max(ri, rj)] = Math.min(ri, rj);
    joined.push([i, basis, how]);
  }
  for (const [i, basis, how] of joined) {
    const root = find(i);
    bases.set(root, new Set([...(bases.get(root) ?? []), ...basis]));
    control.set(root, new Set([...(control.get(root) ?? []), ...how]));
  }
  const groups = new Map<number, string[]>();
  ids.forEach((id, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), id]));
  const order: AggregationBasis[] = ['adjacent', 'common_effluent_system'];
  const limit = parameterValue('distance.open_feedlot_adjacent_less_than_ft').toLocaleString('en-US');
  const words: Record<AggregationBasis, string> = {
    adjacent: `adjacent (structures less than ${limit} feet apart, one of them constructed on or after ${monthDayYear(parameterValue('date.open_feedlot_adjacency_constructed_on_or_after'))})`,
    common_effluent_system: 'using a common area or system for effluent disposal',
  };
  return [...groups.entries()].map(([root, feedlotIds]) => {
    const basis = order.filter((b) => bases.get(root)?.has(b));
    if (feedlotIds.length === 1) {
      return { feedlotIds, basis, reason:
        `Open feedlot ${feedlotIds[0]} is an operation of its own: no other feedlot is both under common ownership or management with it and adjacent to it or sharing its effluent system.` };
    }
    const how = [...(control.get(root) ?? [])].map((c) => (c === 'ownership' ? 'common ownership' : 'common management')).join(' and ');
    return { feedlotIds, basis, reason:
      `Open feedlots ${feedlotIds.join(', ')} are one open feedlot operation: under ${how}, and ${basis.map((b) => words[b]).join(' and ')}.` };
  });
}

/**
 * Iowa Code 459A.103(2): a structure is "constructed" on the earliest of: excavation commences, concrete
 * forms are installed, or effluent piping is installed. Null when none has happened.
 */
export const structureConstructedOn = cited('Iowa Code 459A.103(2)', function structureConstructedOn(events: { excavationOn?: string; formsInstalledOn?: string; pipingInstalledOn?: string }): string | null {
  if (typeof events !== 'object' || events === null) throw new RuleInputError('events', 'must be an object');
  const dates = (['excavationOn', 'formsInstalledOn', 'pipingInstalledOn'] as const)
    .filter((field) => events[field] !== undefined)
    .map((field) => { requireIsoDate(events[field], field); return events[field] as string; });
  return dates.length === 0 ? null : [...dates].sort()[0] as string;
});

/**
 * Iowa Code 459A.103(4): an animal truck wash facility is part of an animal feeding operation under common
 * ownership or management when located within 1,250 ft of it ("within" = at most; 1,250 ft is part).
 */
export const truckWashPartOfOperation = cited('Iowa Code 459A.103(4)', function truckWashPartOfOperation(input: { commonOwnershipOrManagement: boolean; distanceFt: number }): boolean {
  if (typeof input !== 'object' || input === null) throw new RuleInputError('input', 'must be an object');
  const common = requireBoolean(input.commonOwnershipOrManagement, 'commonOwnershipOrManagement');
  const feet = requireNonNegative(input.distanceFt, 'distanceFt');
  return common && feet <= parameterValue('distance.truck_wash_within_ft');
});
