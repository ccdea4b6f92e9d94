import { fieldManureLimit, manureBalance, phosphorusIndexBand, RuleInputError } from '@/lib/rules';
import { defaultReferenceTables, findCropFactor, type ReferenceTables } from './reference-tables';
import { rotationP2o5Removal, type RotationRemoval } from './rotation-removal';

// IAC 567-65.111: the plan's own arithmetic, from what the plan states: for each field, the manure
// rate the plan applies (its planned nitrogen rate / the manure's first-year available nitrogen per
// unit) against the most the field may take (fieldManureLimit: nitrogen for the crop's optimum yield
// after credits, or the phosphorus index band); and for the operation, the manure produced a year
// against the planned use and the fields' capacity (manureBalance). A figure the arithmetic needs and
// the plan does not give is named as missing, never replaced by a default. Every field with acres and
// a planned rate counts in the operation's balance: one whose limit cannot be computed counts at its
// planned use, its limit to be checked. Pure: the owner's form
// (live, in the browser), the filed document and the reviewer's check all call this one function.

type Num = number | null | undefined;

/**
 * The readings of IAC 567-65.111 the balance takes where the rule's text is silent, each to be
 * confirmed by the department. A field's figure names the readings it rests on; staff see them with the
 * figure, owners one plain sentence (BALANCE_READING_NOT_CONFIRMED).
 */
export const BALANCE_READINGS = {
  rotation:
    'A medium phosphorus-index field is measured against twice the P2O5 its crop rotation removes over the crop years one manure application serves (for corn then soybeans with manure once in the rotation: twice the corn and the soybean removal together), not one crop’s removal for one year',
  everyYear:
    'Where the plan does not state the years between manure applications, manure is taken as applied every year, so the limit is one crop year’s removal: the lowest the rotation allows',
  statementWithOwn:
    'A landowner’s statement of intent is fertilizer the landowner applies whatever the plan states: its commercial nitrogen is credited on top of the plan’s own, and its P2O5 counts against a medium phosphorus-index field’s limit',
} as const;

export type BalanceFieldInput = {
  key: string;
  name: string;
  countyFips?: string | null;
  acres: Num;
  crops: { year: number | string; crop: string; yield?: Num }[];
  optimumYield: Num;
  nitrogenRateLbPerAcre: Num;
  legumeCreditLbPerAcre?: Num;
  commercialNLbPerAcre?: Num;
  carryoverCreditLbPerAcre?: Num;
  phosphorusIndex: Num;
  /** The P2O5 the planned rotation removes at harvest, lb per acre a year, as the plan states it. */
  p2o5RemovalLbPerAcre?: Num;
  /** Crop years of the rotation one manure application serves; blank is read as every year. */
  yearsBetweenApplications?: Num;
};

export type BalanceInput = {
  production: { nutrientUnit?: string | null; manureAmount: Num; availableNitrogenPerUnit: Num; p2o5PerUnit?: Num };
  fields: BalanceFieldInput[];
  /** Statements of intent (DNR form 542-8167): the landowner's planned commercial nitrogen on a field. */
  agreements?: { fieldKey: string | null; commercialNLbPerAcre?: Num; commercialP2o5LbPerAcre?: Num }[];
};

export type BalanceField = {
  key: string;
  name: string;
  acres: number | null;
  crop: string | null;
  /** Manure units (1,000 gallons or tons) per acre the plan applies. */
  plannedRatePerAcre: number | null;
  limit: { maxManureRatePerAcre: number; limitedBy: 'nitrogen' | 'phosphorus' | 'no_manure'; reason: string } | null;
  /** Why the limit could not be computed, in words (a missing figure or a crop without a factor). */
  missing: string | null;
  overLimit: boolean;
  /** Where the P2O5 removal of a medium P-index field came from, in words (the plan, or the table's figure x yield). */
  p2o5Removal: RotationRemoval | null;
  /** A landowner's statement of intent's commercial N is counted on the field (with the plan's own). */
  commercialFromStatement: boolean;
  /** The statement of intent's commercial fertilizer counted on the field, lb per acre; null without one. */
  statement: { nLbPerAcre: number | null; p2o5LbPerAcre: number | null } | null;
  /** Counted in the balance at its planned use while its limit cannot be computed: to be checked. */
  limitToBeChecked: boolean;
  /** The readings of the rule (BALANCE_READINGS) the field's limit rests on, to be confirmed. */
  readings: string[];
};

