import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { HowToPay } from '@/components/fees/how-to-pay';
import { renderInvoicePdf } from '@/lib/payments/invoice-pdf';
import type { Invoice } from '@/lib/payments/invoice';
import { DEPARTMENT_REMIT_ADDRESS, checkInstructions, feeReference } from '@/lib/payments/instructions';
import { renderFilingReceiptPdf } from '@/lib/pdf/filing-receipt-pdf';
import type { FilingReceipt } from '@/lib/plans/filing-receipt';
import { archivalProblems, pdfPages, pdftotext, popplerMissing } from '../support/poppler';

// One way to pay by check: the fees page, the invoice and the filing receipt name the same payee,
// the same FEE- reference and the same address; and no PDF breaks a word (a date) across lines.
const FEE_ID = '3f2a9c41-7d1e-4b8a-9a55-0c1d2e3f4a5b';
const REF = feeReference(FEE_ID);
const flat = (pages: string[]) => pages.join(' ').replace(/\s+/g, ' ');
// Each line as laid out (poppler's reading mode would join a word broken at a hyphen and hide the break).
const lines = (pdf: Buffer) => pdftotext(pdf).split(/[\n\f]/).flatMap((l) => l.trim().split(/\s{3,}/)).filter(Boolean);
// Read with poppler, as an archivist's tools would; skipped, with the reason, only where it is absent (.ci/run installs it).
const poppler = (name: string, fn: () => Promise<void>) => it.skipIf(popplerMissing !== null)(popplerMissing ? `${name} [skipped: ${popplerMissing}]` : name, fn);

const invoice: Invoice = {
  number: 'INV-2026-3F2A9C41', submissionId: '8c1d2e3f-0000-4000-8000-000000000001', submittedOn: '2026-12-02', planId: '8c1d2e3f-0000-4000-8000-000000000002',
  planKind: 'original', updateKind: null, operationName: 'Rock Valley Finisher Site with a Rather Long Operation Name for Wrapping', facilityId: '64512',
  lines: [{
    id: FEE_ID, code: 'compliance' as Invoice['lines'][number]['code'], citation: 'IAC 567-65.110(3)"c"', amountCents: 24800, paidCents: 0, balanceCents: 24800,
    status: 'due', dueOn: '2026-12-31', reference: REF, payerName: 'Vander Berg Farms LLC', payerKind: 'owner', payerAddress: '2840 Indigo Avenue\nRock Valley, IA 51247',
  }],
  totalCents: 24800, balanceCents: 24800,
};

const receipt: FilingReceipt = {
  confirmationNumber: 'MMP-C-7Q2K9', submittedOn: '2026-12-02', submittedBy: 'Dana Vander Berg', referenceNumber: 'MMP-000123',
  operationName: invoice.operationName, facilityId: '64512', countyName: 'Sioux', kind: 'original', updateKind: null, animalUnitCapacity: 2480,
  fieldCount: 2, acres: 240, counties: ['Lyon', 'Sioux'],
  fees: [{ code: 'compliance' as FilingReceipt['fees'][number]['code'], citation: 'IAC 567-65.110(3)"c"', payerName: 'Vander Berg Farms LLC', amountCents: 24800, paidCents: 0, status: 'due', reference: REF }],
  owedCents: 24800, office: { name: 'Field Office 3 — Spencer', addressLines: ['1900 North Grand Avenue', 'Spencer, IA 51301'], phone: '712-262-4177' } as FilingReceipt['office'],
};

describe('how to pay, said once for the fees page, the invoice and the filing receipt', () => {
  const check = checkInstructions([REF]);

  poppler('the fees page, the invoice and the receipt give the same FEE- reference, payee and address', async () => {
    const page = renderToStaticMarkup(<HowToPay feeLineId={FEE_ID} balanceCents={24800} online={null} />).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    const invoiceText = flat(pdfPages(await renderInvoicePdf(invoice, 'https://mmp.test')));
    const receiptText = flat(pdfPages(await renderFilingReceiptPdf(receipt)));
    expect(check.text).toBe(`Make the check payable to Iowa Department of Natural Resources, write reference ${REF} on it, and mail it to:`);
    for (const doc of [page, invoiceText, receiptText]) {
      expect(doc).toContain(REF);
      for (const line of DEPARTMENT_REMIT_ADDRESS) expect(doc).toContain(line);
    }
    // The receipt no longer sends the check to a field office under the plan's confirmation number.
    expect(receiptText).not.toMatch(/write the confirmation number|Send it to, or pay at/);
  });

  poppler('no PDF hyphenates a word across lines ("De-" / "cember")', async () => {
    for (const pdf of [await renderInvoicePdf(invoice, 'https://mmp.test'), await renderFilingReceiptPdf(receipt)]) {
      const read = lines(pdf);
      expect(read.length).toBeGreaterThan(10);
      for (const line of read) expect(line, line).not.toMatch(/[A-Za-z]-\s*$/);
    }
  });

  poppler('the invoice and the receipt say on each page what they are and which page it is', async () => {
    expect(lines(await renderInvoicePdf(invoice, 'https://mmp.test'))).toContain('Invoice INV-2026-3F2A9C41 · Page 1 of 1');
    expect(lines(await renderFilingReceiptPdf(receipt))).toContain('Filing receipt MMP-C-7Q2K9 · Page 1 of 1');
  });

  poppler('the invoice and the receipt are archival: tagged PDF/A-2, titled, in English, every font embedded', async () => {
    expect(archivalProblems(await renderInvoicePdf(invoice, 'https://mmp.test'), 'Invoice INV-2026-3F2A9C41')).toEqual([]);
    expect(archivalProblems(await renderFilingReceiptPdf(receipt), 'Filing receipt MMP-C-7Q2K9')).toEqual([]);
  });
});
