import { describe, expect, it } from 'vitest';
import { EMAIL_PREVIEWS, renderEmail, type EmailTemplates } from '@/emails';
import { renderDecisionLetterPdf } from '@/lib/pdf/decision-letter-pdf';
import { decisionLetterText, type DecisionLetterInput } from '@/lib/reviews/letter-content';
import { archivalProblems, pdfPages, popplerMissing } from '../support/poppler';

// The decision letter's words are written once (lib/reviews/letter-content); the email and the PDF
// stored with the decision both carry every one of them, so the owner reads the same letter in each.

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();
// Read with poppler, as an archivist's tools would; skipped, with the reason, only where it is absent (.ci/run installs it).
const poppler = (name: string, fn: () => Promise<void>) => it.skipIf(popplerMissing !== null)(popplerMissing ? `${name} [skipped: ${popplerMissing}]` : name, fn);
const props = EMAIL_PREVIEWS['plan-decided'] as EmailTemplates['plan-decided'];

function input(decision: 'approved' | 'disapproved'): DecisionLetterInput {
  return {
    operationName: props.operationName, facilityId: props.facilityId, countyName: props.countyName, ownerName: props.ownerName, parts: props.letter,
    kind: props.planKind, updateKind: props.updateKind ?? null, decision, reasons: decision === 'approved' ? [] : (props.reasons ?? []),
    receivedOn: props.receivedOn, decidedOn: props.decidedOn, reviewDay: 53, decidedBy: props.decidedBy,
  };
}

function everyLine(l: DecisionLetterInput): string[] {
  const t = decisionLetterText(l);
  return [
    ...t.letterhead, t.date, t.reference, ...t.recipient, t.title, t.greeting, ...t.facts.flat(), t.review, t.manureRemoval.text,
    ...(t.reasons ? [t.reasons.heading, ...t.reasons.items] : []), ...(t.resubmit ? [t.resubmit] : []),
    ...(t.appeal ? [t.appeal.heading, t.appeal.text] : []), ...t.signature,
    ...(t.balance ? [t.balance.heading, t.balance.summary, ...t.balance.rows, ...(t.balance.unconfirmed ? [t.balance.unconfirmed] : [])] : []),
  ].map(flat);
}

describe('one decision letter in every medium', () => {
  it.skipIf(popplerMissing !== null).each(['disapproved', 'approved'] as const)('the %s letter says the same in the email and in the PDF', async (decision) => {
    const l = input(decision);
    const email = flat((await renderEmail('plan-decided', { ...props, decision, reasons: l.reasons } as EmailTemplates['plan-decided'])).text);
    const rendered = (await renderDecisionLetterPdf(l)).pdf;
    // Without the page furniture, so that a sentence running over a page break still reads whole.
    const pdf = flat(pdfPages(rendered).map((p) => p.replace(/Decision letter MMP-000123 · Page \d+ of \d+/, '')).join(' '));
    expect(archivalProblems(rendered, 'Decision letter MMP-000123')).toEqual([]);
    const lines = everyLine(l);
    expect(lines).toContain('Plan reference: MMP-000123');
    // IAC 567-65.111: the balance the review computed, field by field.
    expect(lines).toContain('Manure produced a year: 1,900 thousand gallons; planned on the fields: 976.8 thousand gallons; the fields may take at their limits: 1,279.2 thousand gallons; 923.2 thousand gallons have no planned field (IAC 567-65.111).');
    expect(lines.some((x) => x.startsWith('Quarter 160: 4.44 thousand gallons per acre planned, at most 4.93 thousand gallons per acre'))).toBe(true);
    for (const line of lines) {
      expect(email, `email: ${line}`).toContain(line);
      expect(pdf, `PDF: ${line}`).toContain(line);
    }
  });

  it('a disapproval names its reasons, offers a resubmission and the appeal; an approval neither', () => {
    const no = decisionLetterText(input('disapproved'));
    expect(no.title).toBe('Manure management plan disapproved');
    expect(no.reasons?.heading).toBe('Reasons for disapproval');
    expect(no.reasons?.items).toHaveLength(2);
    expect(no.resubmit).toMatch(/within 60 days of receiving it \(IAC 567-65\.110\(4\)\)/);
    expect(no.appeal?.text).toContain('notice of appeal');
    const yes = decisionLetterText(input('approved'));
    expect(yes.title).toBe('Manure management plan approved');
    expect(yes.reasons).toBeNull();
    expect(yes.resubmit).toBeNull();
    expect(yes.appeal).toBeNull();
    expect(yes.review).toContain('approved it on February 26, 2027, day 53 of the review');
  });

  it('every line ends one sentence once: no "..", no ".).", and the appeal paragraph cites its law once', () => {
    const lines = everyLine(input('disapproved'));
    for (const line of lines) expect(line, line).not.toMatch(/(?<!\.)\.\.(?!\.)|\.\)\./);
    const appeal = decisionLetterText(input('disapproved')).appeal!.text;
    expect(appeal.match(/567 IAC chapter 7/g)).toHaveLength(1);
    expect(appeal.match(/Iowa Code chapter 17A/g)).toHaveLength(1);
    expect(decisionLetterText(input('approved')).manureRemoval.text).toMatch(/withdraw it \(IAC 567-65\.110\(5\)\)\.$/);
  });

  it('an approval on time says so; one decided after the 60 days says plainly that it came late', () => {
    const onTime = decisionLetterText(input('approved'));
    expect(onTime.review).toContain('day 53 of the review, within the 60 days.');
    // Received Monday January 4, 2027: day 60 is Friday March 5, a weekday the general rule does not move.
    const late = decisionLetterText({ ...input('approved'), decidedOn: '2027-03-15', reviewDay: 70 });
    expect(late.review).toContain('approved it on March 15, 2027, day 70 of the review. This decision came late: the 60 days ended on March 5, 2027, 10 days before the department decided.');
    expect(late.review).not.toContain('within the 60 days.');
  });
});

describe('every page of a letter says what it belongs to', () => {
  poppler('a letter running to a second page carries its reference and "Page n of m" on each page', async () => {
    const l = { ...input('disapproved'), reasons: Array.from({ length: 40 }, (_, i) => `Field ${i + 1} lacks the soil test its P-index needs (IAC 567-65.112).`) };
    const { pdf } = await renderDecisionLetterPdf(l);
    const footers = pdfPages(pdf).flatMap((p) => p.split('\n')).map((line) => line.trim()).filter((line) => /^Decision letter MMP-000123 · Page \d+ of \d+$/.test(line));
    const total = Number(footers[0]?.match(/of (\d+)$/)?.[1]);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(footers).toEqual(Array.from({ length: total }, (_, i) => `Decision letter MMP-000123 · Page ${i + 1} of ${total}`));
  });
});
