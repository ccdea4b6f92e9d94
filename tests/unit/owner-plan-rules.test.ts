import { describe, expect, it } from 'vitest';
import { checkPlan, type CheckContext } from '@/lib/plans/completeness';
import { derivePlanCounties } from '@/lib/plans/counties';
import { diffDocuments } from '@/lib/plans/document/diff';
import type { PlanDocument, PlanDraft } from '@/lib/plans/document/types';
import { feePreview } from '@/lib/plans/fees';
import { stepsFor } from '@/lib/plans/steps';

const TODAY = '2026-11-30';

const field = (key: string, countyFips: string, over: Record<string, unknown> = {}) => ({
  key, name: `Field ${key}`, countyFips, acres: '80', tenure: 'owned', crops: [{ year: '2027', crop: 'corn' }], optimumYield: '200',
  nitrogenRateLbPerAcre: '150', phosphorusIndex: '1.5', applicationMethod: 'injected', applicationTiming: 'fall', ...over,
});

function draft(over: PlanDraft = {}): PlanDraft {
  return {
    contacts: { contacts: [{ name: 'Karen Hansen', role: 'Owner', phone: '712-555-0141', email: '' }] },
    production: { annualAnimalProduction: '7440', nutrientUnit: 'thousand_gallons', manureAmount: '1900000', nutrientSource: 'sample', totalNitrogenPerUnit: '50', availableNitrogenPerUnit: '45', p2o5PerUnit: '30' },
    fields: { fields: [field('a', '19021'), field('b', '19151')] },
    agreements: { agreements: [] },
    stockpiles: { stockpiles: [], soilLossPractices: 'No-till and grassed waterways on every slope.' },
    attachments: {},
    ...over,
  };
}

const ctx = (over: Partial<CheckContext> = {}): CheckContext => ({
  kind: 'original', today: TODAY, designStatementApplies: false, attachments: [{ id: 'map', kind: 'site_map' }],
  contractorMissing: false, operationEditHref: '/operations/x/edit', previous: null, ...over,
});

describe('the completeness pre-check (the same step schemas as the form)', () => {
  it('turns a complete original into the document, with counties from the fields', () => {
    const result = checkPlan(draft(), ctx());
    expect(result.missing).toEqual([]);
    expect(result.document!.fields.map((f) => [f.name, f.acres])).toEqual([['Field a', 80], ['Field b', 80]]);
    expect(derivePlanCounties('19021', result.document!.fields)).toEqual([
      { fips: '19021', relation: 'located_in' }, { fips: '19021', relation: 'land_applied_in' }, { fips: '19151', relation: 'land_applied_in' },
    ]);
  });

  it('lists each missing item with the step it belongs to', () => {
    const result = checkPlan(
      draft({ fields: { fields: [field('a', '19021', { acres: '0' })] }, production: { annualAnimalProduction: '', nutrientUnit: 'tons' }, contacts: undefined }),
      ctx({ attachments: [] }),
    );
    const byStep = result.missing.map((m) => [m.step, m.message]);
    expect(byStep).toContainEqual(['fields', 'Acres must be more than 0']);
    expect(byStep).toContainEqual(['production', 'Enter how many animals the operation produces in a year']);
    // A step never opened is one item rather than one per question.
    expect(byStep).toContainEqual(['contacts', '“Contacts” is not filled in yet.']);
    expect(byStep).toContainEqual(['attachments', 'Upload a map of the operation and the fields where manure is applied (PDF).']);
    expect(result.document).toBeNull();
  });

  it('needs a signed agreement for land used under one, and refuses a stockpile too close to a tile inlet', () => {
    const result = checkPlan(
      draft({
        fields: { fields: [field('a', '19021', { tenure: 'agreement' })] },
        stockpiles: { soilLossPractices: 'Grassed waterways and no-till.', stockpiles: [{ key: 's', name: 'East pad', distances: { surface_tile_inlet: '150' }, slopePercent: '2' }] },
      }),
      ctx(),
    );
    expect(result.missing.map((m) => m.step)).toEqual(['agreements', 'stockpiles']);
    expect(result.missing[1]!.message).toMatch(/East pad.*150 ft from a surface tile inlet.*more than 200 ft.*Iowa Code 459\.311B\(1\)"a"/);
  });

  it('refuses a construction start less than 30 days away, saying why (IAC 567-65.110(2))', () => {
    const soon = checkPlan(draft({ attachments: { constructionPlanned: 'yes', constructionBeginsOn: '2026-12-20' } }), ctx({ designStatementApplies: true, attachments: [{ id: 'm', kind: 'site_map' }, { id: 'd', kind: 'design_statement' }] }));
    expect(soon.missing).toEqual([{ step: 'attachments', path: 'constructionBeginsOn', message: expect.stringMatching(/at least 30 days before construction begins.*earliest start is December 30, 2026/) }]);
    const ok = checkPlan(draft({ attachments: { constructionPlanned: 'yes', constructionBeginsOn: '2026-12-30' } }), ctx({ designStatementApplies: true, attachments: [{ id: 'm', kind: 'site_map' }, { id: 'd', kind: 'design_statement' }] }));
    expect(ok.missing).toEqual([]);
    expect(ok.document!.constructionBeginsOn).toBe('2026-12-30');
  });

  it('a no-change update is the approved plan itself; a list of changes needs a change', () => {
    const previous = checkPlan(draft(), ctx()).document as PlanDocument;
    const update = { updateKind: 'no_change_statement', statedAnimalUnitCapacity: '992', channel: 'electronic', noChangeConfirmed: true };
    expect(stepsFor({ kind: 'annual_update', updateKind: 'no_change_statement' })).toEqual(['update', 'review']);
    const noChange = checkPlan({ update }, ctx({ kind: 'annual_update', previous }));
    expect(noChange.document).toBe(previous);
    expect(noChange.update).toMatchObject({ statedAnimalUnitCapacity: 992, channel: 'electronic' });

    const same = checkPlan(draft({ update: { ...update, updateKind: 'list_of_changes' } }), ctx({ kind: 'annual_update', previous }));
    expect(same.missing).toEqual([{ step: 'update', message: expect.stringMatching(/nothing differs from the last approved plan/) }]);
    expect(checkPlan({ update }, ctx({ kind: 'annual_update', previous: null })).missing[0]!.message).toMatch(/has none yet/);
  });

  it('a contract producer without its active contractor is sent to the operation page', () => {
    const result = checkPlan(draft(), ctx({ contractorMissing: true }));
    expect(result.missing).toEqual([expect.objectContaining({ href: '/operations/x/edit', message: expect.stringMatching(/active contractor/) })]);
  });
});

