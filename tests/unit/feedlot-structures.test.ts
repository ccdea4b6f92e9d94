import { describe, expect, it } from 'vitest';
import { addDays } from '@/lib/rules';
import { today } from '@/lib/clock';
import { assessOperations, constructedAnswer, openFeedlotCapacity, type OperationRecord, type StructureRecord } from '@/lib/feedlots/assess';
import { closestDistanceFt } from '@/lib/feedlots/geometry';
import { OUTSIDE_IOWA, parseFootprint, structureSchema } from '@/lib/validation/structures';

// Iowa Code 459A.103: the structure form's checks and the distances the portal computes.

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const OP = '6f1d2b0e-8c1a-4a8e-9a57-2f0e6c4b1a10';
const typed = (over: Record<string, unknown> = {}) => ({
  operationId: OP, structureId: '', kind: 'open_feedlot_lot', name: 'North lot', latitude: '42.761', longitude: '-95.56', footprint: '',
  excavationOn: '', formsInstalledOn: '', pipingInstalledOn: '', abandoned: false, abandonedOn: '', ...over,
});

describe('the structure form', () => {
  const day = today();
  const schema = structureSchema(day);

  it('accepts a point in Iowa with no dates (a proposed structure)', () => {
    const r = schema.safeParse(typed());
    expect(r.success).toBe(true);
  });

  it('says plainly when the point is outside Iowa (a longitude typed without its minus sign)', () => {
    expect(messages(schema.safeParse(typed({ longitude: '95.56' })))).toEqual({ latitude: OUTSIDE_IOWA });
  });

  it('refuses a date after today, naming which event', () => {
    const r = messages(schema.safeParse(typed({ excavationOn: addDays(day, 1), pipingInstalledOn: day })));
    expect(r).toEqual({ excavationOn: 'The date excavation began cannot be after today' });
  });

  it('refuses a footprint that does not close, and one with a corner outside Iowa', () => {
    const open = '42.7605, -95.5607\n42.7605, -95.5593\n42.7615, -95.5593\n42.7615, -95.5607';
    expect(messages(schema.safeParse(typed({ footprint: open })))).toEqual({ footprint: 'The footprint does not close: repeat the first corner on the last line' });
    const away = '42.7605, -95.5607\n42.7605, 95.5593\n42.7615, -95.5593\n42.7605, -95.5607';
    expect(messages(schema.safeParse(typed({ footprint: away }))).footprint).toMatch(/^Corner 2 of the footprint is outside Iowa/);
    const triangle = '42.7611, -95.5602\n42.7611, -95.5600\n42.7613, -95.5600';
    expect(parseFootprint(triangle)).toEqual({ ok: false, message: 'The footprint does not close: repeat the first corner on the last line' });
    expect(parseFootprint('42.7611, -95.5602\n42.7611, -95.5602')).toEqual({ ok: false, message: expect.stringMatching(/^A footprint needs at least three corners/) });
    expect(parseFootprint('42.7605 -95.5607\nnorth corner')).toEqual({ ok: false, message: expect.stringMatching(/^Line 2 of the footprint is not a corner/) });
  });

  it('reads a closed footprint as a GeoJSON ring (longitude first)', () => {
    const r = parseFootprint('42.7605, -95.5607\n42.7605, -95.5593\n42.7615, -95.5593\n42.7605, -95.5607');
    expect(r).toEqual({ ok: true, ring: [[-95.5607, 42.7605], [-95.5593, 42.7605], [-95.5593, 42.7615], [-95.5607, 42.7605]] });
  });
});

const point = (latitude: number, longitude: number) => ({ latitude, longitude, footprint: null });
const square = (south: number, west: number, north: number, east: number) => ({
  latitude: (south + north) / 2, longitude: (west + east) / 2,
  footprint: { type: 'Polygon' as const, coordinates: [[[west, south], [east, south], [east, north], [west, north], [west, south]]] },
});

