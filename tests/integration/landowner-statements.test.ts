import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db';
import { auditEvents, emailOutbox, operationAccessGrants, operationManagers, operationSignatories, operations, parties, plans, users } from '@/db/schema';
import { today } from '@/lib/clock';
import { saveDraft } from '@/lib/plans/drafts';
import { submitSigned } from '../support/signing';
import { getReviewView } from '@/lib/reviews/review-view';
import { confirmLandownerStatement, requestLandownerStatement } from '@/lib/statements/statements';
import { getStatementCopy, getStatementCopyByLink } from '@/lib/statements/copy-of-record';
import { findFiledCopy } from '@/lib/public/verify-copy';
import { sha256Hex } from '@/lib/plans/copy-of-record';
import { sql } from 'drizzle-orm';
import { archivalProblems, pdfPages, popplerMissing } from '../support/poppler';
import { startPlan } from '@/lib/plans/start';
import { loadFiledDocument } from '@/lib/plans/document/read-filed';
import { uploadAttachment } from '@/lib/plans/attachments';
import { completeDraft, createOperation, createOwner, createReviewer, createUser, planVersion } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// DNR form 542-8167: a field on land the owner neither owns nor rents needs the landowner's statement
// of intent. Instead of a signed PDF, the filer emails the landowner a single-use link; the plan is
// complete once the landowner confirmed exactly what the plan says, and their commercial nitrogen is
// the field's credit.
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
const origin = 'http://portal.test';

