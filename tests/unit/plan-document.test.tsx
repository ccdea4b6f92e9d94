import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DocumentView } from '@/components/plan-document/document-view';
import { diffDocuments } from '@/lib/plans/document/diff';
import { upgradeDraft, upgradeSnapshot } from '@/db/upgrades/plan-documents';
import { buildSnapshot, readSnapshot, SnapshotUnreadable, SNAPSHOT_VERSION } from '@/lib/plans/document/snapshot';
import type { FiledDocument } from '@/lib/plans/document/types';
import { agreementsStep, fieldRow } from '@/lib/validation/plan-fields';
import { stockpileRow } from '@/lib/validation/plan-stockpiles';
import { contactsStep, productionStep } from '@/lib/validation/plans';
import unversioned from '../fixtures/snapshot-unversioned.json';

// One document for everyone: the snapshot a submission writes reads back unchanged, every shape
// already stored reads, and every part a user can enter (taken from the step schemas, so a new
// part is covered without editing this test) shows in the document view and in the diff.

const field = (key: string, name: string): FiledDocument['fields'][number] => ({
  key, name, countyFips: '19167', acres: 80, tenure: 'owned', crops: [{ year: 2027, crop: 'corn' }], optimumYield: 200,
  nitrogenRateLbPerAcre: 150, legumeCreditLbPerAcre: 40, commercialNLbPerAcre: 30, carryoverCreditLbPerAcre: 20, phosphorusIndex: 1.5,
  applicationMethod: 'injected', applicationTiming: 'fall',
  previousCrop: 'soybeans', previousCropManured: false, yieldSource: 'own_records', yieldBasis: 'Yield monitor 2021-2025', p2o5RemovalLbPerAcre: 60, yearsBetweenApplications: 2,
});
const base: FiledDocument = {
  contacts: [{ name: 'Karen Hansen', role: 'Owner', phone: '712-555-0141', email: 'karen@example.com' }],
  production: { annualAnimalProduction: 7440, nutrientUnit: 'thousand_gallons', manureAmount: 1_800_000, manureAmountBasis: 'Pumping records 2024-2025', nutrientSource: 'sample', totalNitrogenPerUnit: 52, availableNitrogenPerUnit: 46, p2o5PerUnit: 31 },
  fields: [field('f1', 'Home 80'), field('f2', 'North 40')],
  agreements: [{ key: 'a1', fieldKey: 'f1', landownerName: 'Jan De Boer', acres: 40, signedOn: '2026-09-01', attachmentId: '3f6c2a8e-1b7d-4e52-9a0c-5d8e7f1a2b3c', commercialNLbPerAcre: 20, commercialP2o5LbPerAcre: 10, statementId: '9a8b7c6d-1b7d-4e52-9a0c-5d8e7f1a2b3c' }],
  stockpiles: [{
    key: 's1', name: 'East pad', distances: { terrace_tile_inlet: 850 }, tileInletDischargesToWater: true, runoffCannotReachTileInlet: false,
    runoffCannotReachDesignatedArea: false, inGrassedWaterway: false, slopePercent: 2, runoffContainmentPractices: true, practicesDescription: 'Earthen berm',
  }],
  soilLossPractices: 'No-till on all fields.',
};

const render = (doc: FiledDocument) => renderToStaticMarkup(<DocumentView doc={doc} countyName={(f) => ({ '19167': 'Sioux', '19141': 'O’Brien' })[f] ?? f} />);

