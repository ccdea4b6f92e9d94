import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, planSubmissions } from '@/db/schema';
import { today } from '@/lib/clock';
import { renderFilingReceiptPdf } from '@/lib/pdf/filing-receipt-pdf';
import { getFilingReceipt } from '@/lib/plans/filing-receipt';
import { pdfPages, popplerMissing } from '../support/poppler';
import { createOwner, ownerWithSubmittedPlan } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// The filing receipt: each submission gets its own confirmation number (MMP-<year>-<six digits>),
// shown and emailed, and a PDF with the plan's summary, the fees owed and how to pay them.
describe(`the filing receipt on ${databaseLabel}`, () => {
  const t = useTestDb();

  it('numbers each submission uniquely by the year it is filed, and emails the number', async () => {
    const day = today();
    const a = await ownerWithSubmittedPlan({ today: day });
    const b = await ownerWithSubmittedPlan({ today: day });
    const pattern = new RegExp(`^MMP-${day.slice(0, 4)}-\\d{6}$`);
    expect(a.submission.confirmationNumber).toMatch(pattern);
    expect(b.submission.confirmationNumber).toMatch(pattern);
    expect(a.submission.confirmationNumber).not.toBe(b.submission.confirmationNumber);
    const [stored] = await t.get().db.select().from(planSubmissions).where(eq(planSubmissions.id, a.submission.submissionId));
    expect(stored!.confirmationNumber).toBe(a.submission.confirmationNumber);
    const [mail] = await t.get().db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, 'submission-received'), eq(emailOutbox.eventKey, `plan:${a.planId}:submission-received:${a.submission.submissionId}`)));
    expect(mail!.text).toContain(`Confirmation number`);
    expect(mail!.text).toContain(a.submission.confirmationNumber!);
  });

  it('gives the plan’s summary, the $250 filing fee owed and where to pay it, as a PDF', async () => {
    const { owner, planId, operationName, submission } = await ownerWithSubmittedPlan();
    const receipt = await getFilingReceipt(owner, planId);
    expect(receipt).toMatchObject({
      confirmationNumber: submission.confirmationNumber, operationName, kind: 'original', animalUnitCapacity: 992, fieldCount: 2, acres: 200,
      owedCents: 25000, fees: [{ code: 'mmp_filing', amountCents: 25000, paidCents: 0, status: 'due' }],
    });
    // Sioux is where the operation is and where a field is: one county to the reader.
    expect(receipt.counties.filter((c) => c === 'Sioux')).toHaveLength(1);
    expect(receipt.office?.addressLines.length).toBeGreaterThan(0);
    const pdf = await renderFilingReceiptPdf(receipt);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1500);
    // How to pay is the fees page's and the invoice's: the fee's FEE- reference, mailed to the department.
    if (popplerMissing) return;
    const text = pdfPages(pdf).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain(receipt.fees[0]!.reference);
    expect(receipt.fees[0]!.reference).toMatch(/^FEE-[0-9A-F]{10}$/);
    expect(text).toContain('Wallace State Office Building');
    expect(text).not.toContain('Sioux, Sioux');
  });

  it('is not found for someone whose scope does not include the plan', async () => {
    const { planId } = await ownerWithSubmittedPlan();
    const stranger = await createOwner();
    await expect(getFilingReceipt(stranger, planId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
