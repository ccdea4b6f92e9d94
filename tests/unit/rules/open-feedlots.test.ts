import { describe, it, expect } from 'vitest';
import { aggregateOpenFeedlots, structureConstructedOn, truckWashPartOfOperation, type OpenFeedlot } from '@/lib/rules';

type Interest = OpenFeedlot['interests'][number];
type Management = OpenFeedlot['management'][number];

function lot(id: string, opts: { interests?: Interest[]; management?: Management[]; built?: (string | null)[];
  abandoned?: boolean[]; effluent?: string }): OpenFeedlot {
  return {
    id,
    interests: opts.interests ?? [],
    management: opts.management ?? [],
    structures: (opts.built ?? ['2010-05-01']).map((constructedOn, k) => ({ id: `${id}${k + 1}`, constructedOn, abandoned: opts.abandoned?.[k] ?? false })),
    effluentSystemId: opts.effluent ?? null,
  };
}
const sole = (personId: string): Interest => ({ personId, kind: 'sole_proprietor' });
const jt = (personId: string): Interest => ({ personId, kind: 'joint_tenant' });
const tic = (personId: string): Interest => ({ personId, kind: 'tenant_in_common' });
const eq = (personId: string, equityShare: number): Interest => ({ personId, kind: 'equity', equityShare });
const boss = (personId: string): Management => ({ personId, kind: 'day_to_day_control' });
const near = (feet = 1000) => [{ a: 'A1', b: 'B1', feet }];

type Case = {
  title: string;
  feedlots: OpenFeedlot[];
  family?: Parameters<typeof aggregateOpenFeedlots>[0]['family'];
  distances?: { a: string; b: string; feet: number }[];
  expected: { feedlotIds: string[]; basis: string[] }[];
};
const one = (basis: string[] = ['adjacent']) => [{ feedlotIds: ['A', 'B'], basis }];
const two = [{ feedlotIds: ['A'], basis: [] }, { feedlotIds: ['B'], basis: [] }];