describe('distances between closest points (Iowa Code 459A.103(7))', () => {
  it('between two points: 0.0025 degrees of latitude is about 910 feet', () => {
    expect(closestDistanceFt(point(42.761, -95.56), point(42.7585, -95.56))).toBeCloseTo(910, -1);
  });

  it('from a footprint’s nearest edge, not its centre', () => {
    const lot = square(42.7605, -95.5607, 42.7615, -95.5593);
    const centre = closestDistanceFt(point(42.761, -95.56), point(42.7585, -95.56));
    const edge = closestDistanceFt(lot, point(42.7585, -95.56));
    expect(edge).toBeCloseTo(729, -1);
    expect(edge).toBeLessThan(centre);
  });

  it('is 0 for a point inside a footprint and for outlines that cross', () => {
    expect(closestDistanceFt(square(42.76, -95.561, 42.762, -95.559), point(42.761, -95.56))).toBe(0);
    // A plus sign: no corner of either lies inside the other, yet they overlap.
    expect(closestDistanceFt(square(42.7605, -95.562, 42.7615, -95.558), square(42.759, -95.5605, 42.763, -95.5595))).toBe(0);
  });
});

const structure = (id: string, over: Partial<StructureRecord>): StructureRecord => ({
  id, kind: 'open_feedlot_lot', name: id, latitude: 42.761, longitude: -95.56, footprint: null, excavationOn: null, formsInstalledOn: null,
  pipingInstalledOn: null, abandoned: false, abandonedOn: null, ...over,
});
const feedlot = (id: string, owner: string, structures: StructureRecord[]): OperationRecord => ({
  id, name: `Feedlot ${id}`, kind: 'open_feedlot', effluentSystemLabel: null, ownerPartyId: owner, interests: [], management: [],
  headAtCapacity: { cattle_slaughter_feeder: 500 }, structures,
});

describe('what the operations count as', () => {
  it('dates a structure by the earliest of its three events, saying which', () => {
    expect(constructedAnswer({ excavationOn: '2019-04-02', formsInstalledOn: '2019-04-15', pipingInstalledOn: null })).toEqual({
      constructedOn: '2019-04-02', why: 'Constructed April 2, 2019, the day excavation began — the earliest of the three events. Iowa Code 459A.103(2).' });
  });

  it('joins two commonly owned feedlots about 910 feet apart, one lot built after July 17, 2002, with the distance and citation', () => {
    const a = feedlot('A', 'owner-1', [structure('a1', { excavationOn: '1998-05-01' })]);
    const b = feedlot('B', 'owner-1', [structure('b1', { latitude: 42.7585, excavationOn: '2019-04-02' })]);
    const { groups, capacities } = assessOperations([a, b], []);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ operationIds: ['A', 'B'], joined: true, citation: 'Iowa Code 459A.103(1)' });
    expect(groups[0]!.reason).toMatch(/^Open feedlots Feedlot A, Feedlot B are one open feedlot operation: under common ownership/);
    expect(Math.round(groups[0]!.distances[0]!.feet / 10)).toBe(91);
    expect(capacities[0]).toMatchObject({ animalUnits: 500, citation: 'Iowa Code 459A.103(3)"a"' });
  });

  it('keeps them apart when both lots predate July 17, 2002, when one is abandoned, or when owners differ', () => {
    const old = [feedlot('A', 'o', [structure('a1', { excavationOn: '1998-05-01' })]), feedlot('B', 'o', [structure('b1', { latitude: 42.7585, excavationOn: '2001-01-01' })])];
    expect(assessOperations(old, []).groups.every((g) => !g.joined)).toBe(true);
    const abandoned = [feedlot('A', 'o', [structure('a1', { abandoned: true })]), feedlot('B', 'o', [structure('b1', { latitude: 42.7585 })])];
    expect(assessOperations(abandoned, []).groups.every((g) => !g.joined)).toBe(true);
    const strangers = [feedlot('A', 'o1', [structure('a1', {})]), feedlot('B', 'o2', [structure('b1', { latitude: 42.7585 })])];
    expect(assessOperations(strangers, []).groups.every((g) => !g.joined)).toBe(true);
  });

  it('a spouse’s joint tenancy is attributed, so feedlots held by husband and wife are commonly owned', () => {
    const a = { ...feedlot('A', 'x', [structure('a1', {})]), interests: [{ personId: 'husband', kind: 'joint_tenant' as const }] };
    const b = { ...feedlot('B', 'x', [structure('b1', { latitude: 42.7585 })]), interests: [{ personId: 'wife', kind: 'joint_tenant' as const }] };
    expect(assessOperations([a, b], []).groups[0]!.joined).toBe(false);
    expect(assessOperations([a, b], [{ personId: 'husband', relativeId: 'wife', relation: 'spouse' }]).groups[0]!.joined).toBe(true);
  });

  it('a truck wash within 1,250 feet of a commonly owned operation is part of it (459A.103(4))', () => {
    const a = feedlot('A', 'o', [structure('a1', {}), structure('w', { kind: 'animal_truck_wash', name: 'Wash', latitude: 42.7615 })]);
    const { truckWashes } = assessOperations([a], []);
    expect(truckWashes[0]).toMatchObject({ name: 'Wash', citation: 'Iowa Code 459A.103(4)', partOf: [{ operationId: 'A' }] });
    expect(truckWashes[0]!.reason).toBe('Wash is part of Feedlot A (182 feet away): under common ownership or management and within 1,250 feet.');
  });

  it('leaves confinement buildings out of the open feedlot’s capacity, saying it cannot be split yet', () => {
    const a = feedlot('A', 'o', [structure('a1', {}), structure('c1', { kind: 'confinement_building' })]);
    expect(assessOperations([a], []).capacities[0]).toMatchObject({ animalUnits: null, citation: 'Iowa Code 459A.103(3)"a"' });
  });
});

