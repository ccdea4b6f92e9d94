import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, decisionLetters } from '@/db/schema';
import { today } from '@/lib/clock';
import { findPlanComplete } from '@/lib/reviews/completeness';
import { decidePlan } from '@/lib/reviews/decision';
import { getSentLetterPdf } from '@/lib/reviews/letter';
import { createOwner, createReviewer, ownerWithSubmittedPlan, planVersion } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// IAC 567-65.110(4): the decision letter is rendered to PDF when the decision is sent, stored with
// it, its SHA-256 written in the decision's audit event, and never rendered again.
describe(`decision letters as PDF on ${databaseLabel}`, () => {
  const t = useTestDb();

  async function decided(decision: 'approved' | 'disapproved', reasons = '') {
    const day = today();
    const filed = await ownerWithSubmittedPlan({ today: day });
    const reviewer = await createReviewer();
    await findPlanComplete(reviewer, { planId: filed.planId, version: await planVersion(filed.planId) }, day);
    await decidePlan(reviewer, { planId: filed.planId, version: await planVersion(filed.planId), decision, reasons }, { today: day, origin: 'http://portal.test' });
    return { ...filed, reviewer };
  }

  it('stores the PDF with the decision and its SHA-256 in the audit event', async () => {
    const { db } = t.get();
    const { owner, planId } = await decided('disapproved', 'The P-index of Home 80 is missing its soil test.');
    const rows = await db.select().from(decisionLetters).where(eq(decisionLetters.planId, planId));
    expect(rows).toHaveLength(1);
    const letter = rows[0]!;
    expect(letter.decision).toBe('disapproved');
    expect(letter.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(letter.sha256).toBe(createHash('sha256').update(letter.pdf).digest('hex'));
    const [audit] = await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, planId), eq(auditEvents.action, 'plan.disapproved')));
    expect((audit!.after as { letter: { sha256: string } }).letter.sha256).toBe(letter.sha256);
    // What the owner downloads is the stored copy, byte for byte.
    const sent = await getSentLetterPdf(owner, planId);
    expect(Buffer.compare(sent.pdf, letter.pdf)).toBe(0);
  });

  it('is never rewritten, and only someone who may see the plan gets it', async () => {
    const { db } = t.get();
    const { planId } = await decided('approved');
    await expect(db.update(decisionLetters).set({ sha256: 'tampered' }).where(eq(decisionLetters.planId, planId))).rejects.toThrow();
    const stranger = await createOwner();
    await expect(getSentLetterPdf(stranger, planId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
