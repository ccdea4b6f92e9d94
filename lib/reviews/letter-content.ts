import { deadlineOf } from '@/lib/deadlines';
import { clause, formatDate, formatNumber, pluralDays, sentence } from '@/lib/format';
import { planKindLabel, type PlanKind, type UpdateKind } from '@/lib/notifications/labels';
import { daysBetween, latestParameter, reviewDeadline } from '@/lib/rules';
import type { PlanBalance } from '@/lib/plans/balance';
import { BALANCE_READING_NOT_CONFIRMED, CROP_FIGURES_NOT_CONFIRMED } from '@/lib/reading-words';

/** What a letter says beyond its decision, as buildLetterParts (letter-parts.ts) reads it from the records. */
export type LetterParts = {
  referenceNumber: string;
  office: { name: string; addressLines: string[]; phone: string | null } | null;
  recipient: { name: string; addressLines: string[] | null };
  manureRemoval: { allowed: boolean; reason: string; citation: string; readingConfirmed: boolean };
  appeal: { text: string; lastDay: string; day: string; confirmed: boolean; citation: string } | null;
  /** IAC 567-65.111: the plan's manure balance as the reviewer's check computed it (absent on letters stored before it was carried). */
  balance?: LetterBalance | null;
};

// The words of the decision letter of IAC 567-65.110(4), written once. The printable page, the PDF
// stored with the decision and the email each lay these out in their own medium (HTML, PDF, email)
// and add nothing to the wording, so what the owner reads, prints and downloads says the same thing.
// The smaller helpers below are the same sentences for the other letters that carry the parts
// (a return as incomplete, the county's notice).

export type DecisionLetterInput = {
  operationName: string;
  facilityId: string;
  countyName: string;
  ownerName: string;
  parts: LetterParts;
  kind: PlanKind;
  updateKind: UpdateKind | null;
  decision: 'approved' | 'disapproved';
  reasons: string[];
  receivedOn: string;
  decidedOn: string;
  reviewDay: number;
  decidedBy: { name: string; title: string } | null;
};

export type DecisionLetterText = {
  /** The department's letterhead: its name, the programme, then the field office and its phone. */
  letterhead: string[];
  date: string;
  reference: string;
  /** The owner's name and mailing address, as the address block of the letter. */
  recipient: string[];
  /** False when no mailing address is on file (staff are told on the page; the letter still reads). */
  recipientHasAddress: boolean;
  title: string;
  greeting: string;
  facts: Array<[label: string, value: string]>;
  review: string;
  manureRemoval: { text: string; confirmed: boolean };
  /** The plan's manure balance, field by field, as the review computed it; null when the plan lists no field. */
  balance: { heading: string; summary: string; rows: string[]; unconfirmed: string | null } | null;
  reasons: { heading: string; items: string[] } | null;
  resubmit: string | null;
  /** Only a disapproval is appealable (a return as incomplete carries its own paragraph). */
  appeal: { heading: string; text: string; confirmed: boolean } | null;
  signature: string[];
  questions: string | null;
};

export const DEPARTMENT_NAME = 'Iowa Department of Natural Resources';
export const UNCONFIRMED_APPEAL = 'The department has not yet confirmed the text and deadline of this paragraph.';
export const UNCONFIRMED_REMOVAL = 'This reading of the rule is to be confirmed by the department.';

/** The department, the programme and the field office serving the operation's county. */
export function letterhead(parts: LetterParts): string[] {
  const o = parts.office;
  return [DEPARTMENT_NAME, 'Animal Feeding Operations · Manure Management Plans', ...(o ? [o.name, ...o.addressLines, ...(o.phone ? [`Phone: ${o.phone}`] : [])] : [])];
}

export function recipientLines(parts: LetterParts): string[] {
  return [parts.recipient.name, ...(parts.recipient.addressLines ?? [])];
}

/** IAC 567-65.110(5), as the one in-force query answers it. */
export function manureRemovalSentence(parts: LetterParts): string {
  const m = parts.manureRemoval;
  return `Manure removal from storage: ${m.allowed ? 'allowed' : 'not allowed'}. ${clause(m.reason)} (${m.citation}).`;
}

/** The appeal paragraph, with its citation added only where the paragraph does not already name it. */
export function appealSentence(parts: LetterParts): string | null {
  if (!parts.appeal) return null;
  const { text, citation } = parts.appeal;
  const named = citation.split(';').every((c) => text.includes(c.trim()));
  return named ? sentence(text) : `${clause(text)} (${citation}).`;
}

export function questionsSentence(parts: LetterParts): string | null {
  return parts.office ? `Questions: ${parts.office.name}${parts.office.phone ? `, ${parts.office.phone}` : ''}.` : null;
}

/** The balance as a letter carries it: plain figures and words, kept with the letter's parts. */
export type LetterBalance = {
  unit: string;
  citation: string;
  producedUnits: number | null;
  plannedUnits: number | null;
  capacityUnits: number | null;
  shortfallUnits: number | null;
  fields: { name: string; plannedRatePerAcre: number | null; maxManureRatePerAcre: number | null; overLimit: boolean; reason: string | null }[];
  unconfirmed: string | null;
  /** The readings of the rule the limits rest on (BALANCE_READINGS); absent in letters made before they were named. */
  readings?: string[];
};

const r2 = (v: number) => formatNumber(Math.round(v * 100) / 100);

