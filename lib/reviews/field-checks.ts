import {
  checkStockpile, latestParameter, manureNitrogenRate, phosphorusIndexBand, remainingNitrogenNeed, RuleInputError,
  type StockpileSite,
} from '@/lib/rules';
import { clause, formatNumber } from '@/lib/format';
import type { FiledDocument as PlanDocument } from '@/lib/plans/document/types';
import { BAND_WORDS, MANURE_WORDS } from '@/lib/plans/document/words';
import { balanceInput, cropNitrogenFactor, overLimitWords, planBalance, uncheckedWords, landownerStatementWords, type PlanBalance } from '@/lib/plans/balance';
import type { ReferenceTables } from '@/lib/plans/reference-tables';

/** One figure the reviewer's check shows: its value, the rule it rests on, and any flag. */
export type Figure = {
  label: string;
  value: string;
  citation: string;
  flag?: { level: 'error' | 'warning'; text: string };
  /** Source of an unconfirmed parameter the figure uses. */
  unconfirmed?: string;
  /** The portal's reading of a rule the figure rests on, where the rule's text is silent: to be confirmed. */
  reading?: string;
};

// Per-field and per-stockpile figures of the plan, each computed by lib/rules with its citation.


export function pIndexFigures(doc: PlanDocument): Figure[] {
  const bands = latestParameter('p_index.bands');
  return doc.fields.map((f) => {
    const label = `${f.name}: phosphorus index`;
    if (f.phosphorusIndex === null) {
      return { label, value: 'Not given', citation: 'IAC 567-65.111', flag: { level: 'error', text: `${f.name} has no phosphorus index.` } };
    }
    const r = phosphorusIndexBand(f.phosphorusIndex);
    const value = `${formatNumber(f.phosphorusIndex)}: ${BAND_WORDS[r.band]} (${MANURE_WORDS[r.manure]})`;
    const flag: Figure['flag'] =
      r.manure === 'none'
        ? { level: 'error', text: `${f.name}: a phosphorus index of ${formatNumber(f.phosphorusIndex)} is ${BAND_WORDS[r.band]}; no manure may be applied.` }
        : r.manure === 'phosphorus_limited'
          ? { level: 'warning', text: `${f.name}: phosphorus-limited rates apply (P-index ${formatNumber(f.phosphorusIndex)}).` }
          : undefined;
    return { label, value, citation: r.citation, flag, unconfirmed: bands.confirmed ? undefined : bands.source };
  });
}

type Flag = NonNullable<Figure['flag']>;

/** One flag from several: the most serious level, every text. */
function combine(flags: Flag[]): Figure['flag'] {
  if (!flags.length) return undefined;
  return { level: flags.some((f) => f.level === 'error') ? 'error' : 'warning', text: flags.map((f) => f.text).join(' ') };
}

const CREDIT_WORDS = {
  legumeCreditLbPerAcre: 'legume credit',
  commercialNLbPerAcre: 'commercial nitrogen',
  carryoverCreditLbPerAcre: 'manure carry-over credit',
} as const;

/**
 * IAC 567-65.111: each field's remaining nitrogen need, computed by lib/rules from its optimum yield and
 * its legume, commercial and carry-over credits, against the nitrogen the plan applies there; and the
 * manure rate that supplies the need. A figure the check needs and the plan does not give is a flag,
 * never a substituted value.
 */
