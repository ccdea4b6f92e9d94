import 'server-only';
import { formatDate, formatMoney } from '@/lib/format';
import { FEE_LABELS, planKindLabel, type UpdateKind } from '@/lib/notifications/labels';
import { DEPARTMENT_AUTHOR, pageFooterWords, renderArchivalPdf, type Block } from '@/lib/pdf/archival';
import type { Invoice } from './invoice';
import { checkInstructions, payOnlineSentence } from './instructions';

// The invoice as an archival PDF (lib/pdf/archival), rendered on the server: fees, payer, due date
// and the reference to write on a check, with the department's address and the online option.

export function invoiceBlocks(inv: Invoice, origin: string): Block[] {
  const payers = [...new Map(inv.lines.map((l) => [l.payerName, l])).values()];
  const check = checkInstructions(inv.lines.filter((l) => l.balanceCents > 0).map((l) => l.reference));
  return [
    { heading: `Invoice ${inv.number}`, level: 1 },
    { text: `${DEPARTMENT_AUTHOR} · Manure management plans`, muted: true },
    { heading: 'For' },
    { text: `${inv.operationName} (facility ${inv.facilityId ?? 'not yet assigned'})\n${planKindLabel(inv.planKind, inv.updateKind as UpdateKind | null)}, submitted ${formatDate(inv.submittedOn)}` },
    { heading: 'Billed to' },
    ...payers.map((p): Block => ({
      text: `${p.payerName} (${p.payerKind === 'active_contractor' ? 'active contractor, Iowa Code ch. 202' : 'owner'})${p.payerAddress ? `\n${p.payerAddress.replace(/\n/g, ', ')}` : ''}`,
    })),
    { heading: 'Fees' },
    inv.lines.length
      ? {
        table: {
          header: ['Fee', 'Reference · due', 'Amount', 'Paid', 'Owed'],
          rows: inv.lines.map((l) => [`${FEE_LABELS[l.code] ?? l.code} (${l.citation})`, `${l.reference}${l.dueOn ? ` · due ${formatDate(l.dueOn)}` : ''}`, formatMoney(l.amountCents), formatMoney(l.paidCents), formatMoney(l.balanceCents)]),
          widths: [0.34, 0.26, 0.14, 0.13, 0.13],
          align: ['left', 'left', 'right', 'right', 'right'],
        },
      }
      : { text: 'This submission billed no fee.' },
    { text: `Total ${formatMoney(inv.totalCents)} · still owed ${formatMoney(inv.balanceCents)}`, bold: true },
    { heading: 'How to pay' },
    { text: payOnlineSentence(origin) },
    { text: `By check: ${check.text}` },
    { text: check.address.join('\n'), indent: 12 },
  ];
}

export async function renderInvoicePdf(inv: Invoice, origin: string): Promise<Buffer> {
  const title = `Invoice ${inv.number}`;
  return renderArchivalPdf({
    title,
    subject: `${inv.operationName}, fees of the submission of ${formatDate(inv.submittedOn)}`,
    createdAt: new Date(`${inv.submittedOn}T12:00:00Z`),
    footer: (page, pages) => pageFooterWords(title, page, pages),
    blocks: invoiceBlocks(inv, origin),
  });
}