/** Another valid value for a part: the next option of an enum, a bigger number, a flipped flag, longer text. */
function another(schema: z.ZodType, value: unknown, siblings: { otherKey: string }): unknown {
  const options = (schema as unknown as { options?: readonly string[] }).options ?? findOptions(schema);
  if (options) return options.find((o) => o !== value);
  if (typeof value === 'number') return value + 7;
  if (typeof value === 'boolean') return !value;
  if (Array.isArray(value)) return [...value, { year: 2028, crop: 'soybeans' }];
  if (value && typeof value === 'object') return { ...value, surface_tile_inlet: 1234 };
  if (typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value)) return '11111111-2222-4333-8444-555555555555';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return '2026-08-15';
  if (typeof value === 'string' && value === 'f1') return siblings.otherKey;
  if (typeof value === 'string' && /^19\d{3}$/.test(value)) return '19141';
  return `${String(value)} (changed)`;
}
function findOptions(schema: z.ZodType): readonly string[] | undefined {
  // Preprocessed and piped schemas wrap their enum.
  const def = (schema as unknown as { def?: Record<string, unknown> }).def;
  for (const inner of [def?.out, def?.in, def?.innerType, def?.schema]) {
    if (inner && typeof inner === 'object') {
      const found = (inner as { options?: readonly string[] }).options ?? findOptions(inner as z.ZodType);
      if (found) return found;
    }
  }
  return undefined;
}

type Part = { section: string; key: string; schema: z.ZodType; change: (doc: FiledDocument, value: (old: unknown) => unknown) => FiledDocument; read: (doc: FiledDocument) => unknown };
const rowParts = <K extends 'fields' | 'agreements' | 'stockpiles'>(section: K, shape: Record<string, z.ZodType>): Part[] =>
  Object.entries(shape)
    .filter(([key]) => key !== 'key')
    .map(([key, schema]) => ({
      section, key, schema,
      read: (d) => (d[section][0] as Record<string, unknown>)[key],
      change: (d, value) => ({ ...d, [section]: d[section].map((r, i) => (i === 0 ? { ...r, [key]: value((r as Record<string, unknown>)[key]) } : r)) }),
    }));
// The agreements list is preprocessed (a missing list is empty): its rows are the pipe's output array's element.
const agreementShape = (agreementsStep('2026-11-30').shape.agreements as unknown as { def: { out: { element: z.ZodObject } } }).def.out.element.shape;

const PARTS: Part[] = [
  ...Object.entries(productionStep.shape).map(([key, schema]): Part => ({
    section: 'production', key, schema,
    read: (d) => (d.production as Record<string, unknown>)[key],
    change: (d, value) => ({ ...d, production: { ...d.production, [key]: value((d.production as Record<string, unknown>)[key]) } }),
  })),
  ...rowParts('fields', fieldRow.shape),
  ...rowParts('agreements', agreementShape),
  ...rowParts('stockpiles', stockpileRow.shape),
];

describe('the plan document', () => {
  it('covers every part of the step schemas (the list below is generated, not written)', () => {
    expect(PARTS.length).toBe(Object.keys(productionStep.shape).length + Object.keys(fieldRow.shape).length - 1 + Object.keys(agreementShape).length - 1 + Object.keys(stockpileRow.shape).length - 1);
    expect(Object.keys(contactsStep.shape)).toEqual(['contacts']);
  });

  for (const part of PARTS) {
    it(`${part.section}.${part.key}: shows in the document view, survives the snapshot and is in the diff`, () => {
      const changed = part.change(base, (old) => another(part.schema, old, { otherKey: 'f2' }));
      expect(part.read(changed)).not.toEqual(part.read(base));
      expect(render(changed)).not.toBe(render(base));
      const stored = JSON.parse(JSON.stringify(buildSnapshot({ ...snapshotParts, document: changed })));
      expect(readSnapshot(stored).document).toEqual(changed);
      const diff = diffDocuments(base, changed);
      expect(diff.map((c) => c.path)).toContainEqual(expect.stringMatching(new RegExp(`${part.section}(\\.[^.]+)?\\.${part.key}$`)));
    });
  }

  it('matches rows by id: a renamed field is one change, two fields of one name never collide', () => {
    const renamed = { ...base, fields: [{ ...base.fields[0]!, name: 'Home 80 East' }, { ...base.fields[1]!, name: 'Home 80 East' }] };
    const diff = diffDocuments(base, renamed);
    expect(diff).toEqual([
      { path: 'fields.f1.name', label: 'Field “Home 80”: name', before: 'Home 80', after: 'Home 80 East' },
      { path: 'fields.f2.name', label: 'Field “North 40”: name', before: 'North 40', after: 'Home 80 East' },
    ]);
  });
});

