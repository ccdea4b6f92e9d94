import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { animalUnitBreakdown, mmpRequirementFor } from '@/lib/operations/facts';
import { nextStepFor } from '@/lib/operations/next-step';
import type { OperationSummary } from '@/lib/operations/queries';
import { nextSafoState } from '@/lib/operations/safo';
import { cleanFilename, looksLikePdf } from '@/lib/plans/attachments';
import { isSafeKey } from '@/lib/storage';
import { LocalDiskStorage } from '@/lib/storage/local-disk';
import { sameDraft } from '@/components/plan/wizard/use-autosave';
import { newUuid } from '@/lib/plans/document/ids';
import { agreementsStep, fieldsStep } from '@/lib/validation/plan-fields';
import { ownerReceiptSchema, productionStep, receiptSchema, saveDraftSchema, submitPlanSchema, updateStep } from '@/lib/validation/plans';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the forms refuse bad input in plain words', () => {
  it('fields: acres must be more than 0, a crop year once', () => {
    const f = { key: 'a', name: 'Home', countyFips: '19021', acres: '-3', tenure: 'owned', crops: [{ year: '2027', crop: 'corn' }, { year: '2027', crop: 'beans' }], optimumYield: '200', nitrogenRateLbPerAcre: '150', phosphorusIndex: '1', applicationMethod: 'injected', applicationTiming: 'fall' };
    expect(messages(fieldsStep.safeParse({ fields: [{ ...f, crops: [f.crops[0]] }] }))).toEqual({ 'fields.0.acres': 'Acres must be more than 0' });
    expect(messages(fieldsStep.safeParse({ fields: [{ ...f, acres: '10' }] }))).toEqual({ 'fields.0.crops.1.year': 'This year is already in the schedule' });
    expect(messages(fieldsStep.safeParse({ fields: [{ ...f, acres: '10', countyFips: '31055', crops: [f.crops[0]] }] }))).toEqual({ 'fields.0.countyFips': 'Choose an Iowa county' });
  });
  it('manure: available nitrogen cannot exceed total nitrogen', () => {
    const p = { annualAnimalProduction: '100', nutrientUnit: 'tons', manureAmount: '50', nutrientSource: 'sample', totalNitrogenPerUnit: '10', availableNitrogenPerUnit: '12', p2o5PerUnit: '5' };
    expect(messages(productionStep.safeParse(p))).toEqual({ availableNitrogenPerUnit: 'Available nitrogen cannot be more than the total nitrogen' });
  });
  it('agreements: signed in the past and uploaded', () => {
    const a = { key: 'k', fieldKey: 'a', landownerName: 'Ann Vos', signedOn: '2027-01-01', attachmentId: '' };
    expect(messages(agreementsStep('2026-11-30').safeParse({ agreements: [a] }))).toEqual({
      'agreements.0.signedOn': 'The signing date cannot be in the future',
      'agreements.0.attachmentId': 'Upload the signed agreement (PDF)',
    });
  });
  it('updates: a kind, a capacity of 0 or more, a channel', () => {
    expect(messages(updateStep.safeParse({ updateKind: '', statedAnimalUnitCapacity: '-1', channel: '' }))).toEqual({
      updateKind: 'Choose what kind of update you are filing',
      statedAnimalUnitCapacity: 'The animal unit capacity cannot be negative',
      channel: 'Choose how the counties get their copy',
    });
  });
  it('drafts save whatever was typed, but only the plan’s own steps; a submission needs the certification, the password and the plan’s fingerprint', () => {
    const planId = '3f6c2a8e-1b7d-4e52-9a0c-5d8e7f1a2b3c';
    expect(saveDraftSchema.safeParse({ planId, version: 3, draft: { fields: { fields: [{ acres: 'lots' }] } } }).success).toBe(true);
    expect(saveDraftSchema.safeParse({ planId, version: 3, draft: { secrets: {} } }).success).toBe(false);
    // The signing step: the certification ticked, the password, and what the signer was shown.
    expect(messages(submitPlanSchema.safeParse({ planId, version: 3, idempotencyKey: planId, certify: false, documentSha256: 'a'.repeat(64), certificationVersion: '2026-12', password: 'x' }))).toEqual({
      certify: 'Tick the box to make the certification',
    });
    expect(messages(submitPlanSchema.safeParse({ planId, version: 3, idempotencyKey: planId, certify: true, documentSha256: 'not a hash', certificationVersion: '2026-12', password: '' }))).toEqual({
      documentSha256: 'Reload the page: the plan’s fingerprint is missing.',
      password: 'Type your password to sign',
    });
    expect(messages(receiptSchema.safeParse({ planId, countyFips: '19167', receivedOn: '', receivedByName: '' }))).toMatchObject({ receivedOn: 'Enter the date the county received the plan' });
    // One schema for the owner's form and the county official's: the same words on both pages.
    expect(messages(receiptSchema.safeParse({ planId, countyFips: '19167', receivedOn: '2027-02-30', receivedByName: ' ' }))).toEqual({ receivedOn: 'Enter a real date, for example 03/01/2027.', receivedByName: 'Enter who received the plan for the county.' });
    expect(messages(ownerReceiptSchema.safeParse({ planId, countyFips: '19167', receivedOn: '2027-02-01', receivedByName: 'Lyon County Auditor', attachmentId: '' }))).toEqual({ attachmentId: 'Upload the signed receipt (PDF)' });
  });
});

