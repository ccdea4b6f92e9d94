import { formatNumber } from '@/lib/format';
import type { BalanceField, PlanBalance } from '@/lib/plans/balance';

const n = (v: number) => formatNumber(Math.round(v * 100) / 100);

/** The words of one field's line of the manure balance, as the owner types its rates. */
export function fieldBalanceWords(field: BalanceField | undefined, unit: PlanBalance['unit'], producedKnown: boolean): string {
  if (!field) return 'Enter the field’s figures to see its balance.';
  if (field.missing) return field.missing;
  if (!field.limit) return 'This field’s limit cannot be worked out yet.';
  const most = `at most ${n(field.limit.maxManureRatePerAcre)} ${unit} of manure per acre`;
  if (field.plannedRatePerAcre === null) {
    return `This field may take ${most}.${producedKnown ? '' : ' Enter the manure produced a year (the manure step) to compare the planned rate.'}`;
  }
  const planned = `${n(field.plannedRatePerAcre)} ${unit} per acre planned`;
  return field.overLimit ? `Above the limit: ${planned}, ${most}.` : `Within the limit: ${planned}, ${most}.`;
}

/**
 * One field's line of the manure balance, placed under its nitrogen boxes: what typing a rate or a
 * credit changes is in sight, not only in the balance table at the end of the step.
 */
export function FieldBalanceNote({ field, balance, testId }: { field: BalanceField | undefined; balance: PlanBalance; testId?: string }) {
  const words = fieldBalanceWords(field, balance.unit, balance.producedUnits !== null);
  return (
    <p className="mmp-field-balance margin-top-2" role="status" aria-live="polite" data-testid={testId}>
      <span className="text-bold">Manure balance for this field: </span>
      {field?.overLimit ? <strong className="text-secondary-dark">{words}</strong> : words}
    </p>
  );
}
