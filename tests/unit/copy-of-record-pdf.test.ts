import { describe, expect, it } from 'vitest';
import { footerWords, renderCopyOfRecordPdf, type CopyOfRecordInput } from '@/lib/pdf/copy-of-record-pdf';
import type { FiledDocument } from '@/lib/plans/document/types';
import { PLAN_CERTIFICATION, certificationSha256 } from '@/lib/signing/certification';
import { pdffonts, pdfinfo, pdftotext, popplerMissing } from '../support/poppler';

// The copy of record as an archivist and a screen reader meet it: tagged PDF/A, every font embedded
// (no Helvetica, which is never embedded), the receipt and "Page n of m" on every page.

const field = (i: number): FiledDocument['fields'][number] => ({
  key: `f${i}`, name: `Field ${i}`, countyFips: '19167', acres: 80, tenure: 'owned', crops: [{ year: 2027, crop: 'corn' }], optimumYield: 200,
  nitrogenRateLbPerAcre: 150, legumeCreditLbPerAcre: null, commercialNLbPerAcre: 30, carryoverCreditLbPerAcre: 20, phosphorusIndex: 1.5,
  applicationMethod: 'injected', applicationTiming: 'fall', previousCrop: 'soybeans', previousCropManured: false, yieldSource: 'own_records',
  yieldBasis: 'Yield monitor 2021-2025', p2o5RemovalLbPerAcre: 60, yearsBetweenApplications: 2,
});
const input = (fields: number): CopyOfRecordInput => ({
  confirmationNumber: 'MMP-2026-000123', referenceNumber: 'MMP-19167-0042', receivedAt: new Date('2026-11-03T15:04:00Z'),
  kind: 'original', updateKind: null, channel: 'electronic', animalUnitCapacity: 2480,
  operation: { name: 'Hansen Finisher Site', facilityId: '58123', countyName: 'Sioux' },
  owner: { name: 'Karen Hansen', email: 'karen@example.com' },
  submittedBy: { name: 'Karen Hansen', roleLabel: 'owner', email: 'karen@example.com' },
  signature: {
    userId: '00000000-0000-4000-8000-000000000001', name: 'Karen Hansen', email: 'karen@example.com', capacity: 'Owner of record',
    signedAt: '2026-11-03T15:03:30Z', documentSha256: 'b'.repeat(64), certificationVersion: PLAN_CERTIFICATION.version,
    certificationSha256: certificationSha256(), factor: 'password_and_authenticator',
  },
  document: {
    contacts: [{ name: 'Karen Hansen', role: 'Owner', phone: '712-555-0141', email: 'karen@example.com' }],
    production: { annualAnimalProduction: 7440, nutrientUnit: 'thousand_gallons', manureAmount: 1_800_000, manureAmountBasis: 'Pumping records', nutrientSource: 'sample', totalNitrogenPerUnit: 52, availableNitrogenPerUnit: 46, p2o5PerUnit: 31 },
    fields: Array.from({ length: fields }, (_, i) => field(i + 1)),
    agreements: [], stockpiles: [], soilLossPractices: 'No-till on all fields; O’Brien “terraces”.',
  },
  changes: [], documentSha256: 'a'.repeat(64), verifyUrl: 'https://mmp.iowa.example/verify', countyName: () => 'Sioux',
});

// Skipped, with the reason in the test's name, only where poppler-utils is absent (.ci/run installs it).
const poppler = (name: string, fn: () => Promise<void>) => it.skipIf(popplerMissing !== null)(popplerMissing ? `${name} [skipped: ${popplerMissing}]` : name, fn);

describe('the copy of record PDF', () => {
  poppler('is tagged PDF/A with a title and language, every font embedded', async () => {
    const pdf = await renderCopyOfRecordPdf(input(2));
    const info = pdfinfo(pdf);
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(info).toMatch(/^PDF version:\s+1\.7$/m);
    expect(info).toMatch(/^Title:\s+Manure management plan: copy of record MMP-2026-000123$/m);
    expect(pdf.toString('latin1')).toMatch(/\/Lang \(en-US\)/);
    expect(pdf.toString('latin1')).toMatch(/<pdfaid:part>2<\/pdfaid:part>/);
    const fonts = pdffonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((f) => !f.emb)).toEqual([]);
    expect(fonts.map((f) => f.name).join(' ')).not.toMatch(/Helvetica/);
  });

  poppler('shows the plan, the receipt, who signed and submitted, and the hashes, with "Page n of m" on every page', async () => {
    const pdf = await renderCopyOfRecordPdf(input(40));
    const pages = Number(pdfinfo(pdf).match(/^Pages:\s+(\d+)$/m)![1]);
    expect(pages).toBeGreaterThan(2);
    const text = pdftotext(pdf);
    const perPage = text.split('\f').filter((p) => p.trim());
    expect(perPage).toHaveLength(pages);
    perPage.forEach((page, i) => expect(page).toContain(footerWords('MMP-2026-000123', i + 1, pages)));
    for (const words of ['Hansen Finisher Site', 'Owner of record: Karen Hansen', 'Field 40', 'Manure produced a year: 1,800,000', 'O’Brien “terraces”', 'I certify under penalty of law', 'a'.repeat(64), 'November 3, 2026 at 9:04 AM CST',
      // The signature block: who signed, in what capacity, when, with what, and the hash of what they read.
      'Signed electronically by Karen Hansen (karen@example.com), owner of record, on November 3, 2026 at 9:03 AM CST, with their password and a code from their authenticator app',
      `SHA-256 of the plan as the signer read it (canonical JSON, RFC 8785): ${'b'.repeat(64)}`, `version ${PLAN_CERTIFICATION.version}; SHA-256 of its text: ${certificationSha256()}`]) {
      expect(text.replace(/\s+/g, ' ')).toContain(words);
    }
    // A long address may wrap after a slash.
    expect(text.replace(/\s+/g, '')).toContain('checkitathttps://mmp.iowa.example/verify');
  });
});
