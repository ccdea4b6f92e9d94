import { describe, expect, it } from 'vitest';
import { getCopyOfRecord } from '@/lib/plans/copy-of-record';
import { verifyCopyOfRecord } from '@/lib/public/verify-copy';
import { parseOrThrow } from '@/lib/validation/parse';
import { MAX_VERIFY_BYTES, verifyRequestSchema } from '@/lib/validation/verify';
import { ownerWithSubmittedPlan } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// The public check of a copy of record: the stored PDF (or its SHA-256) matches and names its filing
// with no more than the public status search shows; a copy with one byte changed does not match.
describe(`checking a copy of record on ${databaseLabel}`, () => {
  useTestDb();
  let n = 0;
  const address = () => `198.51.100.${++n}`;
  const pdfFile = (bytes: Uint8Array) => new File([new Uint8Array(bytes)], 'copy.pdf', { type: 'application/pdf' });

  it('matches the stored copy, given as the PDF or as its SHA-256, and names the filing and nothing private', async () => {
    const { owner, planId, operationName, submission } = await ownerWithSubmittedPlan({ countyFips: '19167' });
    const copy = await getCopyOfRecord(owner, planId);
    const byFile = await verifyCopyOfRecord(parseOrThrow(verifyRequestSchema, { sha256: '', file: pdfFile(copy.pdf) }), address());
    expect(byFile.sha256).toBe(copy.sha256);
    expect(byFile.match).toMatchObject({ kind: 'plan', confirmationNumber: submission.confirmationNumber, operationName, countyName: 'Sioux', receivedOn: submission.submittedOn });
    expect(Object.keys(byFile.match!).sort()).toEqual(['confirmationNumber', 'countyName', 'facilityId', 'kind', 'operationName', 'receivedOn', 'referenceNumber']);
    expect(JSON.stringify(byFile)).not.toContain(owner.email);
    // Pasted in capitals and over two lines, as copied from a printout.
    const pasted = `${copy.sha256.slice(0, 32).toUpperCase()}\n ${copy.sha256.slice(32)}`;
    const byHash = await verifyCopyOfRecord(parseOrThrow(verifyRequestSchema, { sha256: pasted }), address());
    expect(byHash.match?.confirmationNumber).toBe(submission.confirmationNumber);
  });

  it('says a copy with one byte changed does not match', async () => {
    const { owner, planId } = await ownerWithSubmittedPlan();
    const copy = await getCopyOfRecord(owner, planId);
    const changed = Buffer.from(copy.pdf);
    const at = changed.length >> 1;
    changed[at] = changed[at]! ^ 0x01; // one bit of one byte, in the middle of the file
    const answer = await verifyCopyOfRecord(parseOrThrow(verifyRequestSchema, { sha256: '', file: pdfFile(changed) }), address());
    expect(answer.sha256).not.toBe(copy.sha256);
    expect(answer.match).toBeNull();
  });

  it('refuses a file too large to be a copy of record, neither file nor hash, and a malformed hash', () => {
    const big = pdfFile(new Uint8Array(MAX_VERIFY_BYTES + 1));
    expect(() => parseOrThrow(verifyRequestSchema, { sha256: '', file: big })).toThrow(expect.objectContaining({ fieldErrors: { file: [expect.stringMatching(/larger than 900 KB/)] } }));
    expect(() => parseOrThrow(verifyRequestSchema, { sha256: '' })).toThrow(expect.objectContaining({ fieldErrors: { sha256: ['Choose the PDF or paste its SHA-256'] } }));
    expect(() => parseOrThrow(verifyRequestSchema, { sha256: 'abc123' })).toThrow(expect.objectContaining({ fieldErrors: { sha256: [expect.stringMatching(/64 letters and digits/)] } }));
  });

  it('slows a client that checks too often, in plain words', async () => {
    const from = address();
    for (let i = 0; i < 20; i++) await verifyCopyOfRecord({ sha256: '0'.repeat(64) }, from);
    await expect(verifyCopyOfRecord({ sha256: '0'.repeat(64) }, from)).rejects.toMatchObject({ code: 'THROTTLED', message: expect.stringMatching(/Too many checks/) });
  });
});
