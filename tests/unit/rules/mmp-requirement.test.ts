import { describe, it, expect } from 'vitest';
import { mmpRequirement, type MmpFacts } from '@/lib/rules';

type Case = { title: string; facts: MmpFacts; required: boolean; citation: string; dueOn?: string };

const applicant = (extra: Partial<MmpFacts> = {}): MmpFacts => ({ filer: 'construction_permit_applicant', animalUnitCapacity: 1000, ...extra });
const owner = (extra: Partial<MmpFacts> = {}): MmpFacts => ({ filer: 'confinement_owner', animalUnitCapacity: 800, ...extra });

const cases: Case[] = [
  // (1)"a"
  { title: 'IAC 567-65.110(1)"a": construction permit applicant for a confinement feeding operation → required',
    facts: applicant(), required: true, citation: 'IAC 567-65.110(1)"a"' },
  { title: 'IAC 567-65.110(1)"a": applicant for an egg washwater storage structure → not required',
    facts: applicant({ eggWashwaterStructureOnly: true }), required: false, citation: 'IAC 567-65.110(1)"a"' },
  { title: 'IAC 567-65.110(1)"a": applicant for a SAFO, exactly 500 AU → not required',
    facts: applicant({ animalUnitCapacity: 500 }), required: false, citation: 'IAC 567-65.110(1)"a"' },
  { title: 'IAC 567-65.110(1)"a": applicant at 500.1 AU is not a SAFO → required',
    facts: applicant({ animalUnitCapacity: 500.1 }), required: true, citation: 'IAC 567-65.110(1)"a"' },
  // (1)"b"
  { title: 'IAC 567-65.110(1)"b": owner of a SAFO (500 AU), even if built after 1985 → not required',
    facts: owner({ animalUnitCapacity: 500, constructedOn: '2010-04-01' }), required: false, citation: 'IAC 567-65.110(1)"b"' },
  { title: 'IAC 567-65.110(1)"b"(1): constructed after May 31, 1985 (1985-06-01) → required',
    facts: owner({ constructedOn: '1985-06-01' }), required: true, citation: 'IAC 567-65.110(1)"b"(1)' },
  { title: 'IAC 567-65.110(1)"b"(1): constructed on May 31, 1985 exactly is not "after" → not required',
    facts: owner({ constructedOn: '1985-05-31' }), required: false, citation: 'IAC 567-65.110(1)"b"' },
  { title: 'IAC 567-65.110(1)"b"(1): built 1970, expanded after May 31, 1985 → required',
    facts: owner({ constructedOn: '1970-05-01', lastExpandedOn: '1998-09-15' }), required: true, citation: 'IAC 567-65.110(1)"b"(1)' },
  { title: 'IAC 567-65.110(1)"b"(1): built 1970, neither constructed nor expanded after 1985, no new structure → not required',
    facts: owner({ constructedOn: '1970-05-01', lastExpandedOn: '1984-01-01' }), required: false, citation: 'IAC 567-65.110(1)"b"' },
  { title: 'IAC 567-65.110(1)"b"(2): owner constructs a manure storage structure that increases manure volume → required',
    facts: owner({ constructedOn: '1970-01-01', buildsManureStorageStructure: true, newStructureIncreasesManureVolume: true, newStructureChangesAnimalCategory: false }),
    required: true, citation: 'IAC 567-65.110(1)"b"(2)' },
  { title: 'IAC 567-65.110(1)"b"(2): new structure that changes the animal category → required',
    facts: owner({ constructedOn: '1970-01-01', buildsManureStorageStructure: true, newStructureIncreasesManureVolume: false, newStructureChangesAnimalCategory: true }),
    required: true, citation: 'IAC 567-65.110(1)"b"(2)' },
  { title: 'IAC 567-65.110(1)"b"(2): new structure without volume increase or category change → not required',
    facts: owner({ constructedOn: '1970-01-01', buildsManureStorageStructure: true, newStructureIncreasesManureVolume: false, newStructureChangesAnimalCategory: false }),
    required: false, citation: 'IAC 567-65.110(1)"b"(2)' },
  { title: 'IAC 567-65.110(1)"b"(2): new structure, volume and category effects not stated → required (exception not shown)',
    facts: owner({ constructedOn: '1970-01-01', buildsManureStorageStructure: true }), required: true, citation: 'IAC 567-65.110(1)"b"(2)' },
  { title: 'IAC 567-65.110(1)"b"(1)-(2): built after 1985, so the no-increase structure exception does not remove the duty → required',
    facts: owner({ constructedOn: '2001-01-01', buildsManureStorageStructure: true, newStructureIncreasesManureVolume: false, newStructureChangesAnimalCategory: false }),
    required: true, citation: 'IAC 567-65.110(1)"b"(1)' },
  // (1)"c"
  { title: 'IAC 567-65.110(1)"c": applies in Iowa manure from an out-of-state operation, not small → required',
    facts: { filer: 'out_of_state_manure_applier', animalUnitCapacity: 2400, outOfStateOperationIsSmall: false }, required: true, citation: 'IAC 567-65.110(1)"c"' },
  { title: 'IAC 567-65.110(1)"c": manure from a small out-of-state operation → not required',
    facts: { filer: 'out_of_state_manure_applier', animalUnitCapacity: 2400, outOfStateOperationIsSmall: true }, required: false, citation: 'IAC 567-65.110(1)"c"' },
  { title: 'IAC 567-65.110(1)"c": smallness not stated, 400 AU source operation is small → not required',
    facts: { filer: 'out_of_state_manure_applier', animalUnitCapacity: 400 }, required: false, citation: 'IAC 567-65.110(1)"c"' },
  // (1)"d"
  { title: 'IAC 567-65.110(1)"d": new owner must submit an original MMP within 60 days after acquiring',
    facts: { filer: 'new_owner', animalUnitCapacity: 1200, acquiredOn: '2025-01-01' }, required: true, dueOn: '2025-03-02', citation: 'IAC 567-65.110(1)"d"' },
  { title: 'IAC 567-65.110(1)"d": new owner, 60 days across a leap day',
    facts: { filer: 'new_owner', animalUnitCapacity: 1200, acquiredOn: '2024-01-01' }, required: true, dueOn: '2024-03-01', citation: 'IAC 567-65.110(1)"d"' },
  // (1)"e"(1)
  { title: 'IAC 567-65.110(1)"e"(1): research college, research activity (as permit applicant) → exempt',
    facts: applicant({ researchCollegeActivity: true }), required: false, citation: 'IAC 567-65.110(1)"e"(1)' },
  { title: 'IAC 567-65.110(1)"e"(1): research college, research activity (as owner built after 1985) → exempt',
    facts: owner({ constructedOn: '2005-01-01', researchCollegeActivity: true }), required: false, citation: 'IAC 567-65.110(1)"e"(1)' },
];

describe('mmpRequirement — who must file (IAC 567-65.110(1))', () => {
  for (const c of cases) {
    it(c.title, () => {
      const result = mmpRequirement(c.facts);
      expect(result.required).toBe(c.required);
      expect(result.citation).toBe(c.citation);
      expect(result.reason.length).toBeGreaterThan(20);
      if (c.dueOn) expect(result.dueOn).toBe(c.dueOn);
      else expect(result.dueOn).toBeUndefined();
    });
  }

  it('IAC 567-65.110(1)"d": a new owner without an acquisition date is an input error naming acquiredOn', () => {
    expect(() => mmpRequirement({ filer: 'new_owner', animalUnitCapacity: 900 })).toThrow(/acquiredOn/);
  });
});
