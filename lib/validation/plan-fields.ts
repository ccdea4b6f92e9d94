import { z } from 'zod';
import { dateField, iowaCounty, list, numberField, optionalNumber, requiredText, toNumber } from './operations';

// IAC 567-65.111 (DNR form 542-4000): the credits that lower a crop's remaining nitrogen need. Blank
// means "not stated": the reviewer's check flags it rather than assuming none.
const credit = (label: string) => optionalNumber(`Enter the ${label} in pounds per acre, or leave it blank`, 0, 500, `The ${label} must be between 0 and 500 pounds per acre`);

// The "Fields" and "Land agreements" steps of the MMP form (IAC 567-65.111 content): each field
// where manure is applied, and the written agreement for land the owner neither owns nor rents.

export const TENURES = ['owned', 'rented', 'agreement'] as const;
export const TENURE_LABELS: Record<(typeof TENURES)[number], string> = {
  owned: 'Owned',
  rented: 'Rented',
  agreement: 'Neither: written agreement with the landowner',
};

export const APPLICATION_METHODS = ['injected', 'incorporated', 'surface_applied', 'irrigation'] as const;
export const METHOD_LABELS: Record<(typeof APPLICATION_METHODS)[number], string> = {
  injected: 'Injected',
  incorporated: 'Surface-applied and incorporated within 24 hours',
  surface_applied: 'Surface-applied, not incorporated',
  irrigation: 'Irrigation',
};

export const APPLICATION_TIMINGS = ['fall', 'spring', 'summer', 'split'] as const;
export const TIMING_LABELS: Record<(typeof APPLICATION_TIMINGS)[number], string> = {
  fall: 'Fall (after soil is below 50 °F)',
  spring: 'Spring (pre-plant)',
  summer: 'Summer (after harvest of small grain or hay)',
  split: 'Split between seasons',
};

const positive = (missing: string, tooSmall: string) => numberField(missing).pipe(z.number().gt(0, tooSmall));
const nonNegative = (missing: string, max: number, label: string) =>
  numberField(missing).pipe(z.number().min(0, `${label} cannot be negative`).max(max, `${label} looks too large; check the figure`));

export const YIELD_SOURCES = ['county_average', 'own_records'] as const;
export const YIELD_SOURCE_LABELS: Record<(typeof YIELD_SOURCES)[number], string> = {
  county_average: 'County average yield (DNR Appendix A, form 542-4000a)',
  own_records: 'The owner’s own yield records',
};

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalText = (max: number, tooLong: string) => z.preprocess(blankToUndefined, z.string().trim().max(max, tooLong).optional());

export const cropRow = z.object({
  year: numberField('Enter the crop year').pipe(z.number().int('Enter a year like 2027').min(2000, 'Enter a year like 2027').max(2100, 'Enter a year like 2027')),
  crop: requiredText('Enter the crop planned (for example corn)', 2, 60),
  // The crop year's own optimum yield, for the P2O5 a rotation removes over the years one manure
  // application covers (IAC 567-65.111); blank in the planned year means the field's optimum yield.
  yield: optionalNumber('Enter the yield as a number, or leave it blank', 0.01, 1000, 'Check the yield: bushels or tons per acre, more than 0'),
});

export const fieldRow = z.object({
  key: z.string().min(1).max(64),
  name: requiredText('Name the field (for example “Home 80”)', 1, 80),
  countyFips: iowaCounty,
  acres: positive('Enter the field’s acres', 'Acres must be more than 0').pipe(z.number().max(100_000, 'That is more acres than one field holds')),
  tenure: z.enum(TENURES, { error: 'Say whether the field is owned, rented or under an agreement' }),
  crops: list(z.array(cropRow).min(1, 'Add the crop schedule: at least the next crop year').max(6)),
  optimumYield: positive('Enter the optimum yield (bushels or tons per acre)', 'The optimum yield must be more than 0').pipe(z.number().max(1000, 'Check the yield: bushels or tons per acre')),
  nitrogenRateLbPerAcre: nonNegative('Enter the nitrogen rate in pounds per acre', 500, 'The nitrogen rate'),
  legumeCreditLbPerAcre: credit('legume nitrogen credit'),
  commercialNLbPerAcre: credit('commercial nitrogen planned'),
  carryoverCreditLbPerAcre: credit('manure nitrogen carry-over credit'),
  phosphorusIndex: nonNegative('Enter the field’s phosphorus index', 100, 'The phosphorus index'),
  previousCrop: optionalText(60, 'Name the previous crop in at most 60 characters'),
  previousCropManured: z.preprocess((v) => (v === 'true' || v === 'yes' ? true : v === 'false' || v === 'no' ? false : blankToUndefined(v)), z.boolean({ error: 'Say whether the previous crop got manure' }).optional()),
  yieldSource: z.preprocess(blankToUndefined, z.enum(YIELD_SOURCES, { error: 'Say where the optimum yield comes from' }).optional()),
  yieldBasis: optionalText(300, 'Describe the yield records in at most 300 characters'),
  p2o5RemovalLbPerAcre: optionalNumber('Enter the P2O5 removal in pounds per acre, or leave it blank', 0, 400, 'The P2O5 removal must be between 0 and 400 pounds per acre a year'),
  // How many crop years of the rotation one manure application serves (1: every year; 2: once in a
  // corn-soybean rotation). Blank is read as every year, the lowest medium-P limit, and said so.
  yearsBetweenApplications: optionalNumber('Enter the years between manure applications as a whole number, or leave it blank', 1, 6, 'The years between applications must be a whole number from 1 to 6')
    .refine((v) => v === undefined || Number.isInteger(v), 'The years between applications must be a whole number from 1 to 6'),
  applicationMethod: z.enum(APPLICATION_METHODS, { error: 'Choose how manure is applied' }),
  applicationTiming: z.enum(APPLICATION_TIMINGS, { error: 'Choose when manure is applied' }),
});