describe('the list of changes', () => {
  it('names each change against the last approved plan', () => {
    const before = checkPlan(draft(), ctx()).document!;
    const after = checkPlan(draft({ fields: { fields: [field('a', '19021', { acres: '95' }), field('c', '19079')] } }), ctx()).document!;
    expect(diffDocuments(before, after, { countyName: (f) => ({ '19079': 'Hamilton' })[f] ?? f })).toEqual([
      { path: 'fields.a.acres', label: 'Field “Field a”: acres', before: '80', after: '95' },
      { path: 'fields.c', label: 'Field added: Field c', before: null, after: 'Field c, Hamilton County, 80 acres, P index 1.5, N 150 lb/acre' },
      { path: 'fields.b', label: 'Field removed: Field b', before: 'Field b, 19151 County, 80 acres, P index 1.5, N 150 lb/acre', after: null },
    ]);
  });
});

describe('fees shown before submitting', () => {
  const update = { kind: 'annual_update' as const, constructionPermitStatus: 'issued', contractProducer: false, safoInForce: false };
  it('an original MMP: $250, or $500 with a construction permit application (IAC 567-65.110(7))', () => {
    expect(feePreview({ ...update, kind: 'original', constructionPermitStatus: 'not_required', statedAnimalUnitCapacity: null }).totalCents).toBe(25000);
    const withPermit = feePreview({ ...update, kind: 'original', constructionPermitStatus: 'applied', statedAnimalUnitCapacity: null });
    expect(withPermit.lines.map((l) => [l.code, l.cents])).toEqual([['mmp_filing', 25000], ['construction_permit_application', 25000]]);
    expect(withPermit.totalCents).toBe(50000);
  });
  it('an update: $0.15 per stated AU, paid by the active contractor of a contract producer, none for an elected SAFO', () => {
    expect(feePreview({ ...update, statedAnimalUnitCapacity: 992 }).lines).toEqual([expect.objectContaining({ code: 'annual_compliance', cents: 14880, payer: 'owner', citation: 'IAC 567-65.110(3)"c"' })]);
    expect(feePreview({ ...update, statedAnimalUnitCapacity: 1984, contractProducer: true }).lines[0]).toMatchObject({ cents: 29760, payer: 'active_contractor' });
    const safo = feePreview({ ...update, statedAnimalUnitCapacity: 450, safoInForce: true });
    expect(safo).toMatchObject({ lines: [], totalCents: 0, note: expect.stringMatching(/SAFO/) });
  });
  it('an update with the capacity left blank asks for the capacity instead of saying no fee is due (IAC 567-65.110(3)"c")', () => {
    const blank = feePreview({ ...update, statedAnimalUnitCapacity: null });
    expect(blank).toMatchObject({ lines: [], totalCents: 0 });
    expect(blank.note).toBe('Enter the animal unit capacity this update states: the annual compliance fee is $0.15 for each animal unit of it (IAC 567-65.110(3)"c").');
    expect(blank.note).not.toContain('No annual compliance fee');
  });
});
