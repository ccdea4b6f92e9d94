import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { GET as downloadCopy } from '@/app/api/plans/[id]/copy-of-record.pdf/route';
import type { Actor } from '@/lib/auth/roles';
import { getActor } from '@/lib/auth/session';
import { auditEvents, copiesOfRecord, emailOutbox, planSubmissions } from '@/db/schema';
import { COPY_MISMATCH_ACTION, recheckCopiesOfRecord } from '@/lib/jobs/copies-of-record';
import { describeDailyRun, runDailyJob } from '@/lib/jobs/daily';
import { documentSha256, getCopyOfRecord, sha256Hex } from '@/lib/plans/copy-of-record';
import { pdffonts, pdfinfo, pdftotext, popplerMissing } from '../support/poppler';
import { createOperation, createOwner, createReviewer, createUser, ownerWithSubmittedPlan, submitOriginalPlan } from './support/factories';
import { grantAccess } from '@/lib/auth/grants';
import { nameSignatory } from '@/lib/signing/signatories';
import { databaseLabel, useTestDb } from './support/test-db';

vi.mock('@/lib/auth/session', () => ({ getActor: vi.fn() }));
const download = async (as: Actor | null, planId: string) => {
  vi.mocked(getActor).mockResolvedValue(as);
  return downloadCopy(new Request(`http://localhost/api/plans/${planId}/copy-of-record.pdf`), { params: Promise.resolve({ id: planId }) });
};