export function letterBalance(b: PlanBalance): LetterBalance {
  return {
    unit: b.unit,
    citation: b.citation,
    producedUnits: b.producedUnits,
    plannedUnits: b.balance?.plannedUnits ?? null,
    capacityUnits: b.balance?.capacityUnits ?? null,
    shortfallUnits: b.balance?.shortfallUnits ?? null,
    fields: b.fields.map((f) => ({
      name: f.name, plannedRatePerAcre: f.plannedRatePerAcre, maxManureRatePerAcre: f.limit?.maxManureRatePerAcre ?? null,
      overLimit: f.overLimit, reason: f.limit?.reason ?? f.missing,
    })),
    unconfirmed: b.unconfirmed,
    readings: b.readings,
  };
}

/** The balance's words: one summary sentence and one line per field. */
export function balanceText(b: LetterBalance): NonNullable<DecisionLetterText['balance']> {
  const summary = b.producedUnits === null || b.plannedUnits === null
    ? `The plan gives no manure produced a year, so its balance could not be computed (${b.citation}).`
    : `Manure produced a year: ${r2(b.producedUnits)} ${b.unit}; planned on the fields: ${r2(b.plannedUnits)} ${b.unit}; the fields may take at their limits: ${r2(b.capacityUnits ?? 0)} ${b.unit}` +
      (b.shortfallUnits ? `; ${r2(b.shortfallUnits)} ${b.unit} have no planned field` : '') + ` (${b.citation}).`;
  const rows = b.fields.map((f) =>
    f.maxManureRatePerAcre === null
      ? `${f.name}: limit not computed${f.reason ? ` (${clause(f.reason)})` : ''}.`
      : `${f.name}: ${f.plannedRatePerAcre === null ? 'no planned rate' : `${r2(f.plannedRatePerAcre)} ${b.unit} per acre planned`}, at most ${r2(f.maxManureRatePerAcre)} ${b.unit} per acre${f.overLimit ? ', above the limit' : ''}${f.reason ? ` (${clause(f.reason)})` : ''}.`,
  );
  return { heading: 'The plan’s manure balance', summary, rows, unconfirmed: [b.unconfirmed ? CROP_FIGURES_NOT_CONFIRMED : null, b.readings?.length ? BALANCE_READING_NOT_CONFIRMED : null].filter(Boolean).join(' ') || null };
}

/**
 * IAC 567-65.110(4) and Iowa Code 4.1(34) (general rule): the review's days, and, when the decision
 * came after the last day of the review, a plain word that it was late and by how much.
 */
function reviewSentence(l: DecisionLetterInput, word: string): string {
  const review = latestParameter('days.mmp_review');
  const rule = `Under ${review.citation}, the department approves or disapproves a complete manure management plan within ${review.value} days of the date it is received.`;
  const what = `The department received your complete plan on ${formatDate(l.receivedOn)} and ${word} it on ${formatDate(l.decidedOn)}, day ${l.reviewDay} of the review`;
  const last = deadlineOf('department_review', reviewDeadline(l.receivedOn)).day;
  if (l.decidedOn <= last) return `${rule} ${what}, within the ${review.value} days.`;
  return `${rule} ${what}. This decision came late: the ${review.value} days ended on ${formatDate(last)}, ${pluralDays(daysBetween(last, l.decidedOn))} before the department decided.`;
}

export function decisionLetterText(l: DecisionLetterInput): DecisionLetterText {
  const approved = l.decision === 'approved';
  const word = approved ? 'approved' : 'disapproved';
  const review = latestParameter('days.mmp_review');
  const appeal = appealSentence(l.parts);
  return {
    letterhead: letterhead(l.parts),
    date: formatDate(l.decidedOn),
    reference: `Plan reference: ${l.parts.referenceNumber}`,
    recipient: recipientLines(l.parts),
    recipientHasAddress: Boolean(l.parts.recipient.addressLines?.length),
    title: `Manure management plan ${word}`,
    greeting: `Dear ${l.ownerName},`,
    facts: [
      ['Plan reference', l.parts.referenceNumber],
      ['Operation', `${l.operationName} (facility ${l.facilityId}), ${l.countyName} County`],
      ['Plan', planKindLabel(l.kind, l.updateKind)],
      ['Complete plan received', formatDate(l.receivedOn)],
      ['Decision', `${approved ? 'Approved' : 'Disapproved'} on ${formatDate(l.decidedOn)}`],
    ],
    review: reviewSentence(l, word),
    manureRemoval: { text: manureRemovalSentence(l.parts), confirmed: l.parts.manureRemoval.readingConfirmed },
    balance: l.parts.balance ? balanceText(l.parts.balance) : null,
    reasons: l.reasons.length ? { heading: approved ? 'Notes' : 'Reasons for disapproval', items: l.reasons.map(sentence) } : null,
    resubmit: approved
      ? null
      : `You may correct the plan and submit it again. The department will review a resubmitted complete plan within ${review.value} days of receiving it (${review.citation}).`,
    appeal: !approved && appeal && l.parts.appeal ? { heading: 'If you disagree', text: appeal, confirmed: l.parts.appeal.confirmed } : null,
    signature: [...(l.decidedBy ? [`${l.decidedBy.name}, ${l.decidedBy.title}`] : []), DEPARTMENT_NAME],
    questions: questionsSentence(l.parts),
  };
}
