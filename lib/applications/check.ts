import { formatNumber } from '@/lib/format';
import type { PlanBalance } from '@/lib/plans/balance';
import { RuleInputError } from '@/lib/rules';

// IAC 567-65.111 and DNR form 542-8002: an application record against the approved plan in force. The
// plan's limit for the field (planBalance, for the record's crop year) is the most manure the field may
// take per acre. Each record is checked with the field's season total in its crop year (the records
// before it plus this one, over the plan's acres for the field): a record that brings the field over
// is flagged even when its own rate is not, and every check says where the field stands. Where the
// plan gives no limit, a rate above the plan's planned rate is flagged all the same. A record on a
// field the plan does not list, or one made with no approved plan, is flagged too. Pure: the owner's
// page, the import's preview and the reviewer's page read these words.

export type AmountUnit = 'thousand_gallons' | 'tons';
export const UNIT_WORDS: Record<AmountUnit, string> = { thousand_gallons: 'thousand gallons', tons: 'tons' };

/**
 * The record's rate: amount applied over acres covered, to hundredths (as the plan's limits are).
 * Zero or negative acres have no rate: refused, never divided by.
 */
export function applicationRatePerAcre(amountApplied: number, acres: number): number {
  if (!Number.isFinite(acres) || acres <= 0) throw new RuleInputError('acres', 'must be more than 0');
  if (!Number.isFinite(amountApplied) || amountApplied < 0) throw new RuleInputError('amountApplied', 'cannot be negative');
  return Math.round((amountApplied / acres) * 100) / 100;
}

export type CheckedRecord = { fieldKey: string | null; fieldName: string; ratePerAcre: number; amountUnit: AmountUnit; amountApplied?: number };

export type RecordCheck = {
  status: 'within' | 'over_rate' | 'over_planned' | 'not_in_plan' | 'no_plan' | 'unit_mismatch' | 'not_computed';
  /** Plain words for the owner and the reviewer; null when the record is within the plan's limit. */
  message: string | null;
  /** Where the field stands in the season with this record, in words; null when it cannot be said. */
  standing: string | null;
  maxRatePerAcre: number | null;
  citation: 'IAC 567-65.111';
};

const CITATION = 'IAC 567-65.111' as const;

/** The plan field a record names: by its row key, else by its name (an imported record gives only the name). */
export function planFieldOf(plan: PlanBalance, record: { fieldKey: string | null; fieldName: string }) {
  const byKey = record.fieldKey ? plan.fields.find((f) => f.key === record.fieldKey) : undefined;
  return byKey ?? plan.fields.find((f) => f.name.trim().toLowerCase() === record.fieldName.trim().toLowerCase());
}

