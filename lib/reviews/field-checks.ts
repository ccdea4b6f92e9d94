import { checkStockpile, latestParameter, manureNitrogenRate, parameterValue, phosphorusIndexBand, RuleInputError, type StockpileSite } from '@/lib/rules';
import { formatNumber } from '@/lib/notifications/format';
import type { Figure } from './figures';
import type { PlanDocument } from './plan-document';

// Per-field and per-stockpile figures of the plan, each computed by lib/rules with its citation.

const BAND_WORDS: Record<string, string> = {
  very_low: 'very low', low: 'low', medium: 'medium', high: 'high', very_high: 'very high',
};
const MANURE_WORDS: Record<string, string> = {
  nitrogen_based: 'nitrogen-based rates allowed',
  phosphorus_limited: 'phosphorus-limited: no more than twice crop removal',
  none: 'no manure may be applied',
};
// Crop names in plans that match a nitrogen usage factor in lib/rules.
const CROP_FACTOR: Record<string, string> = { corn: 'corn_grain', corn_grain: 'corn_grain' };

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

export function nitrogenFigures(doc: PlanDocument, year: number): Figure[] {
  const factors = parameterValue('crop.nitrogen_factors');
  const factorRecord = latestParameter('crop.nitrogen_factors');
  const available = doc.content.manureProduction?.availableNitrogenPerUnit;
  const unit = doc.content.manureProduction?.unit === 'tons' ? 'tons' : 'thousand gallons';
  const out: Figure[] = [];
  for (const f of doc.fields) {
    const crop = f.cropSchedule.find((c) => c.year === year)?.crop ?? f.cropSchedule[0]?.crop;
    const factor = factors.find((x) => x.crop === CROP_FACTOR[crop ?? '']);
    if (!factor || f.optimumYield === null) continue;
    try {
      const r = manureNitrogenRate({ optimumYield: f.optimumYield, nNeedPerYieldUnit: factor.lbNPerYieldUnit, availableNPerManureUnit: available && available > 0 ? available : 1 });
      const rate = available && available > 0 ? `; at most ${formatNumber(r.maxManureRatePerAcre)} ${unit} of manure per acre` : '';
      const planned = f.nitrogenRateLbPerAcre;
      const flag: Figure['flag'] =
        planned !== null && planned > r.remainingNeedLbPerAcre
          ? { level: 'error', text: `${f.name}: the planned ${formatNumber(planned)} lb N/acre is more than the ${formatNumber(r.remainingNeedLbPerAcre)} lb the ${crop} crop needs for its optimum yield.` }
          : undefined;
      out.push({
        label: `${f.name}: nitrogen need (${crop}, ${formatNumber(f.optimumYield)} ${factor.yieldUnit}/acre)`,
        value: `${formatNumber(r.remainingNeedLbPerAcre)} lb N/acre${rate}${planned !== null ? `; plan: ${formatNumber(planned)} lb N/acre` : ''}`,
        citation: r.citation,
        flag,
        unconfirmed: factorRecord.confirmed ? undefined : factorRecord.source,
      });
    } catch (err) {
      if (!(err instanceof RuleInputError)) throw err;
    }
  }
  return out;
}

export function stockpileFigures(doc: PlanDocument): Figure[] {
  return doc.stockpiles.map((s) => {
    const label = `Stockpile ${s.name}`;
    const site: StockpileSite = {
      distancesFt: s.distancesFt,
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