export function nitrogenFigures(doc: PlanDocument, year: number, tables?: ReferenceTables): Figure[] {
  const factorRecord = latestParameter('crop.nitrogen_factors');
  const available = doc.production.availableNitrogenPerUnit;
  const hasAvailable = typeof available === 'number' && Number.isFinite(available) && available > 0;
  const unit = doc.production.nutrientUnit === 'tons' ? 'tons' : 'thousand gallons';
  const out: Figure[] = [];
  for (const f of doc.fields) {
    const crop = f.crops.find((c) => c.year === year)?.crop ?? f.crops[0]?.crop;
    const label = `${f.name}: nitrogen need${crop ? ` (${crop})` : ''}`;
    const factor = cropNitrogenFactor(crop, tables);
    if (f.optimumYield === null) {
      out.push({ label, value: 'Not computed', citation: 'IAC 567-65.111', flag: { level: 'error', text: `${f.name} has no optimum yield, so its nitrogen need cannot be computed.` } });
      continue;
    }
    if (!factor) {
      out.push({
        label, value: 'Not computed', citation: 'IAC 567-65.111',
        flag: { level: 'warning', text: `${f.name}: the portal has no nitrogen usage factor for ${crop ?? 'the planned crop'}; check its nitrogen need by hand.` },
        unconfirmed: factorRecord.confirmed ? undefined : factorRecord.source,
      });
      continue;
    }
    const credits = {
      legumeCreditLbPerAcre: f.legumeCreditLbPerAcre ?? undefined,
      // DNR form 542-8167: the landowner's statement of intent gives the commercial nitrogen when the field does not.
      commercialNLbPerAcre: f.commercialNLbPerAcre ?? doc.agreements.find((a) => a.fieldKey === f.key && a.commercialNLbPerAcre != null)?.commercialNLbPerAcre ?? undefined,
      carryoverCreditLbPerAcre: f.carryoverCreditLbPerAcre ?? undefined,
    };
    const flags: Flag[] = [];
    if (f.previousCropManured && (f.carryoverCreditLbPerAcre ?? 0) === 0) {
      flags.push({ level: 'warning', text: `${f.name}: the previous crop${f.previousCrop ? ` (${f.previousCrop})` : ''} got manure but no carry-over credit is taken: check it.` });
    }
    try {
      const need = { optimumYield: f.optimumYield, nNeedPerYieldUnit: factor.lbNPerYieldUnit, ...credits };
      const r = hasAvailable ? manureNitrogenRate({ ...need, availableNPerManureUnit: available }) : { ...remainingNitrogenNeed(need), maxManureRatePerAcre: null };
      const planned = f.nitrogenRateLbPerAcre;
      if (planned === null) flags.push({ level: 'error', text: `${f.name} gives no planned nitrogen rate.` });
      else if (planned > r.remainingNeedLbPerAcre) {
        flags.push({ level: 'error', text: `${f.name}: the planned ${formatNumber(planned)} lb N/acre is more than the ${formatNumber(r.remainingNeedLbPerAcre)} lb the ${crop} crop still needs for its optimum yield after credits.` });
      }
      if (!hasAvailable) flags.push({ level: 'error', text: `The plan gives no available nitrogen per unit of manure, so ${f.name}’s manure rate cannot be computed.` });
      const missing = (Object.keys(CREDIT_WORDS) as (keyof typeof CREDIT_WORDS)[]).filter((k) => credits[k] === undefined);
      if (missing.length) {
        flags.push({ level: 'warning', text: `${f.name} states no ${missing.map((k) => CREDIT_WORDS[k]).join(', ')}; the need is computed without ${missing.length === 1 ? 'it' : 'them'}: confirm none applies.` });
      }
      const creditText = (Object.keys(CREDIT_WORDS) as (keyof typeof CREDIT_WORDS)[])
        .filter((k) => credits[k] !== undefined && credits[k]! > 0)
        .map((k) => `${CREDIT_WORDS[k]} ${formatNumber(credits[k]!)}`)
        .join(', ');
      const gross = formatNumber(f.optimumYield * factor.lbNPerYieldUnit);
      out.push({
        label: `${label}, ${formatNumber(f.optimumYield)} ${factor.yieldUnit}/acre`,
        value:
          `${formatNumber(r.remainingNeedLbPerAcre)} lb N/acre remaining (${gross} lb for the yield${creditText ? `, less ${creditText}` : ''})` +
          (r.maxManureRatePerAcre !== null ? `; at most ${formatNumber(r.maxManureRatePerAcre)} ${unit} of manure per acre` : '') +
          (planned !== null ? `; plan: ${formatNumber(planned)} lb N/acre` : ''),
        citation: r.citation,
        flag: combine(flags),
        unconfirmed: factor.confirmed ? undefined : factor.source,
      });
    } catch (err) {
      if (!(err instanceof RuleInputError)) throw err;
      out.push({ label, value: 'Could not be checked', citation: 'IAC 567-65.111', flag: { level: 'warning', text: `${f.name}: ${err.message}.` } });
    }
  }
  return out;
}

