// IAC 567-65.110(1)"d", DNR form 542-4026: a claim to an operation is a transfer request. Nothing
// changes hands until the department confirms it or the owner on record accepts it by the emailed
// link; the claimant has no access meanwhile; both parties are told at each step; each step is in
// the audit log. Runs on PGlite and on PostgreSQL (DATABASE_URL).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attachments, auditEvents, emailOutbox, operationAccessGrants, operations, ownerships, ownershipTransfers } from '@/db/schema';
import { grantAccess } from '@/lib/auth/grants';
import { canSeeOperation } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { today } from '@/lib/clock';
import { deadlineOf } from '@/lib/deadlines';
import { AppError } from '@/lib/errors';
import { getOperationForActor } from '@/lib/operations/detail';
import { nextStepFor } from '@/lib/operations/next-step';
import { listOperationSummaries } from '@/lib/operations/queries';
import { readAttachment } from '@/lib/plans/attachments';
import { addDays, daysBetween, newOwnerOriginalMmpDue } from '@/lib/rules';
import { useAttachmentStorage } from '@/lib/storage';
import { LocalDiskStorage } from '@/lib/storage/local-disk';
import { decideTransfer } from '@/lib/transfers/decide';
import { listMyTransferRequests, listPendingTransfers, listPendingRequestsForMyOperation } from '@/lib/transfers/queries';
import { requestTransfer } from '@/lib/transfers/request';
import { findRequestByLink, respondAsOwner, respondByLink } from '@/lib/transfers/respond';
import { createOperation, createOwner, createReviewer, createUser } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

