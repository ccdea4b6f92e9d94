import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { importRuns } from './imports';
import { users } from './people';
import { counties } from './reference';

// The department's reference tables for the plan's arithmetic (IAC 567-65.111; DNR form 542-4000 and
// its county average yield table, form 542-4000a). Rows are only ever added: a row for the same key
// with a later effective date supersedes the earlier one from that date, so the figure that applied
// on any past day can be shown again. A row is the department's only when recorded as confirmed.
export const yieldUnit = pgEnum('yield_unit', ['bu', 'tons']);

export const cropNutrientFactors = pgTable(
  'crop_nutrient_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The crop's table key (lib/plans/reference-tables cropKey): corn_grain, soybean... */
    crop: text('crop').notNull(),
    label: text('label').notNull(),
    yieldUnit: yieldUnit('yield_unit').notNull(),
    nLbPerYieldUnit: doublePrecision('n_lb_per_yield_unit'),
    p2o5LbPerYieldUnit: doublePrecision('p2o5_lb_per_yield_unit'),
    source: text('source').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    recordedByUserId: uuid('recorded_by_user_id')
      .notNull()
      .references(() => users.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('crop_nutrient_factors_crop_idx').on(t.crop, t.effectiveFrom),
    index('crop_nutrient_factors_recorded_by_idx').on(t.recordedByUserId),
    check('crop_nutrient_factors_n_range', sql`${t.nLbPerYieldUnit} is null or (${t.nLbPerYieldUnit} >= 0 and ${t.nLbPerYieldUnit} <= 5)`),
    check('crop_nutrient_factors_p2o5_range', sql`${t.p2o5LbPerYieldUnit} is null or (${t.p2o5LbPerYieldUnit} >= 0 and ${t.p2o5LbPerYieldUnit} <= 50)`),
  ],
);

export const countyCropYields = pgTable(
  'county_crop_yields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    countyFips: text('county_fips')
      .notNull()
      .references(() => counties.fips),
    crop: text('crop').notNull(),
    yield: doublePrecision('yield').notNull(),
    unit: yieldUnit('unit').notNull(),
    /** The years the average covers, as the table gives them ("2019-2023"). */
    years: text('years').notNull(),
    source: text('source').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    importRunId: uuid('import_run_id').references(() => importRuns.id),
    recordedByUserId: uuid('recorded_by_user_id')
      .notNull()
      .references(() => users.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('county_crop_yields_key_idx').on(t.countyFips, t.crop, t.effectiveFrom),
    index('county_crop_yields_run_idx').on(t.importRunId),
    index('county_crop_yields_recorded_by_idx').on(t.recordedByUserId),
    check('county_crop_yields_yield_range', sql`${t.yield} > 0 and ${t.yield} <= 500`),
  ],
);