// The copy of record (CROMERR): made once at receipt, stored write-once under its own hash,
// acknowledged to whoever submitted, and given only to those who may see the plan.
describe(`the copy of record on ${databaseLabel}`, () => {
  const t = useTestDb();

  it('is made once when the plan is submitted, its bytes hashing to its key, with the frozen document’s hash', async () => {
    const { planId, submission } = await ownerWithSubmittedPlan();
    const db = t.get().db;
    const copies = await db.select().from(copiesOfRecord).where(eq(copiesOfRecord.planId, planId));
    expect(copies).toHaveLength(1);
    const copy = copies[0]!;
    expect(sha256Hex(copy.pdf)).toBe(copy.sha256);
    expect(copy.planSubmissionId).toBe(submission.submissionId);
    expect(copy.confirmationNumber).toBe(submission.confirmationNumber);
    const [frozen] = await db.select({ snapshot: planSubmissions.snapshot }).from(planSubmissions).where(eq(planSubmissions.id, submission.submissionId));
    expect(copy.documentSha256).toBe(documentSha256(frozen!.snapshot));
    expect(copy.pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
  });

  it('cannot be changed or removed: the database refuses UPDATE and DELETE', async () => {
    const { planId } = await ownerWithSubmittedPlan();
    const db = t.get().db;
    await expect(db.update(copiesOfRecord).set({ confirmationNumber: 'MMP-1999-000001' }).where(eq(copiesOfRecord.planId, planId))).rejects.toMatchObject({ cause: { message: expect.stringMatching(/copies_of_record is append-only: UPDATE refused/) } });
    await expect(db.execute(sql`update copies_of_record set pdf = pdf || '\\x00'::bytea where plan_id = ${planId}`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/append-only: UPDATE refused/) } });
    await expect(db.delete(copiesOfRecord).where(eq(copiesOfRecord.planId, planId))).rejects.toMatchObject({ cause: { message: expect.stringMatching(/copies_of_record is append-only: DELETE refused/) } });
    expect(await db.select({ sha256: copiesOfRecord.sha256 }).from(copiesOfRecord).where(eq(copiesOfRecord.planId, planId))).toHaveLength(1);
  });

  it('is acknowledged at once to the person who submitted, with the receipt number, the hash and the link', async () => {
    const { owner, planId, submission } = await ownerWithSubmittedPlan();
    const db = t.get().db;
    const [copy] = await db.select({ sha256: copiesOfRecord.sha256, documentSha256: copiesOfRecord.documentSha256 }).from(copiesOfRecord).where(eq(copiesOfRecord.planId, planId));
    const mails = await db.select().from(emailOutbox).where(and(eq(emailOutbox.template, 'copy-of-record'), eq(emailOutbox.eventKey, `plan:${planId}:copy-of-record:${submission.submissionId}`)));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.toAddress).toBe(owner.email);
    expect(mail.text).toContain(submission.confirmationNumber!);
    expect(mail.text).toContain(copy!.sha256);
    expect(mail.text).toContain(copy!.documentSha256);
    expect(mail.text).toContain(`/api/plans/${planId}/copy-of-record.pdf`);
  });

  it('filed by a preparer, is acknowledged to the preparer and to the owner of record, once each', async () => {
    const owner = await createOwner();
    const { operationId } = await createOperation(owner);
    const preparer = await createUser('preparer');
    await grantAccess(owner, { operationId, email: preparer.email });
    await nameSignatory(owner, { operationId, email: preparer.email, capacity: 'Preparer authorized by the owner' });
    const { planId, submission } = await submitOriginalPlan(preparer, operationId);
    const mails = await t.get().db.select().from(emailOutbox).where(and(eq(emailOutbox.template, 'copy-of-record'), eq(emailOutbox.eventKey, `plan:${planId}:copy-of-record:${submission.submissionId}`)));
    // The owner's account and her party's registered address are one address here.
    expect(mails.map((m) => m.toAddress).sort()).toEqual([owner.email, preparer.email].sort());
    expect(mails[0]!.text).toContain(`Dear ${owner.name},`);
  });

  it('is given to those who may see the plan and not found for anyone else', async () => {
    const { owner, planId } = await ownerWithSubmittedPlan({ countyFips: '19167' });
    const reviewer = await createReviewer();
    const stored = await getCopyOfRecord(owner, planId);
    expect(sha256Hex(stored.pdf)).toBe(stored.sha256);
    expect((await getCopyOfRecord(reviewer, planId)).sha256).toBe(stored.sha256);
    const stranger = await createOwner();
    await expect(getCopyOfRecord(stranger, planId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const otherCounty = await createUser('county_official', { countyFips: '19001' });
    await expect(getCopyOfRecord(otherCounty, planId)).rejects.toMatchObject({ code: 'NOT_FOUND' });

    // The download: the stored bytes exactly for the owner; 404 for a stranger, 401 signed out.
    const res = await download(owner, planId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('repr-digest')).toBe(`sha-256=:${Buffer.from(stored.sha256, 'hex').toString('base64')}:`);
    expect(sha256Hex(Buffer.from(await res.arrayBuffer()))).toBe(stored.sha256);
    expect((await download(stranger, planId)).status).toBe(404);
    expect((await download(null, planId)).status).toBe(401);
  });

  it.skipIf(popplerMissing !== null)(`shows as tagged with every font embedded in poppler${popplerMissing ? ` [skipped: ${popplerMissing}]` : ''}`, async () => {
    const { owner, planId, operationName, submission } = await ownerWithSubmittedPlan();
    const { pdf } = await getCopyOfRecord(owner, planId);
    expect(pdfinfo(pdf)).toMatch(/^Tagged:\s+yes$/m);
    const fonts = pdffonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((f) => !f.emb)).toEqual([]);
    const text = pdftotext(pdf).replace(/\s+/g, ' ');
    expect(text).toContain(operationName);
    expect(text).toContain(`receipt ${submission.confirmationNumber} · Page 1 of`);
    expect(text).toContain(owner.name);
  });

  it('is re-hashed daily: a copy changed behind the database’s back is recorded and the department’s staff are emailed, once', async () => {
    const { planId, submission } = await ownerWithSubmittedPlan();
    const staff = await createReviewer();
    const db = t.get().db;
    const day = '2027-02-01';
    const clean = await recheckCopiesOfRecord(db, { today: day, origin: 'https://mmp.test' });
    expect(clean.mismatched).toBe(0);
    expect(clean.checked).toBeGreaterThan(0);
    // Someone with the table owner's rights switches the guard off and changes one byte.
    await db.execute(sql`alter table copies_of_record disable trigger copies_of_record_no_update`);
    try {
      await db.execute(sql`update copies_of_record set pdf = overlay(pdf placing '\x25'::bytea from 200 for 1) where plan_id = ${planId}`);
    } finally {
      await db.execute(sql`alter table copies_of_record enable trigger copies_of_record_no_update`);
    }
    const [copy] = await db.select({ sha256: copiesOfRecord.sha256, pdf: copiesOfRecord.pdf }).from(copiesOfRecord).where(eq(copiesOfRecord.planId, planId));
    expect(sha256Hex(copy!.pdf)).not.toBe(copy!.sha256);
    const first = await recheckCopiesOfRecord(db, { today: day, origin: 'https://mmp.test' });
    expect(first).toEqual({ checked: clean.checked, mismatched: 1 });
    // The daily job runs the same check: again the same day, nothing is recorded or sent twice.
    const daily = await runDailyJob({ today: day, origin: 'https://mmp.test', transport: null, deliver: false });
    expect(daily.copiesOfRecord).toEqual({ checked: clean.checked, mismatched: 1 });
    expect(describeDailyRun(daily)).toContain(`copies of record re-hashed: ${clean.checked}, 1 NO LONGER MATCH`);
    const events = await db.select().from(auditEvents).where(and(eq(auditEvents.action, COPY_MISMATCH_ACTION), eq(auditEvents.entityId, planId)));
    expect(events).toHaveLength(1);
    expect(events[0]!.after).toMatchObject({ checkedOn: day, confirmationNumber: submission.confirmationNumber, expected: copy!.sha256, found: sha256Hex(copy!.pdf) });
    const mails = await db.select().from(emailOutbox).where(and(eq(emailOutbox.template, 'copy-of-record-mismatch'), eq(emailOutbox.toAddress, staff.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(submission.confirmationNumber!);
    expect(mails[0]!.text).toContain(copy!.sha256);
  });
});