export function limitWords(limitedBy: 'nitrogen' | 'phosphorus' | 'no_manure', crop: string | null): string {
  return limitedBy === 'no_manure' ? 'no manure' : `${limitedBy} for ${crop ?? 'the planned crop'}`;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * Checks one record against the balance of the approved plan (null when none is in force).
 * `priorUnits` is what the season's earlier records put on the same field in the same unit.
 */
export function checkApplicationRecord(record: CheckedRecord, plan: PlanBalance | null, priorUnits = 0): RecordCheck {
  const base = { citation: CITATION, standing: null };
  if (!plan) {
    return { ...base, status: 'no_plan', maxRatePerAcre: null, message: `${record.fieldName}: no approved plan is in force, so this application cannot be checked against a plan’s limit.` };
  }
  const field = planFieldOf(plan, record);
  if (!field) return { ...base, status: 'not_in_plan', maxRatePerAcre: null, message: `${record.fieldName} is not a field of the approved plan.` };
  const unit = UNIT_WORDS[record.amountUnit];
  if (unit !== plan.unit) {
    return { ...base, status: 'unit_mismatch', maxRatePerAcre: null, message: `${field.name}: the record is in ${unit} but the approved plan’s manure is in ${plan.unit}, so the rate cannot be compared.` };
  }
  // The season so far on this field, this record included, over the plan's acres for the field.
  const seasonUnits = round2(priorUnits + (record.amountApplied ?? 0));
  const perAcre = field.acres && record.amountApplied !== undefined ? round2(seasonUnits / field.acres) : null;
  const so = perAcre === null ? null : `${field.name} this season: ${formatNumber(seasonUnits)} ${unit} on its ${formatNumber(field.acres!)} acres, ${formatNumber(perAcre)} per acre`;
  const planned = field.plannedRatePerAcre;
  const rate = `${formatNumber(record.ratePerAcre)} ${unit} per acre`;
  if (!field.limit) {
    const why = field.missing ?? `${field.name}: the approved plan’s limit for this field cannot be computed.`;
    const worst = Math.max(record.ratePerAcre, perAcre ?? 0);
    if (planned !== null && worst > planned) {
      const times = planned > 0 ? ` (${formatNumber(Math.round((worst / planned) * 10) / 10)} times the planned rate)` : '';
      const standing = so ? `${so}, above the planned ${formatNumber(planned)}; limit to be checked.` : null;
      const message = `${field.name}: ${formatNumber(worst)} ${unit} per acre is above the ${formatNumber(planned)} the approved plan plans for this field${times}. No legal limit could be computed for it, so it is flagged against the planned rate: ${why}`;
      return { ...base, status: 'over_planned', maxRatePerAcre: null, message, standing };
    }
    const standing = so ? `${so}${planned !== null ? `, within the planned ${formatNumber(planned)}` : ''}; limit to be checked.` : null;
    return { ...base, status: 'not_computed', maxRatePerAcre: null, message: why, standing };
  }
  const max = field.limit.maxManureRatePerAcre;
  const allows = `the ${formatNumber(max)} the approved plan allows (${limitWords(field.limit.limitedBy, field.crop)})`;
  const overSeason = perAcre !== null && perAcre > max;
  const standing = so
    ? overSeason
      ? `${so}, above ${allows}: the field is now over its limit.`
      : `${so}, within ${allows}; ${formatNumber(round2((max - perAcre!) * field.acres!))} ${unit} more would reach it.`
    : null;
  // At the limit is allowed; only a rate above it is flagged, the record's own or the season's.
  if (record.ratePerAcre > max) {
    const message = max === 0
      ? `${field.name}: ${rate} applied, but the approved plan allows no manure on this field (its phosphorus index is too high).`
      : `${field.name}: ${rate} is more than ${allows}.`;
    return { ...base, status: 'over_rate', maxRatePerAcre: max, message, standing };
  }
  if (overSeason) {
    const message = `${field.name}: with this application the season’s total is ${formatNumber(seasonUnits)} ${unit}, ${formatNumber(perAcre!)} per acre of its ${formatNumber(field.acres!)} acres, more than ${allows}. The field is now over its limit.`;
    return { ...base, status: 'over_rate', maxRatePerAcre: max, message, standing };
  }
  return { ...base, status: 'within', maxRatePerAcre: max, message: null, standing };
}

/**
 * Checks a crop year's records in the order they were applied, each with the season's total on its
 * field up to and including it (records in another unit than the plan's are not added up).
 */
export function checkSeason(records: (CheckedRecord & { amountApplied: number })[], plan: PlanBalance | null): RecordCheck[] {
  const soFar = new Map<string, number>();
  return records.map((r) => {
    const field = plan ? planFieldOf(plan, r) : undefined;
    const prior = field ? soFar.get(field.key) ?? 0 : 0;
    const check = checkApplicationRecord(r, plan, prior);
    if (field && plan && UNIT_WORDS[r.amountUnit] === plan.unit) soFar.set(field.key, prior + r.amountApplied);
    return check;
  });
}

/** Where each field stands after a season's records (the last record's standing), keyed by field name in lower case. */
export function seasonStandings(records: { fieldName: string }[], checks: RecordCheck[]): Map<string, string> {
  const last = new Map<string, string>();
  checks.forEach((c, i) => { if (c.standing) last.set(records[i]!.fieldName.trim().toLowerCase(), c.standing); });
  return last;
}

export type SeasonFieldTotal = {
  fieldName: string;
  inPlan: boolean;
  /** Units applied over the season, and the acres of the plan's field (or of the records when not in the plan). */
  appliedUnits: number;
  acres: number | null;
  /** Season's units per acre of the field, against the plan's planned rate and its limit. */
  appliedPerAcre: number | null;
  plannedRatePerAcre: number | null;
  maxRatePerAcre: number | null;
  overPlanned: boolean;
  overLimit: boolean;
};

/**
 * The season's total per field: everything applied to a field over the plan's acres for it, against the
 * rate the plan planned and the most it may take. Records in another unit than the plan's are left out.
 */
export function seasonTotals(records: (CheckedRecord & { amountApplied: number; acres: number })[], plan: PlanBalance | null): SeasonFieldTotal[] {
  const groups = new Map<string, { name: string; field: ReturnType<typeof planFieldOf>; units: number; recordAcres: number }>();
  for (const r of records) {
    const field = plan ? planFieldOf(plan, r) : undefined;
    if (plan && UNIT_WORDS[r.amountUnit] !== plan.unit) continue;
    const id = field ? `plan:${field.key}` : `name:${r.fieldName.trim().toLowerCase()}`;
    const g = groups.get(id) ?? { name: field?.name ?? r.fieldName, field, units: 0, recordAcres: 0 };
    g.units += r.amountApplied;
    g.recordAcres = Math.max(g.recordAcres, r.acres);
    groups.set(id, g);
  }
  return [...groups.values()].map((g) => {
    const acres = g.field?.acres ?? g.recordAcres ?? null;
    const perAcre = acres ? Math.round((g.units / acres) * 100) / 100 : null;
    const planned = g.field?.plannedRatePerAcre ?? null;
    const max = g.field?.limit?.maxManureRatePerAcre ?? null;
    return {
      fieldName: g.name,
      inPlan: Boolean(g.field),
      appliedUnits: Math.round(g.units * 100) / 100,
      acres,
      appliedPerAcre: perAcre,
      plannedRatePerAcre: planned,
      maxRatePerAcre: max,
      overPlanned: perAcre !== null && planned !== null && perAcre > planned,
      overLimit: perAcre !== null && max !== null && perAcre > max,
    };
  });
}
