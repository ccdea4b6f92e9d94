import { describe, it, expect } from 'vitest';
import * as rules from '@/lib/rules';
import { RuleInputError } from '@/lib/rules';

// Calls made with deliberately wrong input; `as never` lets bad values past the compiler.
const cases: { title: string; call: () => unknown; field: string }[] = [
  { title: 'negative head count', call: () => rules.animalUnitCapacity({ dairy_mature: -1 }), field: 'headAtCapacity.dairy_mature' },
  { title: 'fractional head count', call: () => rules.animalUnitCapacity({ horses: 2.5 }), field: 'headAtCapacity.horses' },
  { title: 'non-finite head count', call: () => rules.animalUnitCapacity({ goats: Number.POSITIVE_INFINITY }), field: 'headAtCapacity.goats' },
  { title: 'NaN head count', call: () => rules.animalUnitCapacity({ goats: Number.NaN }), field: 'headAtCapacity.goats' },
  { title: 'unknown category', call: () => rules.animalUnitCapacity({ llamas: 3 } as never), field: 'headAtCapacity.llamas' },
  { title: 'negative animal units (mmpRequirement)', call: () => rules.mmpRequirement({ filer: 'confinement_owner', animalUnitCapacity: -5 }), field: 'animalUnitCapacity' },
  { title: 'unknown filer', call: () => rules.mmpRequirement({ filer: 'neighbor' as never, animalUnitCapacity: 5 }), field: 'filer' },
  { title: 'malformed constructedOn', call: () => rules.mmpRequirement({ filer: 'confinement_owner', animalUnitCapacity: 900, constructedOn: '1990-2-1' }), field: 'constructedOn' },
  { title: 'impossible acquiredOn', call: () => rules.mmpRequirement({ filer: 'new_owner', animalUnitCapacity: 900, acquiredOn: '2025-02-30' }), field: 'acquiredOn' },
  { title: 'negative AU (annual fee)', call: () => rules.annualComplianceFee({ animalUnitCapacity: -1, contractProducer: false }), field: 'animalUnitCapacity' },
  { title: 'negative peak housed (SAFO)', call: () => rules.safoElection({ animalUnitCapacity: 100, peakAnimalUnitsHoused: -1 }), field: 'peakAnimalUnitsHoused' },
  { title: 'unknown filing kind', call: () => rules.filingFees({ kind: 'renewal' as never, constructionPermitRequired: false }), field: 'kind' },
  { title: 'malformed completeReceivedOn', call: () => rules.reviewDeadline('2025-13-01'), field: 'completeReceivedOn' },
  { title: 'malformed acquiredOn (clock)', call: () => rules.newOwnerOriginalMmpDue('01/05/2025'), field: 'acquiredOn' },
  { title: 'malformed constructionBeginsOn', call: () => rules.latestDesignStatementFiling('2025-1-5'), field: 'constructionBeginsOn' },
  { title: 'malformed lastDay', call: () => rules.effectiveDeadline('2025-04-31'), field: 'lastDay' },
  { title: 'malformed holiday in list', call: () => rules.effectiveDeadline('2025-04-30', ['2025-5-1']), field: 'holidays[0]' },
  { title: 'fractional year', call: () => rules.iowaStateHolidays(2025.5), field: 'year' },
  { title: 'negative stockpile distance', call: () => rules.checkStockpile({ distancesFt: { designated_area: -3 } }), field: 'distancesFt.designated_area' },
  { title: 'unknown stockpile distance', call: () => rules.checkStockpile({ distancesFt: { barn: 3 } as never }), field: 'distancesFt.barn' },
  { title: 'negative slope', call: () => rules.checkStockpile({ distancesFt: {}, slopePercent: -1 }), field: 'slopePercent' },
  { title: 'negative truck wash distance', call: () => rules.truckWashPartOfOperation({ commonOwnershipOrManagement: true, distanceFt: -1 }), field: 'distanceFt' },
  { title: 'malformed excavation date', call: () => rules.structureConstructedOn({ excavationOn: '2002-07-32' }), field: 'excavationOn' },
  { title: 'negative P-index', call: () => rules.phosphorusIndexBand(-0.1), field: 'pIndex' },
  { title: 'negative yield', call: () => rules.manureNitrogenRate({ optimumYield: -1, nNeedPerYieldUnit: 1, availableNPerManureUnit: 1 }), field: 'optimumYield' },
  { title: 'fractional day count', call: () => rules.addDays('2025-01-01', 1.5), field: 'days' },
  { title: 'malformed daysBetween date', call: () => rules.daysBetween('2025-01-01', '2025-02-29'), field: 'toIso' },
  { title: 'duplicate feedlot id', call: () => rules.aggregateOpenFeedlots({ feedlots: [
    { id: 'A', interests: [], management: [], structures: [] }, { id: 'A', interests: [], management: [], structures: [] }], family: [], structureDistancesFt: [] }), field: 'feedlots[1].id' },
  { title: 'unknown family relation', call: () => rules.aggregateOpenFeedlots({ feedlots: [], family: [{ personId: 'a', relativeId: 'b', relation: 'cousin' as never }], structureDistancesFt: [] }), field: 'family[0].relation' },
];

describe('RuleInputError names the bad field', () => {
  for (const c of cases) {
    it(`${c.title} → RuleInputError on ${c.field}`, () => {
      let error: unknown;
      try { c.call(); } catch (e) { error = e; }
      expect(error).toBeInstanceOf(RuleInputError);
      expect(error).toBeInstanceOf(Error);
      expect((error as RuleInputError).field).toBe(c.field);
      expect((error as RuleInputError).message).toContain(c.field);
    });
  }
});