const TODAY = today();
const ORIGIN = 'https://mmp.iowa.example';
const ctx = { today: TODAY, origin: ORIGIN };
const PDF = { filename: 'bill of sale.pdf', bytes: new TextEncoder().encode('%PDF-1.4\nBill of sale\n%%EOF\n') };

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe(`ownership transfer requests on ${databaseLabel}`, () => {
  const t = useTestDb();
  const a = {} as Record<'hansen' | 'vanzee' | 'prairie' | 'preparer' | 'reviewer' | 'reviewer2' | 'supervisor' | 'sioux', Actor>;
  const op = {} as Record<string, { id: string; facilityId: string; countyFips: string }>;

  const mail = async (template: string, to: string) =>
    t.get().db.select().from(emailOutbox).where(and(eq(emailOutbox.template, template), eq(emailOutbox.toAddress, to))).orderBy(asc(emailOutbox.createdAt));
  const transfer = async (id: string) => (await t.get().db.select().from(ownershipTransfers).where(eq(ownershipTransfers.id, id)))[0]!;
  const currentOwner = async (operationId: string) =>
    (await t.get().db.select().from(ownerships).where(and(eq(ownerships.operationId, operationId), isNull(ownerships.releasedOn))))[0]!;
  const audit = async (entityId: string) =>
    (await t.get().db.select().from(auditEvents).where(eq(auditEvents.entityId, entityId)).orderBy(asc(auditEvents.id))).map((e) => e.action);
  const claim = (actor: Actor, key: string, acquiredOn: string, evidence = PDF) =>
    requestTransfer(actor, { facilityId: op[key]!.facilityId, countyFips: op[key]!.countyFips, acquiredOn }, evidence, ctx);
  /** The single-use link in the email to the owner on record, as they would click it. */
  const linkToken = async (transferId: string, to: string) => {
    const [m] = (await mail('transfer-requested', to)).filter((r) => r.eventKey === `transfer:${transferId}:requested:owner`);
    const match = /\/transfers\/respond\?token=([A-Za-z0-9_-]+)/.exec(m!.text);
    expect(m!.text).toContain(`${ORIGIN}/transfers/respond?token=`);
    return match![1]!;
  };

  beforeAll(async () => {
    useAttachmentStorage(new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), 'mmp-transfer-'))));
    const { db } = t.get();
    // Made here: three owners and their operations (Rock Valley shared with Hansen's preparer), the
    // department's staff, Sioux County's official, and one request already waiting (Clarion).
    a.hansen = await createOwner({ name: 'Hansen Family Farms LLC' });
    a.vanzee = await createOwner({ name: 'Van Zee Pork Inc.' });
    a.prairie = await createOwner({ name: 'Prairie Egg Cooperative' });
    a.preparer = await createUser('preparer');
    a.reviewer = await createReviewer();
    a.reviewer2 = await createReviewer();
    a.supervisor = await createReviewer('department_supervisor');
    a.sioux = await createUser('county_official', { countyFips: '19167' });
    const owned: [Actor, string, string][] = [
      [a.hansen, 'Rock Valley Finisher Site', '19167'],
      [a.hansen, 'Sioux Center Finisher II', '19167'],
      [a.hansen, 'Iowa Falls Finisher', '19079'],
      [a.vanzee, 'Hull Contract Finisher', '19167'],
      [a.vanzee, 'Doon Sow Unit', '19119'],
      [a.prairie, 'Stanhope Layer Complex', '19079'],
    ];
    for (const [owner, name, countyFips] of owned) await createOperation(owner, { name, countyFips, today: TODAY });
    await grantAccess(a.hansen, { operationId: (await db.select().from(operations).where(eq(operations.name, 'Rock Valley Finisher Site')))[0]!.id, email: a.preparer.email });
    const clarionOwner = await createOwner({ name: 'Clarion Pork LLC' });
    const clarion = await createOperation(clarionOwner, { name: 'Clarion Finisher', countyFips: '19197', today: TODAY });
    for (const o of await db.select().from(operations)) op[o.name] = { id: o.id, facilityId: o.facilityId!, countyFips: o.countyFips };
    await requestTransfer(await createOwner({ name: 'Wright County Hogs LLC' }), { facilityId: op['Clarion Finisher']!.facilityId, countyFips: clarion.countyFips, acquiredOn: addDays(TODAY, -20) }, PDF, ctx);
  });

  it('an owner who claims another owner’s operation gets a pending request and no access to its records', async () => {
    const rock = op['Rock Valley Finisher Site']!;
    const acquiredOn = addDays(TODAY, -10);
    const { transferId } = await claim(a.prairie, 'Rock Valley Finisher Site', acquiredOn);
    expect(await transfer(transferId)).toMatchObject({ status: 'pending', acquiredOn, claimantPartyId: a.prairie.partyId, currentOwnerPartyId: a.hansen.partyId, decidedAt: null });
    // Nothing changed hands.
    expect((await currentOwner(rock.id)).ownerId).toBe(a.hansen.partyId);
    expect(await canSeeOperation(a.prairie, rock.id)).toBe(false);
    await expect(getOperationForActor(a.prairie, rock.id, TODAY)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await listOperationSummaries(a.prairie, TODAY)).map((o) => o.name)).not.toContain('Rock Valley Finisher Site');
    // The claimant sees "pending" on their dashboard.
    const mine = await listMyTransferRequests(a.prairie, TODAY);
    expect(mine.find((r) => r.id === transferId)).toMatchObject({ operationName: 'Rock Valley Finisher Site', status: 'pending', ownerResponse: null });
    // The evidence is the claimant's through their own request; the owner's preparer cannot read it.
    const [evidence] = await t.get().db.select().from(attachments).where(eq(attachments.transferId, transferId));
    expect(evidence).toMatchObject({ filename: 'bill of sale.pdf', planId: null, uploadedByUserId: a.prairie.id });
    expect((await readAttachment(a.prairie, evidence!.id)).bytes).toEqual(PDF.bytes);
    expect((await readAttachment(a.reviewer, evidence!.id)).filename).toBe('bill of sale.pdf');
    await expect(readAttachment(a.preparer, evidence!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(readAttachment(a.vanzee, evidence!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(readAttachment(a.sioux, evidence!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // The claimant is told nothing has changed yet.
    const [toClaimant] = await mail('transfer-requested', a.prairie.email);
    expect(toClaimant!.subject).toBe(`Transfer request received: Rock Valley Finisher Site (facility ${rock.facilityId})`);
    expect(toClaimant!.text).toMatch(/Nothing changes hands until the department confirms the transfer/);
  });

  it('the real owner keeps access, sees the request on her operation, and is emailed a single-use link to answer it', async () => {
    const rock = op['Rock Valley Finisher Site']!;
    expect(await canSeeOperation(a.hansen, rock.id)).toBe(true);
    expect(await canSeeOperation(a.preparer, rock.id)).toBe(true);
    const waiting = await listPendingRequestsForMyOperation(a.hansen, rock.id);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ claimantName: 'Prairie Egg Cooperative', status: 'pending' });
    const [toOwner] = await mail('transfer-requested', a.hansen.email);
    expect(toOwner!.subject).toBe('Action needed: Prairie Egg Cooperative asked to become the owner of Rock Valley Finisher Site');
    expect(toOwner!.text).toMatch(/Nothing has changed: you are still the owner on record/);
    // Only the link's hash is stored.
    const token = await linkToken(waiting[0]!.id, a.hansen.email);
    const row = await transfer(waiting[0]!.id);
    expect(row.ownerTokenHash).not.toContain(token);
    expect(row.ownerTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await findRequestByLink(t.get().db, token))?.id).toBe(row.id);
  });

  it('refuses a second pending claim by the same claimant, and claims that are wrong on their face, storing nothing', async () => {
    const { db } = t.get();
    const before = (await db.select({ n: sql<number>`count(*)::int` }).from(attachments))[0]!.n;
    const second = await refusal(() => claim(a.prairie, 'Rock Valley Finisher Site', addDays(TODAY, -9)));
    expect(second).toMatchObject({ code: 'CONFLICT', fieldErrors: { facilityId: [expect.stringMatching(/already asked/)] } });
    const rock = op['Rock Valley Finisher Site']!;
    await expect(requestTransfer(a.prairie, { facilityId: rock.facilityId, countyFips: '19119', acquiredOn: TODAY }, PDF, ctx)).rejects.toMatchObject({
      fieldErrors: { facilityId: [expect.stringMatching(/No operation in that county/)] },
    });
    await expect(claim(a.vanzee, 'Rock Valley Finisher Site', addDays(TODAY, 1))).rejects.toMatchObject({ fieldErrors: { acquiredOn: ['The acquisition date cannot be in the future.'] } });
    await expect(claim(a.vanzee, 'Rock Valley Finisher Site', '2011-01-01')).rejects.toMatchObject({ fieldErrors: { acquiredOn: [expect.stringMatching(/before the current owner acquired/)] } });
    await expect(claim(a.hansen, 'Rock Valley Finisher Site', TODAY)).rejects.toMatchObject({ fieldErrors: { facilityId: ['You are already the owner of this operation.'] } });
    await expect(claim(a.vanzee, 'Rock Valley Finisher Site', TODAY, { filename: 'deed.pdf', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) })).rejects.toMatchObject({
      fieldErrors: { file: ['The file is not a PDF. Save or scan it as a PDF and upload that.'] },
    });
    await expect(claim(a.preparer, 'Rock Valley Finisher Site', TODAY)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(claim(a.reviewer, 'Rock Valley Finisher Site', TODAY)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(attachments))[0]!.n).toBe(before);
    expect(await db.select().from(ownershipTransfers).where(and(eq(ownershipTransfers.operationId, rock.id), eq(ownershipTransfers.status, 'pending')))).toHaveLength(1);
  });

  it('department staff see pending requests in their worklist with the evidence; other roles see none', async () => {
    const pending = await listPendingTransfers(a.reviewer);
    expect(pending.total).toBe(2); // Clarion's request, made before these tests, and Rock Valley's
    expect(pending.rows.map((r) => r.operationName)).toEqual(['Clarion Finisher', 'Rock Valley Finisher Site']);
    expect(pending.rows[1]).toMatchObject({ claimantName: 'Prairie Egg Cooperative', currentOwnerName: 'Hansen Family Farms LLC' });
    expect((await listPendingTransfers(a.hansen)).total).toBe(0);
    expect((await listPendingTransfers(a.sioux)).total).toBe(0);
  });

  it('department confirmation moves ownership as of the acquisition date and starts the 60 days per mmpRequirement', async () => {
    const { db } = t.get();
    const rock = op['Rock Valley Finisher Site']!;
    const [req] = await db.select().from(ownershipTransfers).where(and(eq(ownershipTransfers.operationId, rock.id), eq(ownershipTransfers.status, 'pending')));
    expect(await db.select().from(operationAccessGrants).where(and(eq(operationAccessGrants.operationId, rock.id), isNull(operationAccessGrants.revokedAt)))).toHaveLength(1);
    // A stale page (an old version) cannot decide.
    await expect(decideTransfer(a.reviewer, { transferId: req!.id, version: req!.version + 1, decision: 'confirmed', reason: '' }, ctx)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(decideTransfer(a.hansen, { transferId: req!.id, version: req!.version, decision: 'confirmed', reason: '' }, ctx)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await decideTransfer(a.reviewer, { transferId: req!.id, version: req!.version, decision: 'confirmed', reason: 'Recorded deed checked.' }, ctx)).toEqual({ status: 'confirmed', operationId: rock.id });

    const history = await db.select().from(ownerships).where(eq(ownerships.operationId, rock.id));
    expect(history.map((h) => [h.ownerId, h.releasedOn])).toEqual(expect.arrayContaining([[a.hansen.partyId, req!.acquiredOn], [a.prairie.partyId, null]]));
    expect(await canSeeOperation(a.prairie, rock.id)).toBe(true);
    expect(await canSeeOperation(a.hansen, rock.id)).toBe(false);
    expect(await canSeeOperation(a.preparer, rock.id)).toBe(false); // the previous owner's preparer grants are revoked
    // Rock Valley (992 AU) is one whose owner must have an MMP: 60 days from acquiring.
    const dueOn = newOwnerOriginalMmpDue(req!.acquiredOn);
    expect(await transfer(req!.id)).toMatchObject({ status: 'confirmed', decidedThrough: 'department', decidedByUserId: a.reviewer.id, decidedOn: TODAY, originalMmpRequired: true, originalMmpDueOn: dueOn, requirementCitation: 'IAC 567-65.110(1)"d"', ownerTokenHash: null });
    // The days left count to the day the filing is due, which a weekend or holiday moves (Iowa Code 4.1(34)).
    const daysLeft = daysBetween(TODAY, deadlineOf('new_owner_original_mmp', dueOn).day);
    const summary = (await listOperationSummaries(a.prairie, TODAY)).find((o) => o.id === rock.id)!;
    expect(summary).toMatchObject({ newOwnerAcquiredOn: req!.acquiredOn, newOwnerDueOn: dueOn, newOwnerDaysLeft: daysLeft });
    expect(nextStepFor(summary).text).toBe(`New owner: start your original plan (due in ${daysLeft} days).`);
    expect((await getOperationForActor(a.prairie, rock.id, TODAY)).newOwner).toMatchObject({ acquiredOn: req!.acquiredOn, dueOn, daysLeft });
    // Both parties are told.
    const [toClaimant] = await mail('transfer-decided', a.prairie.email);
    expect(toClaimant!.subject).toBe('Transfer confirmed: you are now the owner of Rock Valley Finisher Site');
    expect(toClaimant!.text.replace(/\s+/g, ' ')).toContain('must submit your own original manure management plan by');
    expect(toClaimant!.text).toContain(`${ORIGIN}/operations/${rock.id}`);
    const [toPrevious] = await mail('transfer-decided', a.hansen.email);
    expect(toPrevious!.subject).toBe("Transfer confirmed: Rock Valley Finisher Site is now recorded as Prairie Egg Cooperative's");
    // A decided request cannot be decided again, nor answered by the old link.
    await expect(decideTransfer(a.reviewer2, { transferId: req!.id, version: req!.version + 1, decision: 'refused', reason: 'Late.' }, ctx)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await audit(req!.id)).toEqual(['transfer.requested', 'transfer.confirmed']);
    expect(await audit(rock.id)).toContain('operation.ownership_transferred');
  });

  it('owner acceptance by the emailed link moves ownership the same way; the link works once', async () => {
    const hull = op['Hull Contract Finisher']!;
    const acquiredOn = addDays(TODAY, -3);
    const { transferId } = await claim(a.hansen, 'Hull Contract Finisher', acquiredOn);
    const token = await linkToken(transferId, a.vanzee.email);
    expect(await respondByLink(token, { response: 'accept', note: '' }, ctx, null)).toEqual({ status: 'confirmed', operationId: hull.id });
    expect((await currentOwner(hull.id)).ownerId).toBe(a.hansen.partyId);
    expect(await canSeeOperation(a.hansen, hull.id)).toBe(true);
    expect(await canSeeOperation(a.vanzee, hull.id)).toBe(false);
    expect(await transfer(transferId)).toMatchObject({ status: 'confirmed', decidedThrough: 'current_owner', ownerResponse: 'accepted', originalMmpDueOn: newOwnerOriginalMmpDue(acquiredOn), ownerTokenHash: null });
    await expect(respondByLink(token, { response: 'dispute', note: 'Changed my mind' }, ctx, null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const [toClaimant] = await mail('transfer-decided', a.hansen.email).then((m) => m.filter((r) => r.eventKey.startsWith(`transfer:${transferId}:`)));
    expect(toClaimant!.subject).toBe('Transfer confirmed: you are now the owner of Hull Contract Finisher');
    expect(toClaimant!.text.replace(/\s+/g, ' ')).toContain('Van Zee Pork Inc., the owner on record, confirmed');
    expect((await mail('transfer-decided', a.vanzee.email)).filter((r) => r.eventKey.startsWith(`transfer:${transferId}:`))).toHaveLength(1);
    expect(await audit(transferId)).toEqual(['transfer.requested', 'transfer.accepted_by_owner', 'transfer.confirmed']);
  });

  it('an expired link is refused; the department still decides', async () => {
    const { transferId } = await claim(a.vanzee, 'Sioux Center Finisher II', TODAY);
    const token = await linkToken(transferId, a.hansen.email);
    const later = new Date(Date.now() + 22 * 86_400_000);
    await expect(respondByLink(token, { response: 'accept', note: '' }, { ...ctx, now: later }, null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await findRequestByLink(t.get().db, token, later)).toBeNull();
    expect((await transfer(transferId)).status).toBe('pending');
  });

  it('the owner on record can say the claim is wrong: the department sees it, both are told, nothing changes', async () => {
    const iowaFalls = op['Iowa Falls Finisher']!;
    const { transferId } = await claim(a.vanzee, 'Iowa Falls Finisher', addDays(TODAY, -1));
    await expect(respondAsOwner(a.hansen, { transferId, response: 'dispute', note: '' }, ctx)).rejects.toMatchObject({ fieldErrors: { note: [expect.stringMatching(/Say what is wrong/)] } });
    // Another owner cannot answer it for her, nor can her preparer.
    await expect(respondAsOwner(a.prairie, { transferId, response: 'accept', note: '' }, ctx)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(respondAsOwner(a.preparer, { transferId, response: 'accept', note: '' }, ctx)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await respondAsOwner(a.hansen, { transferId, response: 'dispute', note: 'We never sold Iowa Falls.' }, ctx)).toEqual({ status: 'pending', operationId: iowaFalls.id });
    expect((await currentOwner(iowaFalls.id)).ownerId).toBe(a.hansen.partyId);
    expect(await canSeeOperation(a.vanzee, iowaFalls.id)).toBe(false);
    const seen = (await listPendingTransfers(a.supervisor)).rows.find((r) => r.id === transferId);
    expect(seen).toMatchObject({ ownerResponse: 'disputed', ownerResponseNote: 'We never sold Iowa Falls.' });
    const [toClaimant] = (await mail('transfer-disputed', a.vanzee.email)).filter((r) => r.eventKey.startsWith(`transfer:${transferId}:`));
    expect(toClaimant!.subject).toBe('The owner on record disputes your transfer request for Iowa Falls Finisher');
    expect(toClaimant!.text).toContain('We never sold Iowa Falls.');
    expect((await mail('transfer-disputed', a.hansen.email)).filter((r) => r.eventKey.startsWith(`transfer:${transferId}:`))).toHaveLength(1);
    // The link emailed to her no longer works once she has answered.
    const token = await linkToken(transferId, a.hansen.email);
    await expect(respondByLink(token, { response: 'accept', note: '' }, ctx, null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refusal changes nothing and both parties are told the reason', async () => {
    const iowaFalls = op['Iowa Falls Finisher']!;
    const [req] = await t.get().db.select().from(ownershipTransfers).where(and(eq(ownershipTransfers.operationId, iowaFalls.id), eq(ownershipTransfers.status, 'pending')));
    await expect(decideTransfer(a.reviewer, { transferId: req!.id, version: req!.version, decision: 'refused', reason: '  ' }, ctx)).rejects.toMatchObject({ code: 'VALIDATION', fieldErrors: { reason: [expect.any(String)] } });
    expect(await decideTransfer(a.reviewer, { transferId: req!.id, version: req!.version, decision: 'refused', reason: 'The bill of sale is not signed by the seller.' }, ctx)).toEqual({ status: 'refused', operationId: iowaFalls.id });
    expect((await currentOwner(iowaFalls.id)).ownerId).toBe(a.hansen.partyId);
    expect(await canSeeOperation(a.vanzee, iowaFalls.id)).toBe(false);
    expect(await canSeeOperation(a.hansen, iowaFalls.id)).toBe(true);
    expect(await transfer(req!.id)).toMatchObject({ status: 'refused', decisionReason: 'The bill of sale is not signed by the seller.', originalMmpDueOn: null });
    for (const to of [a.vanzee.email, a.hansen.email]) {
      const [m] = (await mail('transfer-decided', to)).filter((r) => r.eventKey.startsWith(`transfer:${req!.id}:`));
      expect(m!.subject).toBe(`Transfer request refused: Iowa Falls Finisher (facility ${iowaFalls.facilityId})`);
      expect(m!.text).toContain('The bill of sale is not signed by the seller.');
    }
    expect((await listMyTransferRequests(a.vanzee, TODAY)).find((r) => r.id === req!.id)).toMatchObject({ status: 'refused', decisionReason: 'The bill of sale is not signed by the seller.' });
    expect(await audit(req!.id)).toEqual(['transfer.requested', 'transfer.disputed_by_owner', 'transfer.refused']);
    // A refused request no longer blocks a new one with better proof.
    await expect(claim(a.vanzee, 'Iowa Falls Finisher', addDays(TODAY, -1))).resolves.toMatchObject({ transferId: expect.any(String) });
  });

  it('each step is in the audit log, with who took it', async () => {
    const { db } = t.get();
    const [req] = await db.select().from(ownershipTransfers).where(and(eq(ownershipTransfers.operationId, op['Iowa Falls Finisher']!.id), eq(ownershipTransfers.status, 'refused')));
    const events = await db.select().from(auditEvents).where(and(eq(auditEvents.entityType, 'ownership_transfer'), eq(auditEvents.entityId, req!.id))).orderBy(asc(auditEvents.id));
    expect(events.map((e) => [e.action, e.actorUserId])).toEqual([
      ['transfer.requested', a.vanzee.id],
      ['transfer.disputed_by_owner', a.hansen.id],
      ['transfer.refused', a.reviewer.id],
    ]);
    expect(events[0]!.after).toMatchObject({ acquiredOn: req!.acquiredOn, currentOwnerPartyId: a.hansen.partyId, evidence: { filename: 'bill of sale.pdf' } });
    expect(events[1]!.after).toMatchObject({ ownerResponse: 'disputed', via: 'signed_in', note: 'We never sold Iowa Falls.' });
    expect(events[2]!.after).toMatchObject({ status: 'refused', reason: 'The bill of sale is not signed by the seller.' });
  });

  it('concurrent decisions are safe: of two reviewers and the owner answering at once, exactly one lands', async () => {
    const doon = op['Doon Sow Unit']!;
    const { transferId } = await claim(a.prairie, 'Doon Sow Unit', addDays(TODAY, -2));
    const token = await linkToken(transferId, a.vanzee.email);
    const { version } = await transfer(transferId);
    const results = await Promise.allSettled([
      decideTransfer(a.reviewer, { transferId, version, decision: 'confirmed', reason: '' }, ctx),
      decideTransfer(a.reviewer2, { transferId, version, decision: 'refused', reason: 'Not proven.' }, ctx),
      respondByLink(token, { response: 'accept', note: '' }, ctx, null),
    ]);
    const landed = results.filter((r) => r.status === 'fulfilled');
    expect(landed).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as AppError).code).toMatch(/^(CONFLICT|NOT_FOUND)$/);
    const rows = await t.get().db.select().from(ownerships).where(and(eq(ownerships.operationId, doon.id), isNull(ownerships.releasedOn)));
    expect(rows).toHaveLength(1);
    const final = await transfer(transferId);
    expect(rows[0]!.ownerId).toBe(final.status === 'refused' ? a.vanzee.partyId : a.prairie.partyId);
    expect((await audit(transferId)).filter((x) => x === 'transfer.confirmed' || x === 'transfer.refused')).toHaveLength(1);
  });

  it('one request per operation at a time: a second claimant is told another claim waits, and may ask once it is decided', async () => {
    const stanhope = op['Stanhope Layer Complex']!;
    const first = await claim(a.hansen, 'Stanhope Layer Complex', addDays(TODAY, -5));
    const second = await refusal(() => claim(a.vanzee, 'Stanhope Layer Complex', addDays(TODAY, -4)));
    expect(second).toMatchObject({ code: 'CONFLICT', fieldErrors: { facilityId: [expect.stringMatching(/Someone else has asked .* waiting for the department’s decision/)] } });
    const pending = await t.get().db.select().from(ownershipTransfers).where(and(eq(ownershipTransfers.operationId, stanhope.id), eq(ownershipTransfers.status, 'pending')));
    expect(pending.map((p) => p.id)).toEqual([first.transferId]);
    // The owner on record was sent one link to answer, not one per claim.
    expect((await mail('transfer-requested', a.prairie.email)).filter((m) => m.eventKey.endsWith(':requested:owner') && m.payload && JSON.stringify(m.payload).includes('Stanhope'))).toHaveLength(1);
    await decideTransfer(a.reviewer, { transferId: first.transferId, version: (await transfer(first.transferId)).version, decision: 'refused', reason: 'The deed names another buyer.' }, ctx);
    const again = await claim(a.vanzee, 'Stanhope Layer Complex', addDays(TODAY, -4));
    expect((await transfer(again.transferId)).status).toBe('pending');
    const current = await t.get().db.select().from(ownerships).where(and(eq(ownerships.operationId, stanhope.id), isNull(ownerships.releasedOn)));
    expect(current).toHaveLength(1);
  });
});
