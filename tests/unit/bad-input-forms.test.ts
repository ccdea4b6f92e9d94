import { describe, expect, it } from 'vitest';
import { animalUnitBreakdown } from '@/lib/operations/facts';
import { NOT_A_NUMBER, operationSchema } from '@/lib/validation/operations';
import { agreementsStep } from '@/lib/validation/plan-fields';
import { productionStep } from '@/lib/validation/plans';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const operation = {
  name: 'North Site', kind: 'confinement', countyFips: '19167', township: '96N', range: '45W', section: '14', quarterSection: 'NE',
  address911: '3200 Garfield Ave, Rock Valley', constructedOn: '2015-05-01', constructionPermitStatus: 'issued',
  inventory: [{ category: 'swine_over_55_lb', head: '2480' }], storage: [], contractProducer: false, researchCollege: false, safoElect: false,
};

describe('bad input is a field error, never a broken page', () => {
  it('a head count beyond what the rule accepts is a field error, and the live capacity does not throw', () => {
    const huge = { ...operation, inventory: [{ category: 'swine_over_55_lb', head: '100000001' }] };
    expect(messages(operationSchema.safeParse(huge))).toEqual({ 'inventory.0.head': 'That is more head than any Iowa operation holds' });
    // The registration form shows the capacity as the owner types: the figure is skipped, not thrown.
    expect(() => animalUnitBreakdown(huge.inventory)).not.toThrow();
    expect(animalUnitBreakdown(huge.inventory).total).toBe(0);
    expect(animalUnitBreakdown([{ category: 'swine_over_55_lb', head: '2,480' }]).total).toBe(992);
  });

  it('words in a number field say "enter a number", not that the field is empty', () => {
    expect(messages(operationSchema.safeParse({ ...operation, inventory: [{ category: 'swine_over_55_lb', head: 'lots' }] }))).toEqual({ 'inventory.0.head': NOT_A_NUMBER });
    expect(messages(operationSchema.safeParse({ ...operation, inventory: [{ category: 'swine_over_55_lb', head: '' }] }))).toEqual({ 'inventory.0.head': 'Enter the number of head at capacity' });
    expect(messages(operationSchema.safeParse({ ...operation, section: 'six' }))).toEqual({ section: NOT_A_NUMBER });
    const p = { annualAnimalProduction: 'many', nutrientUnit: 'tons', manureAmount: '50', nutrientSource: 'sample', totalNitrogenPerUnit: '10', availableNitrogenPerUnit: '8', p2o5PerUnit: '5' };
    expect(messages(productionStep.safeParse(p))).toEqual({ annualAnimalProduction: NOT_A_NUMBER });
  });

  it('an agreement may not cover more acres than the field it names', () => {
    const a = { key: 'k', fieldKey: 'north', landownerName: 'Ann Vos', acres: '95', signedOn: '2020-01-01', attachmentId: '00000000-0000-4000-8000-000000000001' };
    const step = agreementsStep('2026-11-30', [{ key: 'north', acres: '80' }]);
    expect(messages(step.safeParse({ agreements: [a] }))).toEqual({ 'agreements.0.acres': 'The agreement covers 95 acres, more than the field’s 80. Check both figures.' });
    expect(step.safeParse({ agreements: [{ ...a, acres: '80' }] }).success).toBe(true);
  });
});