export type PlanBalance = {
  unit: 'thousand gallons' | 'tons';
  producedUnits: number | null;
  fields: BalanceField[];
  /** Over the fields whose rate and limit are both known; null until the manure produced is known. */
  balance: ReturnType<typeof manureBalance> | null;
  /** Fields left out of the balance: no acres or no planned rate to count. */
  incomplete: string[];
  /** Fields counted at their planned use whose limit is to be checked, and the units planned on them. */
  unchecked: { names: string[]; plannedUnits: number };
  citation: string;
  /** The sources of the reference figures used that the department has not confirmed; null when none. */
  unconfirmed: string | null;
  /** Every reading of the rule (BALANCE_READINGS) some field's limit rests on, once each. */
  readings: string[];
};

/** The nitrogen usage factor (lb N per yield unit) of a crop as a plan names it, or undefined. */
export function cropNitrogenFactor(crop: string | null | undefined, tables: ReferenceTables = defaultReferenceTables()) {
  const row = findCropFactor(tables, crop);
  return row && row.nLbPerYieldUnit !== null
    ? { lbNPerYieldUnit: row.nLbPerYieldUnit, yieldUnit: row.yieldUnit, confirmed: row.confirmed, source: row.source, label: row.label }
    : undefined;
}

const num = (v: Num): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Parses what a form holds (strings as typed) into numbers, or null when not a number yet. */
export function numberOrNull(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string' || v.trim() === '') return null;
  const n = Number(v.replaceAll(',', '').trim());
  return Number.isFinite(n) ? n : null;
}

type Loose = Record<string, unknown>;

/**
 * The balance's input from the plan's steps, as typed on the form or as filed: strings become
 * numbers or gaps (null), never zeros. One reading for the owner's form, the filed document, the
 * reviewer's check and the letter.
 */
export function balanceInput(production: Loose | null | undefined, fields: readonly Loose[] | null | undefined, agreements?: readonly Loose[] | null): BalanceInput {
  return {
    production: {
      nutrientUnit: typeof production?.nutrientUnit === 'string' ? production.nutrientUnit : null,
      manureAmount: numberOrNull(production?.manureAmount),
      availableNitrogenPerUnit: numberOrNull(production?.availableNitrogenPerUnit),
      p2o5PerUnit: numberOrNull(production?.p2o5PerUnit),
    },
    fields: (fields ?? []).map((f, i): BalanceFieldInput => ({
      key: String(f.key ?? i),
      name: typeof f.name === 'string' && f.name.trim() ? f.name.trim() : `Field ${i + 1}`,
      countyFips: typeof f.countyFips === 'string' ? f.countyFips : null,
      acres: numberOrNull(f.acres),
      crops: Array.isArray(f.crops) ? (f.crops as { year: unknown; crop: unknown; yield?: unknown }[]).map((c) => ({ year: Number(c?.year), crop: String(c?.crop ?? '').trim().toLowerCase(), yield: numberOrNull(c?.yield) })) : [],
      optimumYield: numberOrNull(f.optimumYield),
      nitrogenRateLbPerAcre: numberOrNull(f.nitrogenRateLbPerAcre),
      legumeCreditLbPerAcre: numberOrNull(f.legumeCreditLbPerAcre),
      commercialNLbPerAcre: numberOrNull(f.commercialNLbPerAcre),
      carryoverCreditLbPerAcre: numberOrNull(f.carryoverCreditLbPerAcre),
      phosphorusIndex: numberOrNull(f.phosphorusIndex),
      p2o5RemovalLbPerAcre: numberOrNull(f.p2o5RemovalLbPerAcre),
      yearsBetweenApplications: numberOrNull(f.yearsBetweenApplications),
    })),
    agreements: (agreements ?? []).map((a) => ({
      fieldKey: typeof a.fieldKey === 'string' ? a.fieldKey : null,
      commercialNLbPerAcre: numberOrNull(a.commercialNLbPerAcre),
      commercialP2o5LbPerAcre: numberOrNull(a.commercialP2o5LbPerAcre),
    })),
  };
}

