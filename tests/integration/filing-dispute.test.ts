import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, emailOutbox, planSubmissions, plans, users } from '@/db/schema';
import { grantAccess } from '@/lib/auth/grants';
import { today } from '@/lib/clock';
import { DISPUTED_FILING_MESSAGE, DISPUTE_WINDOW_DAYS, disputeFiling, disputeState, listDisputedFilings } from '@/lib/plans/dispute';
import { findPlanComplete } from '@/lib/reviews/completeness';
import { addDays } from '@/lib/rules';
import { nameSignatory } from '@/lib/signing/signatories';
import { createOperation, createOwner, createReviewer, createUser, ownerWithSubmittedPlan, planVersion, submitOriginalPlan } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// CROMERR repudiation: someone who may sign says "I did not sign this" within the stated time; the
// filing is locked against the department's review and listed first on its worklist.

describe(`disputing a filing on ${databaseLabel}`, () => {
  const t = useTestDb();
  const T = today();

  it('the owner disputes her filing: it is kept with her words, locked against review, and first on the worklist', async () => {
    const { owner, operationId, planId, submission } = await ownerWithSubmittedPlan({ today: T });
    const reviewer = await createReviewer();
    const state = await disputeState(owner, planId, operationId, T);
    expect(state).toMatchObject({ kind: 'open', lastDay: addDays(T, DISPUTE_WINDOW_DAYS), maySign: true });
    await disputeFiling(owner, { planId, statement: 'I never signed this; my password was shared by a former employee.' }, T);

    const [sub] = await t.get().db.select().from(planSubmissions).where(eq(planSubmissions.id, submission.submissionId));
    expect(sub).toMatchObject({ disputedByUserId: owner.id, disputeStatement: 'I never signed this; my password was shared by a former employee.' });
    const [event] = await t.get().db.select().from(auditEvents).where(and(eq(auditEvents.action, 'plan.filing_disputed'), eq(auditEvents.entityId, planId)));
    expect(event).toMatchObject({ actorUserId: owner.id, after: { submissionId: submission.submissionId } });
    expect(await disputeState(reviewer, planId, operationId, T)).toMatchObject({ kind: 'disputed', by: owner.name, maySign: false });

    await expect(findPlanComplete(reviewer, { planId, version: await planVersion(planId) }, T)).rejects.toMatchObject({ code: 'CONFLICT', message: DISPUTED_FILING_MESSAGE });
    expect((await listDisputedFilings(reviewer)).map((d) => d.planId)).toContain(planId);
    expect(await listDisputedFilings(owner)).toEqual([]);
    await expect(disputeFiling(owner, { planId, statement: 'Again, I did not sign it.' }, T)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('emails the department’s staff at once with the filing, who disputes it and their words; once, and not to disabled staff or anyone else', async () => {
    const { owner, operationName, planId, submission } = await ownerWithSubmittedPlan({ today: T });
    const db = t.get().db;
    const staff = await createReviewer();
    const supervisor = await createReviewer('department_supervisor');
    const gone = await createReviewer();
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, gone.id));
    const county = await createUser('county_official');
    // Other tests in this file dispute filings too: only the mail about this plan counts here.
    const disputedMail = async () => (await db.select().from(emailOutbox).where(eq(emailOutbox.template, 'filing-disputed'))).filter((m) => m.text.includes(planId));
    expect(await disputedMail()).toHaveLength(0);

    const statement = 'I never signed this; my password was shared by a former employee.';
    await disputeFiling(owner, { planId, statement }, T, null, 'http://portal.test');
    const mails = await disputedMail();
    const to = mails.map((m) => m.toAddress);
    expect(to).toEqual(expect.arrayContaining([staff.email, supervisor.email]));
    expect(to).not.toContain(gone.email);
    expect(to).not.toContain(county.email);
    expect(to).not.toContain(owner.email);
    const [plan] = await db.select({ referenceNumber: plans.referenceNumber }).from(plans).where(eq(plans.id, planId));
    const mine = mails.find((m) => m.toAddress === staff.email)!;
    expect(mine.subject).toBe(`Filing disputed: ${operationName} (${plan!.referenceNumber}), “I did not sign this”`);
    expect(mine.text).toContain(statement);
    expect(mine.text).toContain(owner.name);
    expect(mine.text).toContain(submission.confirmationNumber!);
    expect(mine.text).toContain(`http://portal.test/review/plans/${planId}`);
    expect(mine.listKind).toBeNull();

    // A refused second dispute sends nothing more.
    await expect(disputeFiling(owner, { planId, statement: 'Again.' }, T)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await disputedMail()).toHaveLength(mails.length);
  });

  it('a preparer may dispute only once the owner names them to sign; a stranger is told not found', async () => {
    const owner = await createOwner();
    const { operationId } = await createOperation(owner);
    const preparer = await createUser('preparer');
    await grantAccess(owner, { operationId, email: preparer.email });
    const { planId } = await submitOriginalPlan(owner, operationId, { today: T });
    const statement = 'The owner did not sign this filing; it was sent in error.';
    await expect(disputeFiling(preparer, { planId, statement }, T)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await nameSignatory(owner, { operationId, email: preparer.email, capacity: 'Preparer authorized by the owner' });
    await disputeFiling(preparer, { planId, statement }, T);
    const [plan] = await t.get().db.select({ disputedAt: plans.filingDisputedAt }).from(plans).where(eq(plans.id, planId));
    expect(plan!.disputedAt).toBeInstanceOf(Date);
    const stranger = await createOwner();
    await expect(disputeFiling(stranger, { planId, statement }, T)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it(`after ${DISPUTE_WINDOW_DAYS} days the filing is no longer disputed here: the owner is sent to the field office`, async () => {
    const filedOn = addDays(T, -(DISPUTE_WINDOW_DAYS + 1));
    const { owner, operationId, planId } = await ownerWithSubmittedPlan({ today: filedOn });
    expect(await disputeState(owner, planId, operationId, T)).toMatchObject({ kind: 'closed' });
    await expect(disputeFiling(owner, { planId, statement: 'I did not sign this one either.' }, T)).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/within 30 days of receipt/) });
    // On the last day it still can be.
    expect(await disputeState(owner, planId, operationId, addDays(filedOn, DISPUTE_WINDOW_DAYS))).toMatchObject({ kind: 'open' });
  });
});