export const fieldsStep = z
  .object({ fields: list(z.array(fieldRow).min(1, 'Add at least one field where manure is applied').max(300, 'List at most 300 fields')) })
  .superRefine((v, ctx) => {
    const names = new Map<string, number>();
    v.fields.forEach((f, i) => {
      const k = f.name.toLowerCase();
      if (names.has(k)) ctx.addIssue({ code: 'custom', path: ['fields', i, 'name'], message: 'Two fields have this name; give each its own' });
      names.set(k, i);
      if (f.yieldSource === 'own_records' && !f.yieldBasis) {
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'yieldBasis'], message: 'Say which years and records the yield comes from' });
      }
      const years = new Set<number>();
      f.crops.forEach((c, j) => {
        if (years.has(c.year)) ctx.addIssue({ code: 'custom', path: ['fields', i, 'crops', j, 'year'], message: 'This year is already in the schedule' });
        years.add(c.year);
      });
    });
  });

/**
 * The agreements step. With the plan's fields (key and acres), an agreement may not cover more
 * acres than the field it names.
 */
export function agreementsStep(today: string, fields: readonly { key: string; acres?: unknown }[] = []) {
  const acresOf = new Map(fields.map((f) => [f.key, Number(toNumber(f.acres))]));
  return z.object({
    agreements: list(z
      .array(
        z.object({
          key: z.string().min(1).max(64),
          fieldKey: requiredText('Choose the field this agreement covers', 1, 64),
          landownerName: requiredText('Enter the landowner’s name', 2, 160),
          acres: optionalNumber('Enter the acres as a number', 0.01, 100_000, 'Acres must be more than 0'),
          signedOn: dateField('Enter the date the agreement was signed').refine((d) => d <= today, 'The signing date cannot be in the future'),
          // The signed copy (a PDF), or the landowner's confirmation through an emailed link.
          attachmentId: z.preprocess(blankToUndefined, z.string().uuid('Upload the signed agreement (PDF)').optional()),
          statementId: z.preprocess(blankToUndefined, z.string().uuid('Ask the landowner to confirm again').optional()),
          // DNR form 542-8167: the landowner's planned commercial fertilizer on the field.
          commercialNLbPerAcre: optionalNumber('Enter the commercial nitrogen in pounds per acre, or leave it blank', 0, 500, 'The commercial nitrogen must be between 0 and 500 pounds per acre'),
          commercialP2o5LbPerAcre: optionalNumber('Enter the commercial phosphate in pounds per acre, or leave it blank', 0, 500, 'The commercial phosphate must be between 0 and 500 pounds per acre'),
        }),
      )
      .max(300)
      .superRefine((rows, ctx) =>
        rows.forEach((a, i) => {
          if (!a.attachmentId && !a.statementId) ctx.addIssue({ code: 'custom', path: [i, 'attachmentId'], message: SIGNED_COPY_MISSING });
          const fieldAcres = acresOf.get(a.fieldKey);
          if (a.acres !== undefined && fieldAcres !== undefined && Number.isFinite(fieldAcres) && a.acres > fieldAcres) {
            ctx.addIssue({ code: 'custom', path: [i, 'acres'], message: agreementTooLarge(a.acres, fieldAcres) });
          }
        }),
      )),
  });
}

export const SIGNED_COPY_MISSING = 'Upload the signed agreement (PDF)';

export function agreementTooLarge(agreementAcres: number, fieldAcres: number): string {
  return `The agreement covers ${agreementAcres} acres, more than the field’s ${fieldAcres}. Check both figures.`;
}

export type FieldRow = z.output<typeof fieldRow>;
export type FieldsStep = z.output<typeof fieldsStep>;
export type AgreementsStep = z.output<ReturnType<typeof agreementsStep>>;