describe('the open feedlot’s own capacity (Iowa Code 459A.103(3))', () => {
  const building = (over: Partial<StructureRecord> = {}): StructureRecord => ({
    id: 'b1', kind: 'confinement_building', name: 'Hoop barn', latitude: 42.76, longitude: -95.56, footprint: null,
    excavationOn: '2010-05-01', formsInstalledOn: null, pipingInstalledOn: null, abandoned: false, abandonedOn: null, ...over,
  });
  const lot: StructureRecord = { ...building(), id: 'l1', kind: 'open_feedlot_lot', name: 'North lot' };
  const op = (structures: StructureRecord[]) => ({ id: 'op', headAtCapacity: { cattle_slaughter_feeder: 1500 }, structures });

  it('leaves out the head housed in its confinement buildings, and adds them back only for the NPDES question', () => {
    const answer = openFeedlotCapacity(op([lot, building({ animalCategory: 'cattle_slaughter_feeder', headAtCapacity: 500 })]));
    expect(answer.animalUnits).toBe(1000);
    expect(answer.reason).toContain('The open feedlot’s capacity is 1,000 animal units: the operation’s 1,500 animal units less the 500 animal units housed in its confinement building.');
    expect(answer.reason).toContain('both count together: 1,500 animal units (459A.103(3)"b")');
    expect(answer.citation).toBe('Iowa Code 459A.103(3)"a"');
  });

  it('says which building lacks its animals rather than guessing', () => {
    const answer = openFeedlotCapacity(op([lot, building()]));
    expect(answer.animalUnits).toBeNull();
    expect(answer.reason).toContain('Hoop barn has no kind of animals and number of head recorded');
  });

  it('is the whole operation’s when no building is recorded, and an abandoned building is not one', () => {
    expect(openFeedlotCapacity(op([lot])).animalUnits).toBe(1500);
    expect(openFeedlotCapacity(op([lot, building({ abandoned: true })])).animalUnits).toBe(1500);
  });

  it('asks for both the kind of animals and the head of a building, or neither', () => {
    const r = structureSchema(today()).safeParse(typed({ kind: 'confinement_building', animalCategory: 'cattle_slaughter_feeder', headAtCapacity: '' }));
    expect(messages(r)).toMatchObject({ headAtCapacity: 'Enter the number of head the building holds, or clear the kind of animals' });
    const bad = structureSchema(today()).safeParse(typed({ kind: 'confinement_building', animalCategory: 'cattle_slaughter_feeder', headAtCapacity: '12.5' }));
    expect(messages(bad)).toMatchObject({ headAtCapacity: 'Enter the number of head as a whole number, for example 2400' });
  });
});