export function stockpileFigures(doc: PlanDocument): Figure[] {
  return doc.stockpiles.map((s) => {
    const label = `Stockpile ${s.name}`;
    const site: StockpileSite = {
      distancesFt: s.distances,
      tileInletDischargesToWater: s.tileInletDischargesToWater,
      runoffCannotReachTileInlet: s.runoffCannotReachTileInlet,
      runoffCannotReachDesignatedArea: s.runoffCannotReachDesignatedArea,
      inGrassedWaterway: s.inGrassedWaterway,
      slopePercent: s.slopePercent ?? undefined,
      runoffContainmentPractices: s.runoffContainmentPractices,
    };
    try {
      const r = checkStockpile(site);
      if (r.compliant) return { label, value: 'Meets every separation distance, waterway and slope limit', citation: 'Iowa Code 459.311B' };
      return {
        label,
        value: `${r.violations.length} violation${r.violations.length === 1 ? '' : 's'}`,
        citation: r.violations.map((v) => v.citation).join('; '),
        flag: { level: 'error', text: `Stockpile ${s.name}: ${r.violations.map((v) => v.message).join(' ')}` },
      };
    } catch (err) {
      if (!(err instanceof RuleInputError)) throw err;
      return { label, value: 'Could not be checked', citation: 'Iowa Code 459.311B', flag: { level: 'warning', text: `Stockpile ${s.name}: ${err.message}.` } };
    }
  });
}

/**
 * IAC 567-65.111: the plan's manure balance (lib/plans/balance, the same arithmetic the owner saw on
 * the form): each field's planned manure rate against its limit, and the manure produced against the
 * planned use and the fields' capacity. A field above its limit is an error; manure with no field to
 * go to, or fields left out for a missing figure, are flagged with the figure.
 */
/** The landowner's statement of intent counted on a field, in words (DNR form 542-8167). */
function statementWords(f: PlanBalance['fields'][number]): string {
  const words = landownerStatementWords(f);
  return words ? `; ${words[0]!.toLowerCase()}${words.slice(1)}` : '';
}

export function balanceFigures(doc: PlanDocument, year: number, tables?: ReferenceTables): Figure[] {
  const b = planBalance(balanceInput(doc.production, doc.fields, doc.agreements), year, tables);
  const unconfirmed = b.unconfirmed ?? undefined;
  const perField: Figure[] = b.fields.map((f) => ({
    label: `${f.name}: manure rate against its limit`,
    value: f.limit
      ? `${f.plannedRatePerAcre === null ? 'No planned rate' : `${formatNumber(f.plannedRatePerAcre)} ${b.unit} per acre planned`}; at most ${formatNumber(f.limit.maxManureRatePerAcre)} ${b.unit} per acre (${clause(f.limit.reason)})` +
        (f.p2o5Removal ? `; P2O5 removal ${formatNumber(f.p2o5Removal.lbPerAcre)} lb/acre (${f.p2o5Removal.from}); ${f.p2o5Removal.yearsWords}` : '') +
        statementWords(f)
      : f.limitToBeChecked
        ? `${formatNumber(f.plannedRatePerAcre!)} ${b.unit} per acre planned, counted in the balance; limit to be checked${statementWords(f)}`
        : 'Not computed',
    citation: b.citation,
    reading: f.readings.length ? f.readings.join('. ') : undefined,
    flag: f.overLimit
      ? { level: 'error', text: overLimitWords({ ...b, fields: [f] })[0]! }
      : f.missing ? { level: 'warning', text: f.missing } : undefined,
    unconfirmed,
  }));
  if (!b.balance || b.producedUnits === null) {
    return [...perField, { label: 'Manure balance', value: 'Not computed', citation: b.citation, flag: { level: 'error', text: 'The plan gives no manure produced a year, so its balance cannot be computed.' } }];
  }
  const flags: Flag[] = [];
  if (b.balance.shortfallUnits > 0) flags.push({ level: 'warning', text: `${formatNumber(Math.round(b.balance.shortfallUnits))} ${b.unit} of the manure produced a year have no planned field.` });
  if (!b.balance.enoughLand) flags.push({ level: 'warning', text: `At their limits the fields take ${formatNumber(Math.round(b.balance.capacityUnits))} ${b.unit} a year, less than the ${formatNumber(Math.round(b.producedUnits))} produced.` });
  const unchecked = uncheckedWords(b);
  if (unchecked) flags.push({ level: 'warning', text: unchecked });
  if (b.incomplete.length) flags.push({ level: 'warning', text: `Left out of the balance for a missing acreage or planned rate: ${b.incomplete.join(', ')}.` });
  return [
    ...perField,
    {
      label: 'Manure balance',
      value: `${formatNumber(Math.round(b.producedUnits))} ${b.unit} produced a year; ${formatNumber(Math.round(b.balance.plannedUnits))} ${b.unit} planned on the fields; ${formatNumber(Math.round(b.balance.capacityUnits))} ${b.unit} the fields may take at their limits`,
      citation: b.citation,
      flag: combine(flags),
      unconfirmed,
      reading: b.readings.length ? b.readings.join('. ') : undefined,
    },
  ];
}