export function planBalance(input: BalanceInput, year: number, tables: ReferenceTables = defaultReferenceTables()): PlanBalance {
  const p = input.production;
  const unit = p.nutrientUnit === 'tons' ? 'tons' : 'thousand gallons';
  const amount = num(p.manureAmount);
  const producedUnits = amount === null ? null : unit === 'tons' ? amount : amount / 1000;
  const available = num(p.availableNitrogenPerUnit);
  const p2o5 = num(p.p2o5PerUnit);
  const unconfirmed = new Set<string>();

  const fields = input.fields.map((f): BalanceField => {
    // The crop of the first crop year from `year` on (the season being planned), else the latest.
    const schedule = [...f.crops].filter((c) => c.crop).sort((a, b) => Number(a.year) - Number(b.year));
    const crop = (schedule.find((c) => Number(c.year) >= year) ?? schedule.at(-1))?.crop ?? null;
    const acres = num(f.acres);
    const planned = num(f.nitrogenRateLbPerAcre);
    const plannedRatePerAcre = planned !== null && available !== null && available > 0 ? Math.round((planned / available) * 100) / 100 : null;
    // A landowner's statement of intent (DNR form 542-8167) is fertilizer the landowner puts on the
    // field whatever the plan's own figure: its commercial N is a credit on top of the plan's, and its
    // P2O5 counts against a medium P-index field's limit.
    const stated = (input.agreements ?? []).filter((a) => a.fieldKey === f.key);
    const sumOf = (vals: number[]) => (vals.length ? vals.reduce((a, b) => a + b, 0) : null);
    const statementN = sumOf(stated.map((a) => num(a.commercialNLbPerAcre)).filter((v): v is number => v !== null));
    const statementP = sumOf(stated.map((a) => num(a.commercialP2o5LbPerAcre)).filter((v): v is number => v !== null));
    const ownCommercial = num(f.commercialNLbPerAcre);
    const commercialN = ownCommercial === null && statementN === null ? null : (ownCommercial ?? 0) + (statementN ?? 0);
    const statement = statementN === null && statementP === null ? null : { nLbPerAcre: statementN, p2o5LbPerAcre: statementP };
    const base = { key: f.key, name: f.name, acres, crop, plannedRatePerAcre, p2o5Removal: null, commercialFromStatement: statementN !== null, statement, limitToBeChecked: false, readings: [] as string[] };
    const pIndex = num(f.phosphorusIndex);
    const yieldGoal = num(f.optimumYield);
    const factor = cropNitrogenFactor(crop, tables);
    if (pIndex !== null && phosphorusIndexBand(pIndex).manure === 'none') {
      // A high or very high index allows no manure whatever the crop needs: the nitrogen figures are not read.
      const limit = fieldManureLimit({ pIndex, nitrogen: { optimumYield: 0, nNeedPerYieldUnit: 0, availableNPerManureUnit: 1 } });
      return { ...base, limit: { maxManureRatePerAcre: 0, limitedBy: limit.limitedBy, reason: limit.reason }, missing: null, overLimit: plannedRatePerAcre !== null && plannedRatePerAcre > 0 };
    }
    const gaps = [
      pIndex === null ? 'phosphorus index' : null,
      yieldGoal === null ? 'optimum yield' : null,
      available === null || available <= 0 ? 'available nitrogen per unit of manure' : null,
    ].filter((g): g is string => g !== null);
    if (gaps.length) return { ...base, limit: null, missing: `${f.name}: the plan gives no ${gaps.join(' and no ')}, so its limit cannot be computed.`, overLimit: false };
    if (!factor) {
      return { ...base, limit: null, missing: `The portal has no nitrogen usage factor for ${crop ?? 'the planned crop'}, so ${f.name}’s limit is checked by the reviewer by hand.`, overLimit: false };
    }
    if (!factor.confirmed) unconfirmed.add(factor.source);
    // A medium P-index field: the P2O5 the rotation removes over the crop years one application
    // serves, as the plan states it or from the crop table (said so wherever it shows).
    const medium = phosphorusIndexBand(pIndex!).manure === 'phosphorus_limited';
    const rotation = medium
      ? rotationP2o5Removal({ crops: f.crops, plannedYear: year, optimumYield: yieldGoal, statedLbPerAcreYear: f.p2o5RemovalLbPerAcre, yearsBetweenApplications: f.yearsBetweenApplications, tables })
      : null;
    const p2o5Removal = rotation?.removal ?? null;
    rotation?.unconfirmed.forEach((u) => unconfirmed.add(u));
    // The rotation's readings shape a medium field's limit; the statement's, a limit computed with its figures.
    const rotationReadings = medium ? [BALANCE_READINGS.rotation, ...(p2o5Removal && !p2o5Removal.yearsStated ? [BALANCE_READINGS.everyYear] : [])] : [];
    const readings = [...rotationReadings, ...(statement ? [BALANCE_READINGS.statementWithOwn] : [])];
    try {
      const limit = fieldManureLimit({
        pIndex: pIndex!,
        nitrogen: {
          optimumYield: yieldGoal!, nNeedPerYieldUnit: factor.lbNPerYieldUnit, availableNPerManureUnit: available!,
          legumeCreditLbPerAcre: num(f.legumeCreditLbPerAcre) ?? undefined,
          commercialNLbPerAcre: commercialN ?? undefined,
          carryoverCreditLbPerAcre: num(f.carryoverCreditLbPerAcre) ?? undefined,
        },
        p2o5RemovalLbPerAcre: p2o5Removal?.lbPerAcre,
        p2o5PerManureUnit: p2o5 !== null && p2o5 > 0 ? p2o5 : undefined,
        commercialP2o5LbPerAcre: statementP ?? undefined,
      });
      const max = Math.round(limit.maxManureRatePerAcre * 100) / 100;
      return {
        ...base,
        p2o5Removal,
        readings,
        limit: { maxManureRatePerAcre: max, limitedBy: limit.limitedBy, reason: limit.reason },
        missing: null,
        overLimit: plannedRatePerAcre !== null && plannedRatePerAcre > max,
      };
    } catch (err) {
      if (!(err instanceof RuleInputError)) throw err;
      const why = err.field === 'p2o5RemovalLbPerAcre'
        ? `${f.name} has a medium phosphorus index: its limit needs the crop rotation’s P2O5 removal, which the plan does not state${rotation?.gap ? ` (${rotation.gap}): state it, or give each crop year’s yield` : ''}.`
        : err.field === 'p2o5PerManureUnit'
          ? `${f.name} has a medium phosphorus index: its limit needs the manure’s P2O5 per unit, which the plan does not give.`
          : `${f.name}: ${err.message}.`;
      return { ...base, p2o5Removal, readings: rotationReadings, limit: null, missing: why, overLimit: false };
    }
  });

  // Every field with acres and a planned rate counts; one without a limit counts at its planned use
  // (so its manure is not reported as having no field) and is named as to be checked.
  const counted = fields.filter((f) => f.acres !== null && f.plannedRatePerAcre !== null);
  counted.forEach((f) => { if (!f.limit) f.limitToBeChecked = true; });
  const unchecked = counted.filter((f) => f.limitToBeChecked);
  const balance = producedUnits === null
    ? null
    : manureBalance({
        manureUnitsPerYear: producedUnits,
        fields: counted.map((f) => ({ id: f.name, acres: f.acres!, plannedRatePerAcre: f.plannedRatePerAcre!, maxManureRatePerAcre: f.limit?.maxManureRatePerAcre ?? f.plannedRatePerAcre! })),
      });
  return {
    unit,
    producedUnits,
    fields,
    balance,
    incomplete: fields.filter((f) => !counted.includes(f)).map((f) => f.name),
    unchecked: { names: unchecked.map((f) => f.name), plannedUnits: Math.round(unchecked.reduce((t, f) => t + f.acres! * f.plannedRatePerAcre!, 0) * 100) / 100 },
    citation: 'IAC 567-65.111',
    unconfirmed: unconfirmed.size ? [...unconfirmed].join('; ') : null,
    readings: [...new Set(fields.flatMap((f) => f.readings))],
  };
}

