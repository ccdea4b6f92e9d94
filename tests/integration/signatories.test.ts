import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, operationSignatories, signatureAgreementAcceptances } from '@/db/schema';
import { grantAccess, listGrants, revokeAccess } from '@/lib/auth/grants';
import { AppError } from '@/lib/errors';
import { SIGNATURE_AGREEMENT, agreementSha256 } from '@/lib/signing/agreement';
import { acceptSignatureAgreement, agreementAcceptance, listSignatories, maySign, nameSignatory, revokeSignatory } from '@/lib/signing/signatories';
import { parseOrThrow } from '@/lib/validation/parse';
import { nameSignatorySchema } from '@/lib/validation/signing';
import { createOperation, createOwner, createReviewer, createUser } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// Who may sign an operation's plans (CROMERR signing authority), named by the owner of record and
// seen by the department; and the electronic signature agreement each signatory accepts once.

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe(`signatories on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;

  it('the owner of record may always sign; she names a preparer in a stated capacity, the department sees it, and she takes it back', async () => {
    const owner = await createOwner({ name: 'Van Zee Farms Inc.' });
    const { operationId } = await createOperation(owner);
    const preparer = await createUser('preparer', { name: 'Jamie Becker' });
    const staff = await createReviewer();

    expect((await listSignatories(owner, operationId)).map((s) => [s.name, s.capacity])).toEqual([['Van Zee Farms Inc.', 'Owner of record']]);
    expect(await maySign(db(), owner.id, operationId)).toBe(true);
    expect(await maySign(db(), preparer.id, operationId)).toBe(false);

    const input = parseOrThrow(nameSignatorySchema, { operationId, email: `  ${preparer.email.toUpperCase()} `, capacity: 'Preparer authorized by the owner' });
    // A preparer who cannot open the operation could never sign its plans: she gives access first.
    expect((await refusal(nameSignatory(owner, input))).fieldErrors).toEqual({
      email: ['Jamie Becker cannot open this operation’s plans yet, so could not sign them. Give their preparer account access under “Who can prepare plans for you” first, then name them here.'],
    });
    expect(await maySign(db(), preparer.id, operationId)).toBe(false);
    await grantAccess(owner, { operationId, email: preparer.email });
    const { id } = await nameSignatory(owner, input);
    expect(await maySign(db(), preparer.id, operationId)).toBe(true);
    const seenByStaff = await listSignatories(staff, operationId);
    expect(seenByStaff.map((s) => [s.name, s.capacity, s.namedBy])).toEqual([
      ['Van Zee Farms Inc.', 'Owner of record', null],
      ['Jamie Becker', 'Preparer authorized by the owner', 'Van Zee Farms Inc.'],
    ]);
    const [named] = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'signatory.named'), eq(auditEvents.entityId, operationId)));
    expect(named).toMatchObject({ actorUserId: owner.id, after: { userId: preparer.id, capacity: 'Preparer authorized by the owner' } });

    // Named twice is refused at the field, and so is the owner herself.
    expect((await refusal(nameSignatory(owner, input))).fieldErrors).toEqual({ email: ['Jamie Becker is already named to sign for this operation.'] });
    expect((await refusal(nameSignatory(owner, { ...input, email: owner.email }))).fieldErrors?.email?.[0]).toMatch(/owner of record and may already sign/);

    expect(await revokeSignatory(owner, { operationId, id })).toEqual({ name: 'Jamie Becker' });
    expect(await maySign(db(), preparer.id, operationId)).toBe(false);
    const [kept] = await db().select().from(operationSignatories).where(eq(operationSignatories.id, id));
    expect(kept).toMatchObject({ revokedByUserId: owner.id });
    expect(kept!.revokedAt).toBeInstanceOf(Date);
    expect((await listSignatories(owner, operationId)).map((s) => s.name)).toEqual(['Van Zee Farms Inc.']);
  });

  it('only the owner names signatories, only owner or preparer accounts can be named, and an unknown address is told so', async () => {
    const owner = await createOwner();
    const { operationId } = await createOperation(owner);
    const county = await createUser('county_official');
    const staff = await createReviewer();
    const stranger = await createOwner();
    const input = { operationId, email: 'nobody-here@example.test', capacity: 'Officer' };
    expect((await refusal(nameSignatory(owner, input))).fieldErrors?.email?.[0]).toMatch(/No portal account uses that address/);
    expect((await refusal(nameSignatory(owner, { ...input, email: county.email }))).fieldErrors?.email?.[0]).toMatch(/Department and county accounts cannot/);
    expect((await refusal(nameSignatory(staff, { ...input, email: stranger.email }))).code).toBe('FORBIDDEN');
    expect((await refusal(nameSignatory(stranger, { ...input, email: stranger.email }))).code).toBe('NOT_FOUND');
    expect((await refusal(listSignatories(stranger, operationId))).code).toBe('NOT_FOUND');
  });

  it('refuses to name an account that cannot open the operation: another owner’s, or a preparer whose access ended', async () => {
    const owner = await createOwner();
    const { operationId } = await createOperation(owner);
    const otherOwner = await createOwner({ name: 'Hilde Officer' });
    const refusedOther = await refusal(nameSignatory(owner, { operationId, email: otherOwner.email, capacity: 'Secretary' }));
    expect(refusedOther.fieldErrors?.email?.[0]).toBe('Hilde Officer’s account is another owner’s and cannot open this operation’s plans, so could not sign them. Ask them to register a preparer account, give it access under “Who can prepare plans for you”, then name that account here.');
    expect(await maySign(db(), otherOwner.id, operationId)).toBe(false);

    const preparer = await createUser('preparer', { name: 'Ines Preparer' });
    await grantAccess(owner, { operationId, email: preparer.email });
    const [grant] = await listGrants(owner, operationId);
    await revokeAccess(owner, { operationId, grantId: grant!.id });
    const refusedRevoked = await refusal(nameSignatory(owner, { operationId, email: preparer.email, capacity: 'Preparer authorized by the owner' }));
    expect(refusedRevoked.fieldErrors?.email?.[0]).toMatch(/^Ines Preparer cannot open this operation’s plans yet, .*Give their preparer account access/);
    const rows = await db().select().from(operationSignatories).where(eq(operationSignatories.operationId, operationId));
    expect(rows).toHaveLength(0);
    const audit = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'signatory.named'), eq(auditEvents.entityId, operationId)));
    expect(audit).toHaveLength(0);
  });

  it('a signatory accepts the current agreement once, with its version and the hash of its text; an outdated version is refused', async () => {
    const preparer = await createUser('preparer');
    expect(await agreementAcceptance(preparer)).toBeNull();
    expect((await refusal(acceptSignatureAgreement(preparer, { version: '2019-01', agree: true }))).code).toBe('CONFLICT');
    const first = await acceptSignatureAgreement(preparer, { version: SIGNATURE_AGREEMENT.version, agree: true }, '203.0.113.9');
    const again = await acceptSignatureAgreement(preparer, { version: SIGNATURE_AGREEMENT.version, agree: true });
    expect(again.acceptedAt).toEqual(first.acceptedAt);
    const rows = await db().select().from(signatureAgreementAcceptances).where(eq(signatureAgreementAcceptances.userId, preparer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ version: SIGNATURE_AGREEMENT.version, textSha256: agreementSha256(), ipAddress: '203.0.113.9' });
    expect(agreementSha256()).toMatch(/^[0-9a-f]{64}$/);
    expect((await agreementAcceptance(preparer))?.version).toBe(SIGNATURE_AGREEMENT.version);
  });
});
