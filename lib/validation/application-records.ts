import { z } from 'zod';
import { ACTION_FILE_MAX_BYTES, fileTooLargeMessage, SPLIT_SEASON_ADVICE } from '@/lib/http/body-limit';
import { formDataInput } from './form-data';
import { APPLICATION_METHODS } from './plan-fields';
import { NUTRIENT_UNITS } from './plans';
import { dateField, numberField, optionalNumber, optionalText, requiredText } from './operations';

// DNR form 542-8002: one manure application, as the owner (or their preparer or contractor) records
// it on the operation's applications page or in a season's CSV. The same schema checks the form in
// the browser, the server action and each row of an import.

/** Past this many units (1,000 gallons or tons) per acre a figure is a typing slip, not an application. */
export const MAX_RATE_PER_ACRE = 100;

const positive = (missing: string, label: string, max: number, unit: string) =>
  numberField(missing).pipe(z.number().gt(0, `${label} must be more than 0`).max(max, `${label} must be at most ${max.toLocaleString('en-US')} ${unit}`));

const fertilizer = (label: string) =>
  optionalNumber(`Enter the ${label} in pounds per acre, or leave it blank`, 0, 500, `The ${label} must be between 0 and 500 pounds per acre`);

const weather = (day: string) => requiredText(`Describe the weather ${day} (for example “dry, 45 °F, light wind”)`, 2, 200);

/** The record's fields; `today` (the portal's Iowa date) bounds the date applied. */
export function applicationRecordFields(today: string) {
  return z.object({
    fieldKey: optionalText(64),
    fieldName: requiredText('Name the field (as the plan names it, for example “Home 80”)', 1, 80),
    cropYear: numberField('Enter the crop year the manure is for').pipe(z.number().int('Enter a year like 2027').min(2000, 'Enter a year like 2027').max(2100, 'Enter a year like 2027')),
    appliedOn: dateField('Enter the date the manure was applied').refine((d) => d <= today, 'The date applied cannot be in the future'),
    method: z.enum(APPLICATION_METHODS, { error: 'Choose how the manure was applied' }),
    amountApplied: positive('Enter the total amount applied to the field', 'The amount applied', 1_000_000, 'units'),
    amountUnit: z.enum(NUTRIENT_UNITS, { error: 'Choose 1,000 gallons (liquid) or tons (solid)' }),
    acres: positive('Enter the acres the manure covered', 'Acres covered', 100_000, 'acres'),
    applicatorName: requiredText('Enter who applied the manure', 2, 120),
    applicatorCertification: optionalText(40),
    weatherDayBefore: weather('the day before'),
    weatherDayOf: weather('the day of application'),
    weatherDayAfter: weather('the day after'),
    commercialNLbPerAcre: fertilizer('commercial nitrogen (N) applied'),
    commercialP2o5LbPerAcre: fertilizer('commercial phosphate (P2O5) applied'),
  });
}

/**
 * The amount over the acres may not be an absurd rate (named on the amount, where the slip usually is),
 * and manure for a crop goes on in its year or after the harvest before it.
 */
function refineRate(v: { amountApplied: number; acres: number; appliedOn: string; cropYear: number }, ctx: z.RefinementCtx) {
  const appliedYear = Number(String(v.appliedOn).slice(0, 4));
  if (Number.isInteger(v.cropYear) && appliedYear && (appliedYear < v.cropYear - 1 || appliedYear > v.cropYear)) {
    ctx.addIssue({ code: 'custom', path: ['cropYear'], message: `Manure applied in ${appliedYear} is for the ${appliedYear} or ${appliedYear + 1} crop; check the crop year` });
  }
  // Only once both figures are themselves valid (zod still runs this after a field's own error).
  if (!(v.acres > 0) || !(v.amountApplied > 0)) return;
  if (v.amountApplied / v.acres > MAX_RATE_PER_ACRE) {
    ctx.addIssue({ code: 'custom', path: ['amountApplied'], message: `That is more than ${MAX_RATE_PER_ACRE} units per acre over ${v.acres} acres; check the amount and the acres` });
  }
}

/** The form and its server action: the record plus the operation it belongs to. */
export function applicationRecordSchema(today: string) {
  return applicationRecordFields(today)
    .extend({ operationId: z.uuid('This operation reference is not valid. Reload the page.') })
    .superRefine(refineRate);
}

/** One row of a season's CSV import (the operation comes from the page). */
export function applicationRowSchema(today: string) {
  return applicationRecordFields(today).superRefine(refineRate);
}

export type ApplicationRecordInput = z.infer<ReturnType<typeof applicationRecordSchema>>;
export type ApplicationRowInput = z.infer<ReturnType<typeof applicationRowSchema>>;

const CHOOSE_CSV = 'Choose a CSV file to upload';

/**
 * A season's CSV as the import action receives it (FormData: the operation, the file, and `commit`
 * when the owner has seen the check and imports). The file stays under the server action's limit.
 */
export const applicationsImportSchema = formDataInput(
  z.object({
    operationId: z.string().max(100),
    file: z
      .instanceof(File, { error: CHOOSE_CSV })
      .refine((f) => f.size > 0, CHOOSE_CSV)
      .refine((f) => f.size <= ACTION_FILE_MAX_BYTES, fileTooLargeMessage(ACTION_FILE_MAX_BYTES, SPLIT_SEASON_ADVICE)),
    commit: z.literal('yes').optional(),
  }),
);
