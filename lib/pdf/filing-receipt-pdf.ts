import 'server-only';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { FEE_LABELS, planKindLabel, type PlanKind, type UpdateKind } from '@/lib/notifications/labels';
import { checkInstructions, payOnlineSentence } from '@/lib/payments/instructions';
import type { FilingReceipt } from '@/lib/plans/filing-receipt';
import { DEPARTMENT_AUTHOR, pageFooterWords, renderArchivalPdf, type Block } from './archival';

// The filing receipt as an archival PDF (lib/pdf/archival), rendered on the server: what was filed,
// the fees owed and how to pay them, under the submission's confirmation number.

export function filingReceiptTitle(r: FilingReceipt): string {
  return `Filing receipt ${r.confirmationNumber ?? r.referenceNumber}`;
}

export function filingReceiptBlocks(r: FilingReceipt): Block[] {
  const kind = planKindLabel(r.kind as PlanKind, r.updateKind as UpdateKind | null);
  const check = checkInstructions(r.fees.filter((f) => f.status === 'due' && f.amountCents > f.paidCents).map((f) => f.reference));
  const fees: Block[] = r.fees.length
    ? [{
      table: {
        header: ['Fee', 'Amount', 'Paid', 'Status'],
        rows: [
          ...r.fees.map((f) => [`${FEE_LABELS[f.code] ?? f.code} (${f.citation}), paid by ${f.payerName}`, formatMoney(f.amountCents), f.paidCents ? formatMoney(f.paidCents) : '', f.status === 'due' ? 'due' : f.status]),
          ['Owed now', formatMoney(r.owedCents), '', ''],
        ],
        widths: [0.55, 0.15, 0.15, 0.15],
        align: ['left', 'right', 'right', 'right'],
        boldRows: [r.fees.length],
      },
    }]
    : [{ text: 'No fee is due with this submission.' }];
  const pay: Block[] = r.owedCents > 0
    ? [
      { text: `Pay ${formatMoney(r.owedCents)}. ${payOnlineSentence()}` },
      { text: `By check: ${check.text}` },
      { text: check.address.join('\n'), indent: 12 },
      ...(r.office?.phone ? [{ text: `Questions: ${r.office.name}, ${r.office.phone}.` }] : []),
      { text: 'Each payment the department records is emailed to the payer as a receipt and shown on the plan’s page.' },
    ]
    : [{ text: 'Nothing is owed for this submission.' }];
  return [
    { text: `${DEPARTMENT_AUTHOR} · Manure Management Plan Portal`, size: 9, muted: true },
    { heading: 'Filing receipt', level: 1 },
    { text: `Confirmation number ${r.confirmationNumber ?? 'not given (filed before receipts were numbered)'}`, bold: true, size: 12 },
    {
      table: {
        rows: [
          ['Operation', `${r.operationName} (facility ID ${r.facilityId ?? 'not yet assigned'}), ${r.countyName} County`],
          ['Plan', `${kind}, reference ${r.referenceNumber}`],
          ['Filed', `${formatDate(r.submittedOn)}${r.submittedBy ? ` by ${r.submittedBy}` : ''}`],
          ['Animal unit capacity', r.animalUnitCapacity === null ? 'not stated' : `${formatNumber(r.animalUnitCapacity)} AU`],
          ['Fields where manure is applied', `${r.fieldCount} (${formatNumber(r.acres)} acres)`],
          ['Counties that see this plan', r.counties.length ? r.counties.join(', ') : 'none recorded'],
        ],
        widths: [0.4, 0.6],
      },
    },
    { heading: 'Fees' },
    ...fees,
    { heading: 'How to pay' },
    ...pay,
    {
      text: 'Keep this receipt with your records. The confirmation number identifies this submission when you contact the department; it is not a password and does not open the plan.',
      size: 8.5, muted: true, gapBefore: 1,
    },
  ];
}

export async function renderFilingReceiptPdf(r: FilingReceipt): Promise<Buffer> {
  const title = filingReceiptTitle(r);
  return renderArchivalPdf({
    title,
    subject: `${r.operationName}, plan ${r.referenceNumber}`,
    createdAt: new Date(`${r.submittedOn}T12:00:00Z`),
    footer: (page, pages) => pageFooterWords(title, page, pages),
    blocks: filingReceiptBlocks(r),
  });
}
