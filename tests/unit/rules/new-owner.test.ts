import { describe, expect, it } from 'vitest';
import { animalUnitCapacity, mmpRequirement, whoMustFile } from '@/lib/rules';

// IAC 567-65.110(1)"d": "A new owner of a confinement feeding operation may apply manure under the most
// recent owner's MMP until the new owner develops and submits an original MMP. The new owner must develop
// and submit an original MMP within 60 days after acquiring the operation." Paragraph "d" sets when a new
// owner files; who must have an MMP at all is "a"/"b": the owner of an operation "other than a SAFO" (500
// AU or less), constructed or expanded after May 31, 1985, or building a manure storage structure.

const acquiredOn = '2026-03-02';
const newOwner = (animalUnitCapacity: number, more: Record<string, unknown> = {}) =>
  mmpRequirement({ filer: 'new_owner', animalUnitCapacity, acquiredOn, ...more });

describe('a new owner of 499, 500 and 501 animal units (IAC 567-65.110(1)"b", "d")', () => {
  it('IAC 567-65.110(1)"d": 499 AU is a SAFO, so its new owner owes no original MMP and no due date', () => {
    const r = newOwner(animalUnitCapacity({ cattle_slaughter_feeder: 499 }), { constructedOn: '2010-01-01' });
    expect(r.required).toBe(false);
    expect(r.dueOn).toBeUndefined();
    expect(r.reason).toMatch(/small animal feeding operation/);
  });
  it('IAC 567-65.110(1)"d": exactly 500 AU is still a SAFO (500 or less): no original MMP owed', () => {
    const r = newOwner(500, { constructedOn: '2010-01-01' });
    expect(r).toMatchObject({ required: false });
    expect(r.dueOn).toBeUndefined();
  });
  it('IAC 567-65.110(1)"d": 501 AU constructed after May 31, 1985: an original MMP is due 60 days after acquiring', () => {
    const r = newOwner(501, { constructedOn: '2010-01-01' });
    expect(r).toMatchObject({ required: true, dueOn: '2026-05-01', citation: 'IAC 567-65.110(1)"d"' });
    expect(r.reason).toMatch(/within 60 days after acquiring/);
  });
  it('IAC 567-65.110(1)"d": 501 AU with the construction date unknown is treated as one that must file', () => {
    expect(newOwner(501)).toMatchObject({ required: true, dueOn: '2026-05-01' });
  });
  it('IAC 567-65.110(1)"d": a SAFO with its construction date unknown still owes none', () => {
    expect(newOwner(400).required).toBe(false);
  });
});

describe('a new owner of an operation built before May 31, 1985 (IAC 567-65.110(1)"b"(1), (2), "d")', () => {
  it('IAC 567-65.110(1)"b"(1): constructed in 1980 and never expanded, no new structure: no original MMP', () => {
    const r = newOwner(1200, { constructedOn: '1980-04-01' });
    expect(r.required).toBe(false);
    expect(r.dueOn).toBeUndefined();
    expect(r.reason).toMatch(/neither constructed nor expanded after May 31, 1985/);
  });
  it('IAC 567-65.110(1)"b"(1): constructed in 1980 and expanded in 1996: an original MMP within 60 days', () => {
    expect(newOwner(1200, { constructedOn: '1980-04-01', lastExpandedOn: '1996-08-01' })).toMatchObject({ required: true, dueOn: '2026-05-01' });
  });
  it('IAC 567-65.110(1)"b"(1): expanded on May 31, 1985 itself is not "after" it', () => {
    expect(newOwner(1200, { constructedOn: '1980-04-01', lastExpandedOn: '1985-05-31' }).required).toBe(false);
  });
  it('IAC 567-65.110(1)"b"(2): built in 1980 but building a storage structure that adds manure volume: required', () => {
    expect(newOwner(1200, { constructedOn: '1980-04-01', buildsManureStorageStructure: true, newStructureIncreasesManureVolume: true })).toMatchObject({ required: true });
  });
  it('IAC 567-65.110(1)"e"(1): a research college acquiring an operation is exempt', () => {
    expect(newOwner(1200, { constructedOn: '2010-01-01', researchCollegeActivity: true }).required).toBe(false);
  });
});

describe('whoMustFile: the list the home page shows, consistent with mmpRequirement', () => {
  const duties = whoMustFile();
  it('names (1)"a" to "e" with their exceptions, from the parameters', () => {
    expect(duties.map((d) => d.citation)).toEqual(['a', 'b', 'c', 'd', 'e'].map((p) => `IAC 567-65.110(1)"${p}"`));
    const b = duties[1]!;
    expect(b.who).toMatch(/more than 500 animal units/);
    expect(b.who).toMatch(/after May 31, 1985/);
    expect(duties[0]!.except).toMatch(/egg washwater/);
    expect(duties[2]!.except).toMatch(/small operation/);
    expect(duties[3]!.who).toMatch(/operation that must have an MMP/);
  });
  it('each statement matches what mmpRequirement decides', () => {
    expect(mmpRequirement({ filer: 'construction_permit_applicant', animalUnitCapacity: 500 }).required).toBe(false);
    expect(mmpRequirement({ filer: 'construction_permit_applicant', animalUnitCapacity: 900, eggWashwaterStructureOnly: true }).required).toBe(false);
    expect(mmpRequirement({ filer: 'confinement_owner', animalUnitCapacity: 501, constructedOn: '1985-06-01' }).required).toBe(true);
    expect(mmpRequirement({ filer: 'out_of_state_manure_applier', animalUnitCapacity: 900, outOfStateOperationIsSmall: true }).required).toBe(false);
  });
});