const snapshotParts = {
  kind: 'annual_update' as const, updateKind: 'list_of_changes', channel: 'electronic', animalUnitCapacity: 992, changes: [], previousPlanId: null, fees: [],
  attachments: [], indemnity: null, operation: { id: 'o', name: 'Op', facilityId: null, countyFips: '19167', constructionPermitStatus: 'issued' },
  owner: { partyId: 'p', name: 'Owner', email: null }, submittedBy: { userId: 'u', name: 'Owner', role: 'owner' as const },
};

describe('snapshots already stored', () => {
  it(`a new submission writes version ${SNAPSHOT_VERSION}`, () => {
    expect(buildSnapshot({ ...snapshotParts, document: base }).version).toBe(1);
  });

  it('reads only version 1: an earlier shape is refused until the database upgrade has rewritten it', () => {
    expect(() => readSnapshot(unversioned)).toThrow(SnapshotUnreadable);
    expect(() => readSnapshot({ ...buildSnapshot({ ...snapshotParts, document: base }), document: { ...base, fields: [{ name: 'No key' }] } })).toThrow(SnapshotUnreadable);
  });

  it('upgrades the unversioned snapshot of earlier releases (the fixture of the stored shape)', () => {
    const r = readSnapshot(upgradeSnapshot(unversioned, null));
    expect(r.animalUnitCapacity).toBe(992);
    expect(r.document.fields.map((f) => [f.name, f.crops[0]!.crop, f.phosphorusIndex, f.commercialNLbPerAcre])).toEqual([['Home 80', 'corn', 1.5, null], ['De Boer 40', 'soybeans', 2.5, null]]);
    expect(r.document.agreements[0]).toMatchObject({ fieldKey: '0b5c1b1e-6a55-4c55-9d2e-2f0c3a1d0002', landownerName: 'Jan De Boer' });
    expect(r.document.stockpiles[0]).toMatchObject({ distances: { terrace_tile_inlet: 850, designated_area: 400 }, runoffCannotReachDesignatedArea: true, practicesDescription: 'Earthen berm on the downslope side' });
    expect(r.changes).toEqual([{ path: 'fields.0b5c1b1e-6a55-4c55-9d2e-2f0c3a1d0002', label: 'Field added: De Boer 40', before: null, after: 'De Boer 40, Plymouth County, 40 acres, P index 2.5, N 0 lb/acre' }]);
    expect(render(r.document)).toContain('Jan De Boer, field “De Boer 40”, 40 acres, signed September 1, 2026');
  });

  it('upgrades the early flat shape (cropSchedule, distancesFt, landAgreements, content) and leaves a missing figure a gap, not 0', () => {
    const r = readSnapshot(upgradeSnapshot({
      content: { manureProduction: { annualAnimalProduction: 4960, manureVolumeGallons: 3_600_000, unit: 'thousand_gallons' }, soilLossPractices: 'Terraces.', changes: [{ path: 'fields.x', before: null, after: 'X', note: 'Field added' }] },
      fields: [{ name: 'Field 1', countyFips: '19167', acres: 80, tenure: 'owned', cropSchedule: [{ year: 2026, crop: 'corn' }], phosphorusIndex: null }],
      stockpiles: [{ name: 'Old pad', distancesFt: { known_sinkhole: 500, not_a_feature: 3 } }],
      landAgreements: [{ landownerName: 'Jan De Boer', fieldName: 'Field 1', signedOn: '2026-09-01' }],
    }, null));
    expect(r.document.fields[0]).toMatchObject({ key: 'row-0', crops: [{ year: 2026, crop: 'corn' }], phosphorusIndex: null, optimumYield: null });
    expect(r.document.stockpiles[0]!.distances).toEqual({ known_sinkhole: 500 });
    expect(r.document.agreements[0]).toMatchObject({ fieldKey: 'row-0', attachmentId: null });
    expect(r.document.production).toMatchObject({ annualAnimalProduction: 4960, manureAmount: 3_600_000, availableNitrogenPerUnit: null });
    expect(r.document.soilLossPractices).toBe('Terraces.');
    expect(r.changes).toEqual([{ path: 'fields.x', label: 'Field added', before: null, after: 'X' }]);
    expect(render(r.document)).toContain('not given');
  });
});

