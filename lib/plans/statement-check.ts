// DNR form 542-8167: whether an agreement row that relies on the landowner's emailed confirmation is
// good, in words. Pure: the owner's form, the completeness check and the reviewer read the same.

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
