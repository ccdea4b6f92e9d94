import { describe, it, expect } from 'vitest';
import { checkStockpile, type StockpileSite } from '@/lib/rules';

type Case = { title: string; site: StockpileSite; codes: string[]; citations?: string[]; requiredFt?: number };

const cases: Case[] = [
  // 1"a"
  { title: 'Iowa Code 459.311B(1)"a": exactly 200 ft from a terrace tile inlet is "within" → violation',
    site: { distancesFt: { terrace_tile_inlet: 200 } }, codes: ['tile_inlet_distance'], citations: ['Iowa Code 459.311B(1)"a"'], requiredFt: 200 },
  { title: 'Iowa Code 459.311B(1)"a": 201 ft from a terrace tile inlet → compliant',
    site: { distancesFt: { terrace_tile_inlet: 201 } }, codes: [] },
  { title: 'Iowa Code 459.311B(1)"a": 150 ft from a surface tile inlet → violation',
    site: { distancesFt: { surface_tile_inlet: 150 } }, codes: ['tile_inlet_distance'], requiredFt: 200 },
  { title: 'Iowa Code 459.311B(1)"a": runoff cannot drain to the tile inlet → exception, compliant at 50 ft',
    site: { distancesFt: { surface_tile_inlet: 50 }, runoffCannotReachTileInlet: true }, codes: [] },
  { title: 'Iowa Code 459.311B(1)"a": inlet not connected to a tile line discharging into a water of the state is not counted',
    site: { distancesFt: { terrace_tile_inlet: 10 }, tileInletDischargesToWater: false }, codes: [] },
  { title: 'Iowa Code 459.311B(1)"a": discharge to water defaults to true (inlet counted)',
    site: { distancesFt: { terrace_tile_inlet: 10 } }, codes: ['tile_inlet_distance'] },
  // 1"b"(1)
  { title: 'Iowa Code 459.311B(1)"b"(1): exactly 400 ft from a designated area → violation',
    site: { distancesFt: { designated_area: 400 } }, codes: ['designated_area_distance'], citations: ['Iowa Code 459.311B(1)"b"(1)'], requiredFt: 400 },
  { title: 'Iowa Code 459.311B(1)"b"(1): 401 ft from a designated area → compliant',
    site: { distancesFt: { designated_area: 401 } }, codes: [] },
  { title: 'Iowa Code 459.311B(1)"b"(1)(a): exactly 800 ft from a high-quality water resource → violation',
    site: { distancesFt: { high_quality_water_resource: 800 } }, codes: ['designated_area_distance'], citations: ['Iowa Code 459.311B(1)"b"(1)(a)'], requiredFt: 800 },
  { title: 'Iowa Code 459.311B(1)"b"(1)(a): 801 ft from a high-quality water resource → compliant',
    site: { distancesFt: { high_quality_water_resource: 801 } }, codes: [] },
  { title: 'Iowa Code 459.311B(1)"b"(1)(b): 500 ft from an agricultural drainage well (800 ft applies) → violation',
    site: { distancesFt: { agricultural_drainage_well: 500 } }, codes: ['designated_area_distance'], citations: ['Iowa Code 459.311B(1)"b"(1)(b)'], requiredFt: 800 },
  { title: 'Iowa Code 459.311B(1)"b"(1)(c): 799 ft from a known sinkhole → violation',
    site: { distancesFt: { known_sinkhole: 799 } }, codes: ['designated_area_distance'], citations: ['Iowa Code 459.311B(1)"b"(1)(c)'], requiredFt: 800 },
  // 1"b"(2)
  { title: 'Iowa Code 459.311B(1)"b"(2): runoff cannot drain to the designated area → 400 ft distance does not apply',
    site: { distancesFt: { designated_area: 100 }, runoffCannotReachDesignatedArea: true }, codes: [] },
  { title: 'Iowa Code 459.311B(1)"b"(2): the exception also covers the 800 ft distances',
    site: { distancesFt: { known_sinkhole: 100, high_quality_water_resource: 100, agricultural_drainage_well: 100 }, runoffCannotReachDesignatedArea: true }, codes: [] },
  { title: 'Iowa Code 459.311B(1)"b"(2): the designated-area exception does not excuse a tile inlet',
    site: { distancesFt: { surface_tile_inlet: 100 }, runoffCannotReachDesignatedArea: true }, codes: ['tile_inlet_distance'] },
  // 2
  { title: 'Iowa Code 459.311B(2): stockpile in a grassed waterway → violation',
    site: { distancesFt: {}, inGrassedWaterway: true }, codes: ['grassed_waterway'], citations: ['Iowa Code 459.311B(2)'] },
  { title: 'Iowa Code 459.311B(2): containment practices do not excuse a grassed waterway',
    site: { distancesFt: {}, inGrassedWaterway: true, runoffContainmentPractices: true }, codes: ['grassed_waterway'] },
  // 3
  { title: 'Iowa Code 459.311B(3): slope of exactly 3.0% is not "more than three percent" → compliant',
    site: { distancesFt: {}, slopePercent: 3 }, codes: [] },
  { title: 'Iowa Code 459.311B(3): slope of 3.1% → violation', site: { distancesFt: {}, slopePercent: 3.1 }, codes: ['slope'], citations: ['Iowa Code 459.311B(3)'] },
  { title: 'Iowa Code 459.311B(3): slope over 3% with silt fences or berms containing the stockpile → compliant',
    site: { distancesFt: {}, slopePercent: 8, runoffContainmentPractices: true }, codes: [] },
  { title: 'Iowa Code 459.311B(3): containment practices do not excuse the separation distances',
    site: { distancesFt: { designated_area: 50 }, runoffContainmentPractices: true }, codes: ['designated_area_distance'] },
  // several at once
  { title: 'Iowa Code 459.311B(1)-(3): every violation is listed',
    site: { distancesFt: { terrace_tile_inlet: 20, designated_area: 20, known_sinkhole: 20 }, inGrassedWaterway: true, slopePercent: 5 },
    codes: ['tile_inlet_distance', 'designated_area_distance', 'designated_area_distance', 'grassed_waterway', 'slope'] },
];

describe('checkStockpile (Iowa Code 459.311B)', () => {
  for (const c of cases) {
    it(c.title, () => {
      const r = checkStockpile(c.site);
      expect(r.violations.map((v) => v.code)).toEqual(c.codes);
      expect(r.compliant).toBe(c.codes.length === 0);
      if (c.citations) expect(r.violations.map((v) => v.citation)).toEqual(c.citations);
      if (c.requiredFt !== undefined) expect(r.violations[0]?.requiredFt).toBe(c.requiredFt);
      for (const v of r.violations) expect(v.message.length).toBeGreaterThan(20);
    });
  }
  it('Iowa Code 459.311B(1): the violation reports the measured distance', () => {
    expect(checkStockpile({ distancesFt: { designated_area: 399.5 } }).violations[0]).toMatchObject({ requiredFt: 400, actualFt: 399.5 });
  });
});