describe('what the law says about an operation', () => {
  it('computes capacity per line with the factor, skipping lines that are not counts', () => {
    const au = animalUnitBreakdown([{ category: 'swine_over_55_lb', head: '2,480' }, { category: 'dairy_mature', head: '1.5' }]);
    expect(au.total).toBe(992);
    expect(au.lines).toEqual([expect.objectContaining({ category: 'swine_over_55_lb', head: 2480, factor: 0.4, animalUnits: 992 })]);
  });
  it('answers "Do I need an MMP?" with the paragraph that decides it', () => {
    expect(mmpRequirementFor({ animalUnitCapacity: 992, constructedOn: '2019-04-01', constructionPermitStatus: 'not_required', researchCollege: false })).toMatchObject({ required: true, citation: 'IAC 567-65.110(1)"b"(1)' });
    expect(mmpRequirementFor({ animalUnitCapacity: 450, constructedOn: '2019-04-01', constructionPermitStatus: 'not_required', researchCollege: false })).toMatchObject({ required: false });
    expect(mmpRequirementFor({ animalUnitCapacity: 1200, constructionPermitStatus: 'applied', researchCollege: false })).toMatchObject({ required: true, citation: 'IAC 567-65.110(1)"a"' });
    expect(mmpRequirementFor({ animalUnitCapacity: 1200, constructionPermitStatus: 'issued', researchCollege: false, acquiredOn: '2026-11-20' })).toMatchObject({ dueOn: '2027-01-19' });
  });
  it('the SAFO election: refused above 500 AU, kept while eligible, ended automatically past 500 housed', () => {
    const today = '2026-11-30';
    expect(() => nextSafoState({ elect: true, animalUnits: 600, previous: null, today })).toThrow(/not available/);
    const elected = nextSafoState({ elect: true, animalUnits: 450, peakHoused: 400, previous: null, today });
    expect(elected).toMatchObject({ safoElectedOn: today, safoEndedOn: null });
    const ended = nextSafoState({ elect: true, animalUnits: 450, peakHoused: 501, previous: { safoElectedOn: '2025-01-01', safoEndedOn: null, safoEndReason: null }, today });
    expect(ended).toMatchObject({ safoElectedOn: '2025-01-01', safoEndedOn: today, endedNow: true, safoEndReason: expect.stringMatching(/501 animal units were housed/) });
  });
});

describe('the next step on the dashboard', () => {
  const op = { id: 'o', latestPlanId: 'p', latestPlanStatus: 'approved', daysUntilDue: 45, newOwnerDaysLeft: null, latestPlanCountiesMissingReceipt: 0 } as OperationSummary;
  it('links each state to where it is done', () => {
    expect(nextStepFor(op)).toEqual({ text: 'File the annual update before its due date.', urgent: true, href: '/operations/o' });
    expect(nextStepFor({ ...op, latestPlanStatus: 'draft' })).toMatchObject({ href: '/plans/p/edit' });
    expect(nextStepFor({ ...op, latestPlanStatus: 'submitted', latestPlanCountiesMissingReceipt: 2 })).toMatchObject({ text: 'Record the county receipts for your hard copy (2 counties missing).', href: '/plans/p' });
    expect(nextStepFor({ ...op, newOwnerDaysLeft: -3 })).toMatchObject({ text: 'New owner: start your original plan (overdue by 3 days).' });
    expect(nextStepFor({ ...op, daysUntilDue: 200 })).toMatchObject({ text: 'Nothing due now.', urgent: false });
  });
});

describe('attachments', () => {
  it('a PDF is recognised by its first bytes, not its name', () => {
    expect(looksLikePdf(new TextEncoder().encode('%PDF-1.7\n'))).toBe(true);
    expect(looksLikePdf(new TextEncoder().encode('GIF89a'))).toBe(false);
    expect(looksLikePdf(new Uint8Array())).toBe(false);
    expect(cleanFilename('C:\\scans\\../map "north".pdf')).toBe('map _north_.pdf');
    expect(cleanFilename('receipt')).toBe('receipt.pdf');
  });
  it('local disk storage keeps bytes under safe keys only', async () => {
    const store = new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), 'mmp-store-')));
    await store.put('plans/p1/a.pdf', new Uint8Array([1, 2, 3]));
    expect(await store.get('plans/p1/a.pdf')).toEqual(new Uint8Array([1, 2, 3]));
    await store.delete('plans/p1/a.pdf');
    expect(await store.get('plans/p1/a.pdf')).toBeNull();
    expect(isSafeKey('plans/../../etc/passwd')).toBe(false);
    await expect(store.put('../outside.pdf', new Uint8Array([1]))).rejects.toThrow(/Unsafe/);
  });
});

describe('autosave helpers', () => {
  it('a draft read back from the database (keys reordered) is the same draft', () => {
    expect(sameDraft({ fields: { fields: [{ name: 'A', acres: '80' }] }, contacts: {} }, { contacts: {}, fields: { fields: [{ acres: '80', name: 'A' }] } })).toBe(true);
    expect(sameDraft({ fields: { fields: [{ acres: '80' }] } }, { fields: { fields: [{ acres: '85' }] } })).toBe(false);
  });
  it('idempotency keys are version 4 UUIDs', () => {
    expect(newUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
