// Iowa Code 459.311B: where dry manure may not be stockpiled.
import { RuleInputError, optionalBoolean, requireNonNegative } from './errors';
import { parameterValue } from './parameters';

type DistanceKey = 'terrace_tile_inlet' | 'surface_tile_inlet' | 'designated_area'
  | 'high_quality_water_resource' | 'agricultural_drainage_well' | 'known_sinkhole';

export type StockpileSite = {
  distancesFt: Partial<Record<DistanceKey, number>>;
  tileInletDischargesToWater?: boolean;
  runoffCannotReachTileInlet?: boolean;
  runoffCannotReachDesignatedArea?: boolean;
  inGrassedWaterway?: boolean;
  slopePercent?: number;
  runoffContainmentPractices?: boolean;
};

export type StockpileViolation = {
  code: 'tile_inlet_distance' | 'designated_area_distance' | 'grassed_waterway' | 'slope';
  requiredFt?: number;
  actualFt?: number;
  citation: string;
  message: string;
};

const LABELS: Record<DistanceKey, string> = {
  terrace_tile_inlet: 'a terrace tile inlet',
  surface_tile_inlet: 'a surface tile inlet',
  designated_area: 'a designated area',
  high_quality_water_resource: 'a high-quality water resource',
  agricultural_drainage_well: 'an agricultural drainage well',
  known_sinkhole: 'a known sinkhole',
};
const INCREASED: Partial<Record<DistanceKey, string>> = {
  high_quality_water_resource: '(a)', agricultural_drainage_well: '(b)', known_sinkhole: '(c)',
};

function isDistanceKey(key: string): key is DistanceKey {
  return Object.prototype.hasOwnProperty.call(LABELS, key);
}

/**
 * Iowa Code 459.311B: 1"a" not within 200 ft of a terrace or surface tile inlet (unless runoff cannot
 * drain to it; an inlet not connected to a tile line discharging into a water of the state is not
 * counted); 1"b" not within 400 ft of a designated area, 800 ft of a high-quality water resource,
 * agricultural drainage well or known sinkhole (unless runoff cannot drain to it); 2 not in a grassed
 * waterway; 3 not on a slope of more than 3% (unless the stockpile is contained). "Within" = at most.
 */
export function checkStockpile(site: StockpileSite): { compliant: boolean; violations: StockpileViolation[] } {
  if (typeof site !== 'object' || site === null) throw new RuleInputError('site', 'must be an object');
  if (typeof site.distancesFt !== 'object' || site.distancesFt === null) {
    throw new RuleInputError('distancesFt', 'must be an object of distances in feet');
  }
  for (const field of ['tileInletDischargesToWater', 'runoffCannotReachTileInlet', 'runoffCannotReachDesignatedArea',
    'inGrassedWaterway', 'runoffContainmentPractices'] as const) optionalBoolean(site[field], field);

  const violations: StockpileViolation[] = [];
  for (const [key, value] of Object.entries(site.distancesFt)) {
    if (!isDistanceKey(key)) throw new RuleInputError(`distancesFt.${key}`, 'is not a known separation distance');
    if (value === undefined) continue;
    const actualFt = requireNonNegative(value, `distancesFt.${key}`);
    const v = distanceViolation(site, key, actualFt);
    if (v) violations.push(v);
  }
  if (site.inGrassedWaterway === true) {
    violations.push({ code: 'grassed_waterway', citation: 'Iowa Code 459.311B(2)',
      message: 'Dry manure may not be stockpiled in a grassed waterway.' });
  }
  if (site.slopePercent !== undefined) {
    const slope = requireNonNegative(site.slopePercent, 'slopePercent');
    const max = parameterValue('percent.stockpile_max_slope');
    if (slope > max && site.runoffContainmentPractices !== true) {
      violations.push({ code: 'slope', citation: 'Iowa Code 459.311B(3)', message:
        `Dry manure may not be stockpiled on a slope of more than ${max}% (this site: ${slope}%) unless silt fences, ` +
        'berms or other measures contain the stockpile and its runoff.' });
    }
  }
  return { compliant: violations.length === 0, violations };
}

function distanceViolation(site: StockpileSite, key: DistanceKey, actualFt: number): StockpileViolation | null {
  const label = LABELS[key];
  if (key === 'terrace_tile_inlet' || key === 'surface_tile_inlet') {
    if (site.tileInletDischargesToWater === false || site.runoffCannotReachTileInlet === true) return null;
    const requiredFt = parameterValue('distance.stockpile_tile_inlet_ft');
    if (actualFt > requiredFt) return null;
    return { code: 'tile_inlet_distance', requiredFt, actualFt, citation: 'Iowa Code 459.311B(1)"a"',
      message: `The stockpile is ${actualFt} ft from ${label}; it must be more than ${requiredFt} ft away ` +
        'unless runoff from the stockpile cannot drain to the inlet.' };
  }
  if (site.runoffCannotReachDesignatedArea === true) return null;
  const increased = INCREASED[key];
  const requiredFt = parameterValue(increased ? 'distance.stockpile_increased_ft' : 'distance.stockpile_designated_area_ft');
  if (actualFt > requiredFt) return null;
  return { code: 'designated_area_distance', requiredFt, actualFt,
    citation: `Iowa Code 459.311B(1)"b"(1)${increased ?? ''}`,
    message: `The stockpile is ${actualFt} ft from ${label}; it must be more than ${requiredFt} ft away ` +
      'unless runoff from the stockpile cannot drain to it.' };
}
