import { balanceInput, planBalance, unplacedManureWords } from './balance';
import type { FiledDocument, PlanDocument } from './document/types';
import type { ReferenceTables } from './reference-tables';

// The summary at the top of check your answers: what is still missing and, beside it, the manure
// the plan leaves with no field, with its figure (IAC 567-65.111), so the owner reads it before the
// reviewer does. Pure: the same balance the fields step and the reviewer's check compute.

export type ReviewSummary = { heading: string; unplaced: string | null };

export function reviewSummary(doc: PlanDocument | FiledDocument, missingCount: number, year: number, tables?: ReferenceTables): ReviewSummary {
  const b = planBalance(balanceInput(doc.production, doc.fields, doc.agreements), year, tables);
  const unplaced = unplacedManureWords(b);
  const parts = [
    missingCount ? `Still missing: ${missingCount} ${missingCount === 1 ? 'item' : 'items'}` : null,
    unplaced && b.balance ? `${(Math.round(b.balance.shortfallUnits * 100) / 100).toLocaleString('en-US')} of ${(Math.round(b.producedUnits! * 100) / 100).toLocaleString('en-US')} ${b.unit} of manure have no field` : null,
  ].filter((p): p is string => p !== null);
  return { heading: parts.join('; ') || 'Nothing is missing', unplaced };
}