const cases: Case[] = [
  { title: 'Iowa Code 459A.103(1)"a": common ownership and adjacent → one operation',
    feedlots: [lot('A', { interests: [sole('p')] }), lot('B', { interests: [sole('p')] })], distances: near(), expected: one() },
  { title: 'Iowa Code 459A.103(1)"a": common management and a common effluent system → one operation',
    feedlots: [lot('A', { management: [boss('m')], effluent: 'E' }), lot('B', { management: [boss('m')], effluent: 'E' })],
    expected: one(['common_effluent_system']) },
  { title: 'Iowa Code 459A.103(1)"a": adjacent and sharing effluent disposal → both bases recorded',
    feedlots: [lot('A', { interests: [sole('p')], effluent: 'E' }), lot('B', { interests: [sole('p')], effluent: 'E' })],
    distances: near(), expected: one(['adjacent', 'common_effluent_system']) },
  { title: 'Iowa Code 459A.103(1)"a": common ownership but neither adjacent nor sharing effluent → separate',
    feedlots: [lot('A', { interests: [sole('p')] }), lot('B', { interests: [sole('p')] })], distances: near(5000), expected: two },
  { title: 'Iowa Code 459A.103(1)"a": adjacent and sharing effluent but no common ownership or management → separate',
    feedlots: [lot('A', { interests: [sole('p')], effluent: 'E' }), lot('B', { interests: [sole('q')], effluent: 'E' })],
    distances: near(), expected: two },
  // 1"b"(1)
  { title: 'Iowa Code 459A.103(1)"b"(1): both structures constructed before July 17, 2002 → not adjacent',
    feedlots: [lot('A', { interests: [sole('p')], built: ['1995-01-01'] }), lot('B', { interests: [sole('p')], built: ['2002-07-16'] })],
    distances: near(), expected: two },
  { title: 'Iowa Code 459A.103(1)"b"(1): one structure constructed on July 17, 2002 exactly → adjacent',
    feedlots: [lot('A', { interests: [sole('p')], built: ['1995-01-01'] }), lot('B', { interests: [sole('p')], built: ['2002-07-17'] })],
    distances: near(), expected: one() },
  { title: 'Iowa Code 459A.103(1)"b"(1): the post-2002 structure must be one of the two that are close',
    feedlots: [lot('A', { interests: [sole('p')], built: ['1995-01-01', '2015-01-01'] }), lot('B', { interests: [sole('p')], built: ['1990-01-01'] })],
    distances: [{ a: 'A1', b: 'B1', feet: 300 }, { a: 'A2', b: 'B1', feet: 3000 }], expected: two },
  { title: 'Iowa Code 459A.103(1)"b"(1)-(2): a proposed structure (constructedOn null) counts as constructed after July 17, 2002',
    feedlots: [lot('A', { interests: [sole('p')], built: ['1995-01-01'] }), lot('B', { interests: [sole('p')], built: [null] })],
    distances: near(), expected: one() },
  // 1"b"(2)
  { title: 'Iowa Code 459A.103(1)"b"(2): exactly 1,250 ft apart is not "less than" → not adjacent',
    feedlots: [lot('A', { interests: [sole('p')] }), lot('B', { interests: [sole('p')] })], distances: near(1250), expected: two },
  { title: 'Iowa Code 459A.103(1)"b"(2): 1,249.9 ft apart → adjacent',
    feedlots: [lot('A', { interests: [sole('p')] }), lot('B', { interests: [sole('p')] })], distances: near(1249.9), expected: one() },
  { title: 'Iowa Code 459A.103(7): distance between closest points — any close pair of structures makes them adjacent',
    feedlots: [lot('A', { interests: [sole('p')], built: ['2010-01-01', '2010-01-01'] }), lot('B', { interests: [sole('p')] })],
    distances: [{ a: 'A1', b: 'B1', feet: 4000 }, { a: 'B1', b: 'A2', feet: 900 }], expected: one() },
  // (6)
  { title: 'Iowa Code 459A.103(6): an abandoned structure is ignored for adjacency',
    feedlots: [lot('A', { interests: [sole('p')], abandoned: [true] }), lot('B', { interests: [sole('p')] })], distances: near(100), expected: two },
  // 1"c"(1)
  { title: 'Iowa Code 459A.103(1)"c"(1)(b): joint tenant in one, tenant in common in the other → common ownership',
    feedlots: [lot('A', { interests: [jt('p'), jt('x')] }), lot('B', { interests: [tic('p'), tic('y')] })], distances: near(), expected: one() },
  { title: 'Iowa Code 459A.103(1)"c"(1)(a)-(b): sole proprietor of one, joint tenant of the other → common ownership',
    feedlots: [lot('A', { interests: [sole('p')] }), lot('B', { interests: [jt('p'), jt('z')] })], distances: near(), expected: one() },
  { title: 'Iowa Code 459A.103(1)"c"(1)(c): 50.01% equity in both → majority, common ownership',
    feedlots: [lot('A', { interests: [eq('p', 0.5001)] }), lot('B', { interests: [eq('p', 0.5001)] })], distances: near(), expected: one() },
  { title: 'Iowa Code 459A.103(1)"c"(1)(c): exactly 50% equity is not a majority → separate',
    feedlots: [lot('A', { interests: [eq('p', 0.5)] }), lot('B', { interests: [eq('p', 1)] })], distances: near(), expected: two },
  // 1"c"(2)
  { title: 'Iowa Code 459A.103(1)"c"(2): spouse\'s joint tenancy is attributed to the person',
    feedlots: [lot('A', { interests: [sole('p')] }), lot('B', { interests: [jt('s'), jt('x')] })],
    family: [{ personId: 'p', relativeId: 's', relation: 'spouse' }], distances: near(), expected: one() },
  { title: 'Iowa Code 459A.103(1)"c"(2): spouse attribution works whichever way the marriage is recorded',
    feedlots: [lot('A', { interests: [sole('p')] }), lot('B', { interests: [tic('s')] })],
    family: [{ personId: 's', relativeId: 'p', relation: 'spouse' }], distances: near(), expected: one() },
  { title: 'Iowa Code 459A.103(1)"c"(2): a spouse\'s sole proprietorship is not attributed → separate',
    feedlots: [lot('A', { interests: [sole('p')] }), lot('B', { interests: [sole('s')] })],
    family: [{ personId: 'p', relativeId: 's', relation: 'spouse' }], distances: near(), expected: two },
  { title: 'Iowa Code 459A.103(1)"c"(2): a dependent child\'s majority equity is attributed to the parent',
    feedlots: [lot('A', { interests: [sole('p')] }), lot('B', { interests: [eq('c', 0.8)] })],
    family: [{ personId: 'p', relativeId: 'c', relation: 'dependent_child' }], distances: near(), expected: one() },
  { title: 'Iowa Code 459A.103(1)"c"(2): a parent\'s interest is not attributed to the dependent child',
    feedlots: [lot('A', { interests: [sole('c')] }), lot('B', { interests: [jt('p')] })],
    family: [{ personId: 'p', relativeId: 'c', relation: 'dependent_child' }], distances: near(), expected: two },
  { title: 'Iowa Code 459A.103(1)"c"(2): own 30% plus spouse\'s 25% equity = 55%, a majority → common ownership',
    feedlots: [lot('A', { interests: [sole('p')] }), lot('B', { interests: [eq('p', 0.3), eq('s', 0.25), eq('x', 0.45)] })],
    family: [{ personId: 'p', relativeId: 's', relation: 'spouse' }], distances: near(), expected: one() },
  { title: 'Iowa Code 459A.103(1)"c"(2): own 30% plus spouse\'s 20% equity = exactly 50% → not a majority',
    feedlots: [lot('A', { interests: [sole('p')] }), lot('B', { interests: [eq('p', 0.3), eq('s', 0.2), eq('x', 0.5)] })],
    family: [{ personId: 'p', relativeId: 's', relation: 'spouse' }], distances: near(), expected: two },
  // 1"d"
  { title: 'Iowa Code 459A.103(1)"d": one person with day-to-day control of both → common management',
    feedlots: [lot('A', { interests: [sole('p')], management: [boss('m')] }), lot('B', { interests: [sole('q')], management: [boss('m')] })],
    distances: near(), expected: one() },
  { title: 'Iowa Code 459A.103(1)"d": a contractor\'s control over a contract livestock facility is not common management',
    feedlots: [lot('A', { interests: [sole('p')], management: [{ personId: 'k', kind: 'contractor_of_contract_facility' }] }),
      lot('B', { interests: [sole('q')], management: [{ personId: 'k', kind: 'contractor_of_contract_facility' }] })],
    distances: near(), expected: two },
  { title: 'Iowa Code 459A.103(1)"c"-"d": owning one and managing the other is neither common ownership nor common management',
    feedlots: [lot('A', { interests: [sole('p')] }), lot('B', { interests: [sole('q')], management: [boss('p')] })],
    distances: near(), expected: two },
  // transitive
  { title: 'Iowa Code 459A.103(1)"a": deemed-single applies transitively (A~B, B~C, A far from C); D stays alone',
    feedlots: [lot('A', { interests: [sole('p')] }), lot('B', { interests: [sole('p')], effluent: 'E' }),
      lot('C', { interests: [jt('p'), jt('q')], effluent: 'E' }), lot('D', { interests: [sole('p')] })],
    distances: [{ a: 'A1', b: 'B1', feet: 600 }, { a: 'A1', b: 'C1', feet: 2400 }, { a: 'C1', b: 'D1', feet: 2000 }],
    expected: [{ feedlotIds: ['A', 'B', 'C'], basis: ['adjacent', 'common_effluent_system'] }, { feedlotIds: ['D'], basis: [] }] },
];