/** The fields planned above their limit, in words, for a refusal or a flag. */
export function overLimitWords(b: PlanBalance): string[] {
  return b.fields
    .filter((f) => f.overLimit && f.limit)
    .map((f) => `${f.name}: the planned ${f.plannedRatePerAcre} ${b.unit} of manure per acre is more than the ${f.limit!.maxManureRatePerAcre} it may take (${f.limit!.reason})`);
}

const TWO_DECIMALS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const figure = (v: number) => TWO_DECIMALS.format(Math.round(v * 100) / 100);

/**
 * The manure produced a year that no field is planned to take, in words with its figure ("2,480 of
 * 2,880 thousand gallons of the manure produced a year have no planned field"); null when none is left.
 */
export function unplacedManureWords(b: PlanBalance): string | null {
  if (!b.balance || b.producedUnits === null || b.balance.shortfallUnits <= 0) return null;
  return `${figure(b.balance.shortfallUnits)} of ${figure(b.producedUnits)} ${b.unit} of the manure produced a year have no planned field (${b.citation}).`;
}

/** The fields counted at their planned use whose limit is to be checked, in words; null when none. */
export function uncheckedWords(b: PlanBalance): string | null {
  if (!b.unchecked.names.length) return null;
  return `Counted at their planned use, limit to be checked: ${b.unchecked.names.join(', ')} (${figure(b.unchecked.plannedUnits)} ${b.unit} planned).`;
}

/**
 * What a landowner's statement of intent puts on a field, in words: its commercial nitrogen, credited
 * on top of the plan's own, and its P2O5, counted against a medium P-index field's limit. Null without one.
 */
export function landownerStatementWords(f: BalanceField): string | null {
  if (!f.statement) return null;
  const parts = [
    f.statement.nLbPerAcre !== null ? `Commercial nitrogen from the landowner’s statement of intent: ${figure(f.statement.nLbPerAcre)} lb per acre, credited with the plan’s own` : null,
    f.statement.p2o5LbPerAcre !== null ? `${f.statement.nLbPerAcre !== null ? 'commercial' : 'Commercial'} P2O5 from the landowner’s statement of intent: ${figure(f.statement.p2o5LbPerAcre)} lb per acre, counted against the medium phosphorus-index limit` : null,
  ].filter((p): p is string => p !== null);
  return parts.join('; ');
}
