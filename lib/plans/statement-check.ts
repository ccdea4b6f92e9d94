// DNR form 542-8167: whether an agreement row that relies on the landowner's emailed confirmation is
// good, in words. Pure: the owner's form, the completeness check and the reviewer read the same.
import { formatDateTime, formatNumber } from '@/lib/format';

export type StatementSummary = {
  id: string;
  agreementKey: string;
  landownerName: string;
  landownerEmail: string;
  fieldName: string;
  acres: number | null;
  commercialNLbPerAcre: number | null;
  commercialP2o5LbPerAcre: number | null;
  confirmedName: string | null;
  requestedAt: string;
  confirmedAt: string | null;
  expiresAt: string;
  /** The receipt number of the statement's copy of record, once confirmed (none for one confirmed before copies were kept). */
  copyOfRecord?: string | null;
};

const same = (a: number | null | undefined, b: number | null | undefined) => (a ?? null) === (b ?? null);

/**
 * Why an agreement row relying on an emailed confirmation is not yet good, in words; null when the
 * landowner confirmed exactly what the row now says.
 */
export function statementProblem(
  row: { landownerName: string; acres?: number | null; commercialNLbPerAcre?: number | null; commercialP2o5LbPerAcre?: number | null; statementId?: string | null },
  statements: readonly StatementSummary[],
): string | null {
  const s = statements.find((x) => x.id === row.statementId);
  if (!s) return `Ask ${row.landownerName} again to confirm the statement of intent: the earlier request is not on this plan.`;
  if (!s.confirmedAt) return `${s.landownerName} has not yet confirmed the statement of intent emailed to ${s.landownerEmail}. Wait for it, upload a signed copy, or send it again.`;
  if (s.landownerName !== row.landownerName || !same(s.acres, row.acres) || !same(s.commercialNLbPerAcre, row.commercialNLbPerAcre) || !same(s.commercialP2o5LbPerAcre, row.commercialP2o5LbPerAcre)) {
    return `The statement ${s.confirmedName ?? s.landownerName} confirmed differs from what the plan now says (landowner, acres or commercial fertilizer): send it again for the new figures.`;
  }
  return null;
}

const lb = (v: number | null, what: string) => (v === null ? `${what} not stated` : `${formatNumber(v)} lb ${what}`);
const figuresWords = (s: { acres: number | null; commercialNLbPerAcre: number | null; commercialP2o5LbPerAcre: number | null }) =>
  `${s.acres === null ? 'acres not stated' : `${formatNumber(s.acres)} acres`}; commercial fertilizer ${lb(s.commercialNLbPerAcre, 'N')} and ${lb(s.commercialP2o5LbPerAcre, 'P2O5')} per acre`;

/**
 * Where an agreement row's emailed statement of intent stands, as the owner and the reviewer read it:
 * who confirmed which figures and when, or that no one has yet. Never says "confirmed" of a statement
 * that was not, and says so when the plan's figures are no longer the ones the landowner confirmed.
 */
export function statementStatusWords(
  row: { acres?: number | null; commercialNLbPerAcre?: number | null; commercialP2o5LbPerAcre?: number | null; statementId?: string | null },
  statements: readonly StatementSummary[],
  now: Date,
): string {
  const s = statements.find((x) => x.id === row.statementId);
  if (!s) return 'Statement of intent by emailed link: its record is not on this plan, so it is not confirmed.';
  const sent = `emailed to ${s.landownerEmail} on ${formatDateTime(s.requestedAt)}`;
  if (!s.confirmedAt) {
    return new Date(s.expiresAt) <= now
      ? `Statement of intent ${sent}: not confirmed, and the link expired on ${formatDateTime(s.expiresAt)}.`
      : `Statement of intent ${sent}: not yet confirmed (the link works until ${formatDateTime(s.expiresAt)}).`;
  }
  const confirmed = `Statement of intent ${sent}, confirmed by ${s.confirmedName ?? s.landownerName}, who typed their name as a signature, on ${formatDateTime(s.confirmedAt)}, for ${figuresWords(s)}.`;
  const changed = !same(s.acres, row.acres) || !same(s.commercialNLbPerAcre, row.commercialNLbPerAcre) || !same(s.commercialP2o5LbPerAcre, row.commercialP2o5LbPerAcre);
  return changed ? `${confirmed} The plan now states different figures, which the landowner has not confirmed.` : confirmed;
}
