import 'server-only';
import { createHash } from 'node:crypto';
import { DEPARTMENT_NAME, decisionLetterText, type DecisionLetterInput } from '@/lib/reviews/letter-content';
import { pageFooterWords, renderArchivalPdf, type Block } from './archival';

// IAC 567-65.110(4): the decision letter as an archival PDF (lib/pdf/archival), rendered once on the
// server when the decision is sent, then stored with the decision and never rendered again. Its words
// come from lib/reviews/letter-content, as the printable page's and the email's do.

export type DecisionLetterContent = DecisionLetterInput;

export function decisionLetterTitle(l: DecisionLetterContent): string {
  return `Decision letter ${l.parts.referenceNumber}`;
}

/** The letter in reading order. */
export function decisionLetterBlocks(l: DecisionLetterContent): Block[] {
  const t = decisionLetterText(l);
  const [department, ...head] = t.letterhead;
  return [
    { text: department ?? DEPARTMENT_NAME, bold: true },
    { text: head.join('\n') },
    { text: t.date, gapBefore: 0.5 },
    { text: t.reference },
    { text: t.recipient.join('\n'), gapBefore: 0.5 },
    { heading: t.title, level: 1 },
    { text: t.greeting },
    { table: { rows: t.facts.map(([label, value]) => [label, value]), widths: [0.32, 0.68], boldFirstColumn: true } },
    { text: t.review },
    { text: t.manureRemoval.text, bold: true },
    ...(t.balance
      ? [
        { heading: t.balance.heading },
        { text: t.balance.summary },
        { list: t.balance.rows },
        ...(t.balance.unconfirmed ? [{ text: t.balance.unconfirmed, size: 9, muted: true }] : []),
      ] satisfies Block[]
      : []),
    ...(t.reasons ? [{ heading: t.reasons.heading }, { list: t.reasons.items }] satisfies Block[] : []),
    ...(t.resubmit ? [{ text: t.resubmit, gapBefore: 0.5 }] : []),
    ...(t.appeal ? [{ heading: t.appeal.heading }, { text: t.appeal.text }] satisfies Block[] : []),
    { text: t.signature.join('\n'), gapBefore: 1.5 },
    ...(t.questions ? [{ text: t.questions, gapBefore: 0.5 }] : []),
    { text: 'This letter was rendered when the decision was sent and is kept unchanged with it.', size: 9, muted: true, gapBefore: 1.5 },
  ];
}

/** The letter's PDF bytes and their SHA-256 (hex), as stored and as written to the audit event. */
export async function renderDecisionLetterPdf(l: DecisionLetterContent): Promise<{ pdf: Buffer; sha256: string }> {
  const title = decisionLetterTitle(l);
  const pdf = await renderArchivalPdf({
    title,
    subject: `${decisionLetterText(l).title}: ${l.operationName}`,
    createdAt: new Date(`${l.decidedOn}T12:00:00Z`),
    footer: (page, pages) => pageFooterWords(title, page, pages),
    blocks: decisionLetterBlocks(l),
    fontSize: 10.5,
  });
  return { pdf, sha256: createHash('sha256').update(pdf).digest('hex') };
}
