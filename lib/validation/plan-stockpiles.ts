import { z } from 'zod';
import { earliestConstructionStart, latestDesignStatementFiling, latestParameter } from '@/lib/rules';
import { formatDate } from '@/lib/format';
import { dateField, list, optionalNumber, optionalText, requiredText } from './operations';

// The "Stockpiles and practices" and "Attachments" steps of the MMP form.

// Iowa Code 459.311B: the features a dry manure stockpile must keep its distance from.
export const STOCKPILE_DISTANCES = [
  'terrace_tile_inlet',
  'surface_tile_inlet',
  'designated_area',
  'high_quality_water_resource',
  'agricultural_drainage_well',
  'known_sinkhole',
] as const;
export type StockpileDistance = (typeof STOCKPILE_DISTANCES)[number];

export const DISTANCE_LABELS: Record<StockpileDistance, string> = {
  terrace_tile_inlet: 'Terrace tile inlet',
  surface_tile_inlet: 'Surface tile inlet',
  designated_area: 'Designated area (well, wetland, cistern, water source…)',
  high_quality_water_resource: 'High-quality water resource',
  agricultural_drainage_well: 'Agricultural drainage well',
  known_sinkhole: 'Known sinkhole',
};

const flag = z.preprocess((v) => v === true || v === 'true' || v === 'on', z.boolean());
const feet = optionalNumber('Enter the distance in feet', 0, 1_000_000, 'A distance cannot be negative');

export const stockpileRow = z.object({
  key: z.string().min(1).max(64),
  name: requiredText('Name the stockpile site (for example “East pad”)', 1, 80),
  distances: z.object(Object.fromEntries(STOCKPILE_DISTANCES.map((k) => [k, feet])) as Record<StockpileDistance, typeof feet>),
  // A tile inlet counts unless it does not connect to a tile line discharging to a water of the state.
  tileInletDischargesToWater: z.preprocess((v) => !(v === false || v === 'false'), z.boolean()),
  runoffCannotReachTileInlet: flag,
  runoffCannotReachDesignatedArea: flag,
  inGrassedWaterway: flag,
  slopePercent: optionalNumber('Enter the slope in percent', 0, 100, 'Enter a slope between 0 and 100 percent'),
  runoffContainmentPractices: flag,
  practicesDescription: optionalText(1000),
});

export const stockpilesStep = z.object({
  stockpiles: list(z.array(stockpileRow).max(50, 'List at most 50 stockpile sites')),
  soilLossPractices: requiredText('Describe how soil loss and runoff to surface water are controlled (a sentence or two)', 10, 4000),
});

export type StockpileRow = z.output<typeof stockpileRow>;
export type StockpilesStep = z.output<typeof stockpilesStep>;

/**
 * IAC 567-65.110(2): the owner of a proposed operation that needs no construction permit files
 * the construction design statement with the MMP at least 30 days before construction begins.
 * `designStatementApplies` is false for plans this does not concern.
 */
export function attachmentsStep(ctx: { today: string; designStatementApplies: boolean }) {
  const earliest = earliestConstructionStart(ctx.today);
  const days = latestParameter('days.design_statement_before_construction');
  return z
    .object({
      constructionPlanned: z.enum(['yes', 'no', '']).optional(),
      constructionBeginsOn: z.preprocess((v) => (v === '' ? undefined : v), dateField('Enter the date construction will begin').optional()),
    })
    .superRefine((v, ctx2) => {
      if (!ctx.designStatementApplies) return;
      if (v.constructionPlanned !== 'yes' && v.constructionPlanned !== 'no') {
        ctx2.addIssue({ code: 'custom', path: ['constructionPlanned'], message: 'Say whether construction of an animal feeding operation structure has yet to begin' });
        return;
      }
      if (v.constructionPlanned === 'no') return;
      if (!v.constructionBeginsOn) {
        ctx2.addIssue({ code: 'custom', path: ['constructionBeginsOn'], message: 'Enter the date construction will begin' });
      } else if (latestDesignStatementFiling(v.constructionBeginsOn) < ctx.today) {
        ctx2.addIssue({
          code: 'custom',
          path: ['constructionBeginsOn'],
          message:
            `Construction cannot begin that soon. The design statement and this plan must reach the department at least ${days.value} days ` +
            `before construction begins (${days.citation}); filed today, the earliest start is ${formatDate(earliest)}.`,
        });
      }
    });
}

export type AttachmentsStep = z.output<ReturnType<typeof attachmentsStep>>;