describe('drafts already stored', () => {
  it('get the version of their format, keep only the form’s steps, and an update’s rows take the approved plan’s keys by name, each key once', () => {
    const approved = { fields: [{ key: 'f1', name: 'Home 80' }], agreements: [], stockpiles: [{ key: 's1', name: 'East pad' }] };
    const { draft, rekeyed } = upgradeDraft({
      fields: { fields: [{ key: 'old-1', name: ' home 80' }, { key: 'old-2', name: 'Home 80' }, { key: 'old-3', name: 'West 40' }] },
      stockpiles: { stockpiles: [{ key: 'old-s', name: 'EAST PAD' }], soilLossPractices: 'Terraces.' },
      review: { seen: true },
    }, approved);
    expect(draft.version).toBe(1);
    expect(draft).not.toHaveProperty('review');
    expect((draft.fields as { fields: { key: string }[] }).fields.map((f) => f.key)).toEqual(['f1', 'old-2', 'old-3']);
    expect((draft.stockpiles as { stockpiles: { key: string }[]; soilLossPractices: string })).toMatchObject({ stockpiles: [{ key: 's1' }], soilLossPractices: 'Terraces.' });
    expect([...rekeyed.fields]).toEqual([['old-1', 'f1']]);
    // An original plan's draft (nothing approved to match) only gets its version.
    expect(upgradeDraft({ contacts: { contacts: [] } }, null).draft).toEqual({ version: 1, contacts: { contacts: [] } });
  });
});

describe('check your answers before every step is complete', () => {
  it('reads the draft as typed: numbers typed as text, a figure not typed yet a gap', async () => {
    const { documentOfDraft } = await import('@/lib/plans/document/draft');
    const doc = documentOfDraft({
      fields: { fields: [{ key: 'k1', name: 'Home 80', countyFips: '19021', acres: '80', tenure: 'owned', crops: [{ year: '2027', crop: 'corn' }], phosphorusIndex: '' }] },
      stockpiles: { stockpiles: [], soilLossPractices: 'No-till.' },
    });
    expect(doc.fields[0]).toMatchObject({ key: 'k1', acres: 80, crops: [{ year: 2027, crop: 'corn' }], phosphorusIndex: null, optimumYield: null });
    expect(doc.soilLossPractices).toBe('No-till.');
    expect(doc.contacts).toEqual([]);
    expect(render(doc)).toContain('Home 80');
  });
});

describe('the step indicator', () => {
  it('marks a step completed only when it is, wherever the user is', async () => {
    const { StepIndicator } = await import('@/components/step-indicator');
    const html = renderToStaticMarkup(<StepIndicator steps={['Contacts', 'Fields', 'Maps', 'Review']} currentStep={4} complete={[true, true, false, false]} />);
    expect(html).toContain('Contacts<span class="usa-sr-only"> completed</span>');
    expect(html).toContain('Maps<span class="usa-sr-only"> not completed</span>');
    const before = renderToStaticMarkup(<StepIndicator steps={['Contacts', 'Fields']} currentStep={1} complete={[false, true]} />);
    expect(before).toContain('Fields<span class="usa-sr-only"> completed</span>');
  });
});