describe(`landowners' statements of intent confirmed by email on ${databaseLabel}`, () => {
  useTestDb();
  const year = Number(today().slice(0, 4));

  async function planWithStatementField() {
    const owner = await createOwner();
    const { operationId } = await createOperation(owner);
    const { planId } = await startPlan(owner, { operationId, kind: 'original' }, today());
    const d = completeDraft();
    const fields = (d.fields.fields as Record<string, unknown>[]).map((f, i) =>
      i === 0 ? { ...f, crops: [{ year: String(year + 1), crop: 'corn' }], commercialNLbPerAcre: '', nitrogenRateLbPerAcre: '200' } : f);
    // Home 80 is the landowner's: 200 lb N planned; with their 60 lb of commercial N the field may take (240 - 60) / 45 = 4.
    const homeKey = fields[0]!.key as string;
    fields[0] = { ...fields[0], tenure: 'agreement' };
    const agreement = { key: randomUUID(), fieldKey: homeKey, landownerName: 'Jan De Boer', acres: '80', signedOn: today(), commercialNLbPerAcre: '60', commercialP2o5LbPerAcre: '' };
    await uploadAttachment(owner, { planId, kind: 'site_map', filename: 'site map.pdf', bytes: PDF });
    const draft = { ...d, fields: { fields: fields.map((f, i) => (i === 0 ? { ...f, nitrogenRateLbPerAcre: '170' } : f)) }, agreements: { agreements: [agreement] } };
    return { owner, operationId, planId, draft, agreement };
  }

  const save = async (owner: Awaited<ReturnType<typeof createOwner>>, planId: string, draft: Record<string, unknown>) =>
    saveDraft(owner, { planId, version: await planVersion(planId), draft });
  const submit = async (owner: Awaited<ReturnType<typeof createOwner>>, planId: string) =>
    submitSigned(owner, { planId, version: await planVersion(planId), idempotencyKey: randomUUID() }, { today: today(), origin });

  it('asks no statement for a field the plan marks owned or rented', async () => {
    const { owner, planId, draft, agreement } = await planWithStatementField();
    const fields = (draft.fields.fields as Record<string, unknown>[]).map((f, i) => (i === 0 ? { ...f, tenure: 'rented' } : f));
    await save(owner, planId, { ...draft, fields: { fields } });
    const refused = await requestLandownerStatement(owner, {
      planId, agreementKey: agreement.key, landownerName: 'Jan De Boer', landownerEmail: 'rented.owner@example.test', fieldName: 'Home 80', acres: 80, commercialNLbPerAcre: 60,
    }, { origin }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'VALIDATION', fieldErrors: { fieldName: [expect.stringContaining('Home 80 is marked as rented land: a statement of intent is asked only for land the owner neither owns nor rents')] } });
    const mails = await (await getDb()).select().from(emailOutbox).where(and(eq(emailOutbox.template, 'statement-requested'), eq(emailOutbox.toAddress, 'rented.owner@example.test')));
    expect(mails).toHaveLength(0);
    // Marked as used under a written agreement, the same request is sent.
    await save(owner, planId, draft);
    await expect(requestLandownerStatement(owner, {
      planId, agreementKey: agreement.key, landownerName: 'Jan De Boer', landownerEmail: 'rented.owner@example.test', fieldName: 'Home 80', acres: 80, commercialNLbPerAcre: 60,
    }, { origin })).resolves.toMatchObject({ fieldName: 'Home 80' });
  });

  it('refuses to send the landowner’s link to the filer’s own address or the owner’s', async () => {
    const { owner, operationId, planId, draft, agreement } = await planWithStatementField();
    await save(owner, planId, draft);
    for (const address of [owner.email, owner.email.toUpperCase()]) {
      const refused = await requestLandownerStatement(owner, {
        planId, agreementKey: agreement.key, landownerName: 'Jan De Boer', landownerEmail: address, fieldName: 'Home 80', acres: 80, commercialNLbPerAcre: 60,
      }, { origin }).catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: 'VALIDATION', fieldErrors: { landownerEmail: [expect.stringContaining('belongs to you. The statement of intent is confirmed by the landowner')] } });
    }
    // A preparer acting for the owner can neither send it to the owner nor have the owner send it to them.
    const preparer = await createUser('preparer');
    await (await getDb()).insert(operationAccessGrants).values({ operationId, userId: preparer.id, grantedByUserId: owner.id });
    const ask = (actor: typeof owner, landownerEmail: string) => requestLandownerStatement(actor, {
      planId, agreementKey: agreement.key, landownerName: 'Jan De Boer', landownerEmail, fieldName: 'Home 80', acres: 80, commercialNLbPerAcre: 60,
    }, { origin }).catch((e: unknown) => e);
    expect(await ask(preparer, owner.email)).toMatchObject({ fieldErrors: { landownerEmail: [expect.stringContaining('belongs to the operation’s owner')] } });
    expect(await ask(owner, preparer.email)).toMatchObject({ fieldErrors: { landownerEmail: [expect.stringContaining('belongs to someone who acts for the operation')] } });
    const mails = await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.template, 'statement-requested'));
    expect(mails.filter((m) => [owner.email, preparer.email].includes(m.toAddress))).toHaveLength(0);
    // The landowner's own address is sent.
    await expect(ask(owner, 'jan.deboer.own@example.test')).resolves.toMatchObject({ fieldName: 'Home 80' });
  });

  it('refuses the addresses of the people named to sign, the operation’s managers and its active contractor', async () => {
    const { owner, operationId, planId, draft, agreement } = await planWithStatementField();
    await save(owner, planId, draft);
    const db = await getDb();
    // Someone the owner named to sign her plans (an officer with an owner account of their own).
    const officer = await createOwner({ name: 'Pieter Officer' });
    await db.insert(operationSignatories).values({ operationId, userId: officer.id, capacity: 'President, the owner’s corporation', namedByUserId: owner.id });
    // A manager recorded for the operation (Iowa Code 459A.103(1)"d"), by the party's address and by an account that speaks for it.
    const [manager] = await db.insert(parties).values({ kind: 'person', name: 'Marta Manager', email: 'marta.manager@example.test' }).returning({ id: parties.id });
    await db.insert(operationManagers).values({ operationId, partyId: manager!.id, kind: 'day_to_day_control' });
    const managerAccount = await createOwner({ name: 'Marta Manager' });
    await db.update(users).set({ partyId: manager!.id }).where(eq(users.id, managerAccount.id));
    // The contract producer's active contractor (Iowa Code 202.1), by the party's address and its account.
    const contractor = await createUser('active_contractor');
    await db.update(parties).set({ email: 'office@contractor.example.test' }).where(eq(parties.id, contractor.partyId!));
    await db.update(operations).set({ contractProducer: true, activeContractorId: contractor.partyId }).where(eq(operations.id, operationId));

    const ask = (landownerEmail: string) => requestLandownerStatement(owner, {
      planId, agreementKey: agreement.key, landownerName: 'Jan De Boer', landownerEmail, fieldName: 'Home 80', acres: 80, commercialNLbPerAcre: 60,
    }, { origin }).catch((e: unknown) => e);
    const refusedAs = async (address: string) => ((await ask(address)) as { fieldErrors?: { landownerEmail?: string[] } }).fieldErrors?.landownerEmail?.[0];
    expect(await refusedAs(officer.email.toUpperCase())).toContain('belongs to someone named to sign for the operation');
    expect(await refusedAs('marta.manager@example.test')).toContain('belongs to a manager of the operation');
    expect(await refusedAs(managerAccount.email)).toContain('belongs to a manager of the operation');
    expect(await refusedAs('office@contractor.example.test')).toContain('belongs to the operation’s active contractor');
    expect(await refusedAs(contractor.email)).toContain('belongs to the operation’s active contractor');
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.template, 'statement-requested'));
    expect(mails.filter((m) => [officer.email, 'marta.manager@example.test', managerAccount.email, 'office@contractor.example.test', contractor.email].includes(m.toAddress))).toHaveLength(0);

    // A signatory whose authority the owner ended is no longer on the filer's side.
    await db.update(operationSignatories).set({ revokedAt: new Date(), revokedByUserId: owner.id }).where(eq(operationSignatories.userId, officer.id));
    await expect(ask(officer.email)).resolves.toMatchObject({ fieldName: 'Home 80' });
  });

  it('emails the landowner, refuses the plan until they confirm, then files it with their nitrogen credited', async () => {
    const { owner, planId, draft, agreement } = await planWithStatementField();
    const sent = await requestLandownerStatement(owner, {
      planId, agreementKey: agreement.key, landownerName: 'Jan De Boer', landownerEmail: 'jan.deboer@example.test', fieldName: 'Home 80', acres: 80, commercialNLbPerAcre: 60,
    }, { origin });
    const [mail] = await (await getDb()).select().from(emailOutbox).where(and(eq(emailOutbox.template, 'statement-requested'), eq(emailOutbox.toAddress, 'jan.deboer@example.test')));
    expect(mail?.subject).toBe(`Please confirm: manure from ${mail?.text.match(/plan of (.+?) \(facility/)?.[1]} on your field Home 80`);
    expect(mail?.text).toContain('Your commercial nitrogen (N)');
    const token = /statements\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;

    await save(owner, planId, { ...draft, agreements: { agreements: [{ ...agreement, statementId: sent.id }] } });
    const waiting = await submit(owner, planId).catch((e: unknown) => e as { code: string; fieldErrors?: Record<string, string[]> });
    expect(waiting).toMatchObject({ code: 'VALIDATION' });
    expect(Object.values((waiting as { fieldErrors: Record<string, string[]> }).fieldErrors).flat()).toContain(
      'Jan De Boer has not yet confirmed the statement of intent emailed to jan.deboer@example.test. Wait for it, upload a signed copy, or send it again.');

    await confirmLandownerStatement({ token, signedName: 'Jan De Boer', agree: true }, { origin });
    await expect(confirmLandownerStatement({ token, signedName: 'Jan De Boer', agree: true }, { origin })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const filed = await submit(owner, planId);
    expect(filed.confirmationNumber).toMatch(/^MMP-/);
    const [row] = (await loadFiledDocument(await getDb(), planId))!.document.agreements;
    expect(row).toMatchObject({ statementId: sent.id, commercialNLbPerAcre: 60, attachmentId: null });
    const audit = await (await getDb()).select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.entityId, planId)).orderBy(asc(auditEvents.id));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['statement.requested', 'statement.confirmed_by_landowner']));

    const view = await getReviewView(await createReviewer(), planId, today());
    const home = view.figures.find((f) => f.label === 'Home 80: manure rate against its limit');
    // 170 / 45 = 3.78 planned; (240 - 60) / 45 = 4 at most, the 60 lb from the landowner's statement.
    expect(home?.value).toMatch(/^3\.78 thousand gallons per acre planned; at most 4 /);
    expect(home?.value).toContain('commercial nitrogen from the landowner’s statement of intent');
  });

  it('gives the confirmed statement its own copy of record: archival, write-once, emailed to the landowner, for the plan’s readers only, and found by /verify', async () => {
    const { owner, planId, draft, agreement } = await planWithStatementField();
    await save(owner, planId, draft);
    const sent = await requestLandownerStatement(owner, {
      planId, agreementKey: agreement.key, landownerName: 'Jan De Boer', landownerEmail: 'jan.copy@example.test', fieldName: 'Home 80', acres: 80, commercialNLbPerAcre: 60,
    }, { origin });
    const db = await getDb();
    const [request] = await db.select().from(emailOutbox).where(and(eq(emailOutbox.template, 'statement-requested'), eq(emailOutbox.toAddress, 'jan.copy@example.test')));
    const token = /token=([A-Za-z0-9_-]+)/.exec(request!.text)![1]!;
    const confirmed = await confirmLandownerStatement({ token, signedName: 'Jan Pieter De Boer', agree: true }, { origin });
    expect(confirmed.receiptNumber).toMatch(/^SOI-\d{4}-[0-9A-F]{8}$/);

    // The landowner is emailed the receipt, the hash and a link of their own, which opens the stored bytes.
    const [ack] = await db.select().from(emailOutbox).where(and(eq(emailOutbox.template, 'statement-copy-of-record'), eq(emailOutbox.toAddress, 'jan.copy@example.test')));
    expect(ack?.text).toContain(confirmed.receiptNumber);
    expect(ack?.text).toContain(confirmed.sha256);
    const copyToken = /copy-of-record\.pdf\?token=([A-Za-z0-9_-]+)/.exec(ack!.text)![1]!;
    const byLink = await getStatementCopyByLink(copyToken);
    expect(sha256Hex(byLink.pdf)).toBe(confirmed.sha256);
    await expect(getStatementCopyByLink(`${copyToken}x`)).rejects.toMatchObject({ code: 'NOT_FOUND' });

    // The owner may open it from the plan; someone else's owner may not.
    expect((await getStatementCopy(owner, sent.id)).sha256).toBe(confirmed.sha256);
    await expect(getStatementCopy(await createOwner(), sent.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // An address that is not a statement's id at all is not found either, never a server error.
    await expect(getStatementCopy(owner, '-'.repeat(36))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // An expired link says so in words the landowner can act on.
    await expect(getStatementCopyByLink(copyToken, new Date(Date.now() + 91 * 86_400_000))).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('Ask the operation’s owner for a copy') });
    // Anyone holding it learns at /verify which statement it is; a copy with one byte changed matches nothing.
    expect(await findFiledCopy(confirmed.sha256)).toMatchObject({ kind: 'statement', confirmationNumber: confirmed.receiptNumber });
    const changed = Buffer.from(byLink.pdf);
    changed[changed.length - 10] = changed[changed.length - 10]! ^ 1;
    expect(await findFiledCopy(sha256Hex(changed))).toBeNull();
    // Written once: the database refuses to change it.
    await expect(db.execute(sql`update copies_of_record set confirmation_number = 'X' where sha256 = ${confirmed.sha256}`)).rejects.toThrow();

    if (!popplerMissing) {
      expect(archivalProblems(byLink.pdf, `Statement of intent: copy of record ${confirmed.receiptNumber}`)).toEqual([]);
      const text = pdfPages(byLink.pdf).join(' ').replace(/\s+/g, ' ');
      for (const words of ['Jan Pieter De Boer signed by typing their name', 'Home 80, 80 acres', '60 lb per acre', 'I am the landowner of this field', 'jan.copy@example.test']) expect(text).toContain(words);
    }
  });

  it('asks again when the figures change after the landowner confirmed, and a newer request replaces an unanswered link', async () => {
    const { owner, planId, draft, agreement } = await planWithStatementField();
    const base = { planId, agreementKey: agreement.key, landownerName: 'Jan De Boer', landownerEmail: 'jan2@example.test', fieldName: 'Home 80', acres: 80, commercialNLbPerAcre: 60 };
    await requestLandownerStatement(owner, base, { origin });
    const second = await requestLandownerStatement(owner, base, { origin });
    const mails = await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'jan2@example.test')).orderBy(asc(emailOutbox.createdAt));
    const [oldToken, newToken] = mails.map((m) => /token=([A-Za-z0-9_-]+)/.exec(m.text)![1]!);
    await expect(confirmLandownerStatement({ token: oldToken!, signedName: 'Jan De Boer', agree: true }, { origin })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await confirmLandownerStatement({ token: newToken!, signedName: 'Jan De Boer', agree: true }, { origin });
    await save(owner, planId, { ...draft, agreements: { agreements: [{ ...agreement, commercialNLbPerAcre: '40', statementId: second.id }] } });
    const refused = (await submit(owner, planId).catch((e: unknown) => e)) as { fieldErrors: Record<string, string[]> };
    expect(Object.values(refused.fieldErrors).flat().join(' ')).toContain('differs from what the plan now says');
    const [plan] = await (await getDb()).select({ status: plans.status }).from(plans).where(eq(plans.id, planId));
    expect(plan?.status).toBe('draft');
  });

  it('lets only the plan’s filers send a statement, and refuses a bad address by its field', async () => {
    const { planId, agreement } = await planWithStatementField();
    const stranger = await createOwner();
    const input = { planId, agreementKey: agreement.key, landownerName: 'Jan De Boer', landownerEmail: 'jan3@example.test', fieldName: 'Home 80' };
    await expect(requestLandownerStatement(stranger, input, { origin })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const { statementRequestSchema } = await import('@/lib/validation/statements');
    const bad = statementRequestSchema.safeParse({ ...input, landownerEmail: 'not an address' });
    expect(bad.success ? null : bad.error.issues[0]?.message).toBe('Enter the landowner’s email address, like name@example.com');
  });
});
