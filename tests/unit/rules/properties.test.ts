import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  ANIMAL_CATEGORY_IDS, addDays, aggregateOpenFeedlots, animalUnitCapacity, annualComplianceFee, dayOfWeek, daysBetween,
  effectiveDeadline, iowaStateHolidays, type AnimalCategory, type OpenFeedlot,
} from '@/lib/rules';

const category = fc.constantFrom(...ANIMAL_CATEGORY_IDS);
const head = fc.integer({ min: 0, max: 2_000_000 });
const herd = fc.dictionary(category, head) as fc.Arbitrary<Partial<Record<AnimalCategory, number>>>;
const isoDate = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
// The holiday list is recorded from 2000-01-01 (see parameters), so deadlines are drawn from then on.
const deadlineDate = isoDate.filter((d) => d >= '2000-01-01');

describe('animal units (Iowa Code 459.102) — properties', () => {
  it('more head never lowers animal unit capacity', () => {
    fc.assert(fc.property(herd, category, fc.integer({ min: 0, max: 100_000 }), (h, c, extra) => {
      const more = { ...h, [c]: (h[c] ?? 0) + extra };
      expect(animalUnitCapacity(more)).toBeGreaterThanOrEqual(animalUnitCapacity(h));
    }));
  });
  it('animal units are additive across categories', () => {
    fc.assert(fc.property(herd, (h) => {
      const parts = Object.entries(h).map(([c, n]) => animalUnitCapacity({ [c]: n }));
      expect(animalUnitCapacity(h)).toBeCloseTo(parts.reduce((a, b) => a + b, 0), 6);
    }));
  });
});

describe('annual compliance fee (IAC 567-65.110(3)"c") — properties', () => {
  const au = fc.double({ min: 0, max: 1_000_000, noNaN: true, noDefaultInfinity: true });
  it('never negative, an integer, and never more than half a cent from $0.15 x AU', () => {
    fc.assert(fc.property(au, fc.boolean(), (a, contract) => {
      const { cents } = annualComplianceFee({ animalUnitCapacity: a, contractProducer: contract });
      expect(cents).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(cents)).toBe(true);
      expect(Math.abs(cents - a * 15)).toBeLessThanOrEqual(0.5 + 1e-6);
    }));
  });
  it('monotone in animal units', () => {
    fc.assert(fc.property(au, au, (a, b) => {
      const [lo, hi] = a <= b ? [a, b] : [b, a];
      expect(annualComplianceFee({ animalUnitCapacity: hi, contractProducer: false }).cents)
        .toBeGreaterThanOrEqual(annualComplianceFee({ animalUnitCapacity: lo, contractProducer: false }).cents);
    }));
  });
  it('from head counts the fee equals exact rounding of the integer arithmetic', () => {
    fc.assert(fc.property(herd, (h) => {
      const a = animalUnitCapacity(h);
      const tenThousandths = Math.round(a * 10_000); // factors have at most 4 decimals
      const expected = Math.floor((tenThousandths * 15 * 2 + 10_000) / 20_000);
      expect(annualComplianceFee({ animalUnitCapacity: a, contractProducer: false }).cents).toBe(expected);
    }));
  });
});

describe('dates and deadlines (Iowa Code 4.1(34)) — properties', () => {
  it('addDays agrees with UTC Date arithmetic and daysBetween inverts it', () => {
    fc.assert(fc.property(isoDate, fc.integer({ min: -5000, max: 5000 }), (d, n) => {
      const viaDate = new Date(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)) + n));
      expect(addDays(d, n)).toBe(viaDate.toISOString().slice(0, 10));
      expect(daysBetween(d, addDays(d, n))).toBe(n);
    }));
  });
  it('effectiveDeadline is never before the last day, never a weekend or holiday, and at most a few days later', () => {
    fc.assert(fc.property(deadlineDate, (d) => {
      const e = effectiveDeadline(d);
      expect(e >= d).toBe(true);
      expect([0, 6]).not.toContain(dayOfWeek(e));
      expect(iowaStateHolidays(Number(e.slice(0, 4)))).not.toContain(e);
      expect(daysBetween(d, e)).toBeLessThanOrEqual(4);
      if (e !== d) expect([0, 6].includes(dayOfWeek(d)) || iowaStateHolidays(Number(d.slice(0, 4))).includes(d)).toBe(true);
    }));
  });
});

describe('open feedlot aggregation (Iowa Code 459A.103(1)) — properties', () => {
  const people = ['p', 'q', 'r', 's'];
  const lotArb = (id: string) => fc.record({
    owner: fc.constantFrom(...people), kind: fc.constantFrom('sole_proprietor', 'joint_tenant', 'tenant_in_common', 'equity'),
    share: fc.double({ min: 0, max: 1, noNaN: true }), manager: fc.option(fc.constantFrom(...people)),
    built: fc.option(fc.constantFrom('1990-01-01', '2002-07-17', '2015-06-01')), abandoned: fc.boolean(),
    effluent: fc.option(fc.constantFrom('E1', 'E2')),
  }).map((x): OpenFeedlot => ({
    id,
    interests: [{ personId: x.owner, kind: x.kind as OpenFeedlot['interests'][number]['kind'], ...(x.kind === 'equity' ? { equityShare: x.share } : {}) }],
    management: x.manager ? [{ personId: x.manager, kind: 'day_to_day_control' }] : [],
    structures: [{ id: `${id}-s`, constructedOn: x.built, abandoned: x.abandoned }],
    effluentSystemId: x.effluent,
  }));
  const scenario = fc.integer({ min: 0, max: 8 }).chain((n) => {
    const ids = Array.from({ length: n }, (_, i) => `F${i}`);
    return fc.record({
      feedlots: fc.tuple(...ids.map(lotArb)),
      distances: fc.array(fc.record({ a: fc.integer({ min: 0, max: Math.max(n - 1, 0) }), b: fc.integer({ min: 0, max: Math.max(n - 1, 0) }),
        feet: fc.integer({ min: 0, max: 3000 }) }), { maxLength: n === 0 ? 0 : 12 }),
      family: fc.array(fc.record({ personId: fc.constantFrom(...people), relativeId: fc.constantFrom(...people),
        relation: fc.constantFrom('spouse' as const, 'dependent_child' as const) }), { maxLength: 3 }),
    });
  });
  it('every feedlot appears in exactly one operation', () => {
    fc.assert(fc.property(scenario, ({ feedlots, distances, family }) => {
      const list = [...feedlots] as OpenFeedlot[];
      const { operations } = aggregateOpenFeedlots({
        feedlots: list, family,
        structureDistancesFt: distances.map((d) => ({ a: `F${d.a}-s`, b: `F${d.b}-s`, feet: d.feet })),
      });
      const all = operations.flatMap((o) => o.feedlotIds);
      expect(all.slice().sort()).toEqual(list.map((f) => f.id).sort());
      expect(new Set(all).size).toBe(all.length);
      for (const o of operations) {
        expect(o.feedlotIds.length).toBeGreaterThan(0);
        expect(o.basis.length === 0).toBe(o.feedlotIds.length === 1);
      }
    }));
  });
});