describe('aggregateOpenFeedlots (Iowa Code 459A.103(1), (6), (7))', () => {
  for (const c of cases) {
    it(c.title, () => {
      const r = aggregateOpenFeedlots({ feedlots: c.feedlots, family: c.family ?? [], structureDistancesFt: c.distances ?? [] });
      expect(r.operations).toEqual(c.expected);
    });
  }
  it('rejects an equity interest without a share, and a share given as a percent', () => {
    const run = (share?: number) => aggregateOpenFeedlots({ feedlots: [lot('A', { interests: [{ personId: 'p', kind: 'equity', ...(share === undefined ? {} : { equityShare: share }) }] })], family: [], structureDistancesFt: [] });
    expect(() => run()).toThrow(/feedlots\[0\]\.interests\[0\]\.equityShare/);
    expect(() => run(50)).toThrow(/equityShare/);
  });
  it('rejects a distance to an unknown structure and a negative distance', () => {
    const feedlots = [lot('A', {}), lot('B', {})];
    expect(() => aggregateOpenFeedlots({ feedlots, family: [], structureDistancesFt: [{ a: 'A1', b: 'Z9', feet: 10 }] })).toThrow(/structureDistancesFt\[0\]\.b/);
    expect(() => aggregateOpenFeedlots({ feedlots, family: [], structureDistancesFt: [{ a: 'A1', b: 'B1', feet: -1 }] })).toThrow(/structureDistancesFt\[0\]\.feet/);
  });
});

describe('structureConstructedOn (Iowa Code 459A.103(2))', () => {
  const cases = [
    { title: 'Iowa Code 459A.103(2)"a": excavation commences → constructed', events: { excavationOn: '2003-04-02' }, on: '2003-04-02' },
    { title: 'Iowa Code 459A.103(2)"b": forms for concrete installed → constructed', events: { formsInstalledOn: '2002-07-17' }, on: '2002-07-17' },
    { title: 'Iowa Code 459A.103(2)"c": effluent piping installed → constructed', events: { pipingInstalledOn: '2001-12-01' }, on: '2001-12-01' },
    { title: 'Iowa Code 459A.103(2): "any of the following occurs" → the earliest of the three', events: { excavationOn: '2002-08-01', formsInstalledOn: '2002-07-16', pipingInstalledOn: '2002-09-01' }, on: '2002-07-16' },
    { title: 'Iowa Code 459A.103(2): none has occurred → not constructed (null)', events: {}, on: null },
  ];
  for (const c of cases) it(c.title, () => expect(structureConstructedOn(c.events)).toBe(c.on));
});

describe('truckWashPartOfOperation (Iowa Code 459A.103(4))', () => {
  const cases = [
    { title: 'Iowa Code 459A.103(4): common ownership, exactly 1,250 ft ("within") → part of the operation', common: true, ft: 1250, part: true },
    { title: 'Iowa Code 459A.103(4): common ownership, 1,250.5 ft → not part', common: true, ft: 1250.5, part: false },
    { title: 'Iowa Code 459A.103(4): 100 ft but no common ownership or management → not part', common: false, ft: 100, part: false },
  ];
  for (const c of cases) {
    it(c.title, () => expect(truckWashPartOfOperation({ commonOwnershipOrManagement: c.common, distanceFt: c.ft })).toBe(c.part));
  }
});
