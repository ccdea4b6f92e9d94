import { describe, it, expect } from 'vitest';
import {
  animalUnitCapacity, annualComplianceFee, countiesReceivingPlan, filingFees, indemnityFeeExempt, safoElection,
} from '@/lib/rules';

describe('safoElection (IAC 567-65.110(1)"e"(2))', () => {
  const cases = [
    { title: 'IAC 567-65.110(1)"e"(2): capacity of exactly 500 AU ("500 or fewer") → may elect', input: { animalUnitCapacity: 500 }, eligible: true, terminated: false },
    { title: 'IAC 567-65.110(1)"e"(2): capacity 500.1 AU → may not elect', input: { animalUnitCapacity: 500.1 }, eligible: false, terminated: false },
    { title: 'IAC 567-65.110(1)"e"(2): exactly 500 AU housed at one time → election continues', input: { animalUnitCapacity: 480, peakAnimalUnitsHoused: 500 }, eligible: true, terminated: false },
    { title: 'IAC 567-65.110(1)"e"(2): more than 500 AU housed at any one time → election terminates automatically', input: { animalUnitCapacity: 480, peakAnimalUnitsHoused: 500.4 }, eligible: true, terminated: true },
    { title: 'IAC 567-65.110(1)"e"(2): operation exceeds 500 AU → election over and an MMP must be submitted', input: { animalUnitCapacity: 650, peakAnimalUnitsHoused: 640 }, eligible: false, terminated: true },
  ];
  for (const c of cases) {
    it(c.title, () => {
      const r = safoElection(c.input);
      expect(r).toMatchObject({ eligible: c.eligible, terminated: c.terminated, citation: 'IAC 567-65.110(1)"e"(2)' });
      expect(r.reason).toMatch(/500/);
      if (c.terminated) expect(r.reason).toMatch(/MMP must be submitted/);
    });
  }
});

describe('filingFees (IAC 567-65.110(7))', () => {
  it('IAC 567-65.110(7): an original MMP pays the $250 filing fee', () => {
    expect(filingFees({ kind: 'original', constructionPermitRequired: false })).toEqual({
      lines: [{ code: 'mmp_filing', cents: 25000, citation: 'IAC 567-65.110(7)' }],
      totalCents: 25000,
    });
  });
  it('IAC 567-65.110(7): with a construction permit, filing fee plus permit application fee total $500', () => {
    const r = filingFees({ kind: 'original', constructionPermitRequired: true });
    expect(r.lines.map((l) => [l.code, l.cents])).toEqual([['mmp_filing', 25000], ['construction_permit_application', 25000]]);
    expect(r.totalCents).toBe(50000);
  });
  it('IAC 567-65.110(7): an updated MMP pays no filing fee (only an original does)', () => {
    expect(filingFees({ kind: 'update', constructionPermitRequired: true })).toEqual({ lines: [], totalCents: 0 });
  });
});

describe('annualComplianceFee (IAC 567-65.110(3)"c")', () => {
  const cases = [
    { title: 'IAC 567-65.110(3)"c": 2,480 finisher swine = 992 AU → $148.80', au: animalUnitCapacity({ swine_over_55_lb: 2480 }), cents: 14880 },
    { title: 'IAC 567-65.110(3)"c": 357 mature dairy = 499.8 AU → $74.97', au: animalUnitCapacity({ dairy_mature: 357 }), cents: 7497 },
    { title: 'IAC 567-65.110(3)"c": 0.1 AU → 1.5 cents rounds half up to 2', au: 0.1, cents: 2 },
    { title: 'IAC 567-65.110(3)"c": 0.3 AU → 4.5 cents rounds half up to 5 (no floating error)', au: 0.3, cents: 5 },
    { title: 'IAC 567-65.110(3)"c": 100 turkeys 7 lb or less = 0.85 AU → 12.75 cents → 13', au: animalUnitCapacity({ turkeys_7_lb_or_less: 100 }), cents: 13 },
    { title: 'IAC 567-65.110(3)"c": 1 chicken dry 3 lb or less = 0.0014 AU → 0.021 cents → 0', au: animalUnitCapacity({ chickens_dry_3_lb_or_less: 1 }), cents: 0 },
    { title: 'IAC 567-65.110(3)"c": 0 AU → 0', au: 0, cents: 0 },
  ];
  for (const c of cases) {
    it(c.title, () => {
      expect(annualComplianceFee({ animalUnitCapacity: c.au, contractProducer: false })).toEqual({
        cents: c.cents, payer: 'owner', citation: 'IAC 567-65.110(3)"c"',
      });
    });
  }
  it('IAC 567-65.110(3)"c": the annual compliance fee is based on the capacity stated (992 AU exactly)', () => {
    expect(animalUnitCapacity({ swine_over_55_lb: 2480 })).toBe(992);
  });
  it('IAC 567-65.110(3)"c": a contract producer\'s fee is paid by the active contractor', () => {
    expect(annualComplianceFee({ animalUnitCapacity: 992, contractProducer: true })).toEqual({
      cents: 14880, payer: 'active_contractor', citation: 'IAC 567-65.110(3)"c"',
    });
  });
  it('IAC 567-65.110(1)"e"(2): an elected SAFO owes no annual compliance fee', () => {
    expect(annualComplianceFee({ animalUnitCapacity: 499.8, contractProducer: false, safoElection: true })).toEqual({
      cents: 0, payer: 'owner', citation: 'IAC 567-65.110(1)"e"(2)',
    });
  });
  it('IAC 567-65.110(1)"e"(2): an election claimed above 500 AU is not in force, so the fee is charged', () => {
    expect(annualComplianceFee({ animalUnitCapacity: 500.1, contractProducer: false, safoElection: true }).cents).toBe(7502);
  });
});

describe('county copies and indemnity fee (IAC 567-65.110(3)"b", (6))', () => {
  it('IAC 567-65.110(3)"b"(1)-(2): the update goes to each county where the operation is located and each where manure is land-applied', () => {
    expect(countiesReceivingPlan({ locatedIn: ['Sioux'], landAppliedIn: ['Lyon', 'Sioux', 'Osceola'] })).toEqual({
      counties: ['Lyon', 'Osceola', 'Sioux'], citation: 'IAC 567-65.110(3)"b"',
    });
  });
  const indemnity = [
    { title: 'IAC 567-65.110(6): constructed before May 31, 1995 without a construction permit → exempt', constructedOn: '1995-05-30', permit: false, exempt: true },
    { title: 'IAC 567-65.110(6): constructed on May 31, 1995 is not "prior to" → fee owed', constructedOn: '1995-05-31', permit: false, exempt: false },
    { title: 'IAC 567-65.110(6): constructed before 1995 but required a construction permit → fee owed', constructedOn: '1990-01-01', permit: true, exempt: false },
  ];
  for (const c of indemnity) {
    it(c.title, () => {
      const r = indemnityFeeExempt({ constructedOn: c.constructedOn, constructionPermitRequired: c.permit });
      expect(r.exempt).toBe(c.exempt);
      expect(r.citation).toBe('IAC 567-65.110(6)');
      expect(r.reason).toMatch(/1995/);
    });
  }
});
