import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { operations } from './operations';
import { users } from './people';

// DNR form 542-8002: the manure application records an owner must keep (IAC 567-65.111). One row is
// one application on one field: when, how, how much on how many acres, who applied it, the weather
// around it, and the commercial fertilizer also applied. The record is checked against the approved
// plan in force when it is read (lib/applications/check), so a later approval re-checks it.

// The same methods as the plan's fields (lib/validation/plan-fields APPLICATION_METHODS).
export const manureApplicationMethod = pgEnum('manure_application_method', ['injected', 'incorporated', 'surface_applied', 'irrigation']);
// Liquid manure in 1,000 gallons, solid in tons: the plan's manure unit.
export const manureAmountUnit = pgEnum('manure_amount_unit', ['thousand_gallons', 'tons']);

export const applicationRecords = pgTable(
  'application_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id),
    /** The plan field's row key; null when the field is not one of the approved plan's. */
    fieldKey: text('field_key'),
    /** The field's name as the record gives it (the plan's name when it is a plan field). */
    fieldName: text('field_name').notNull(),
    cropYear: integer('crop_year').notNull(),
    appliedOn: date('applied_on', { mode: 'string' }).notNull(),
    method: manureApplicationMethod('method').notNull(),
    amountApplied: numeric('amount_applied', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    amountUnit: manureAmountUnit('amount_unit').notNull(),
    acres: numeric('acres', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    /** amountApplied / acres, rounded to hundredths as the plan's limits are. */
    ratePerAcre: numeric('rate_per_acre', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    applicatorName: text('applicator_name').notNull(),
    /** The applicator's certification number; an owner applying on their own land may have none. */
    applicatorCertification: text('applicator_certification'),
    weatherDayBefore: text('weather_day_before').notNull(),
    weatherDayOf: text('weather_day_of').notNull(),
    weatherDayAfter: text('weather_day_after').notNull(),
    commercialNLbPerAcre: numeric('commercial_n_lb_per_acre', { precision: 8, scale: 2, mode: 'number' }),
    commercialP2o5LbPerAcre: numeric('commercial_p2o5_lb_per_acre', { precision: 8, scale: 2, mode: 'number' }),
    /** 'form' or 'csv': how the record reached the portal. */
    source: text('source').notNull().default('form'),
    recordedByUserId: uuid('recorded_by_user_id')
      .notNull()
      .references(() => users.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('application_records_operation_season_idx').on(t.operationId, t.cropYear, t.appliedOn),
    check('application_records_acres_positive', sql`${t.acres} > 0`),
    check('application_records_amount_positive', sql`${t.amountApplied} > 0`),
    check('application_records_source', sql`${t.source} in ('form', 'csv')`),
  ],
);
