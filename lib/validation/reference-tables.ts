import { z } from 'zod';
import { isIsoDate } from '@/lib/rules';

// The reference tables' forms (lib/plans/reference-tables): a crop's nutrient factors, and the
// choices made for a whole county average yield file. Shared by the admin's forms and the server.

/** The largest figures the portal accepts; anything beyond is a typing mistake, not a crop. */
export const REFERENCE_LIMITS = {
  /** Pounds of nitrogen per yield unit: 0 to 5 lb. */
  nLbPerYieldUnit: 5,
  /** Pounds of P2O5 removed per yield unit: 0 to 50 lb. */
  p2o5LbPerYieldUnit: 50,
  /** An average yield: more than 0 and at most 500 bu or 100 tons an acre. */
  yield: { bu: 500, tons: 100 },
} as const;

export const YIELD_UNITS = ['bu', 'tons'] as const;
export type YieldUnit = (typeof YIELD_UNITS)[number];

const isoDate = z.string().trim().refine((v) => isIsoDate(v), 'Enter a date');
const source = z.string().trim().min(3, 'Name the source (department table, publication or notice)').max(500, 'Keep the source under 500 characters');

/** A number typed in a form; blank is "the table has no figure". */
const optionalFigure = (max: number, what: string) =>
  z
    .string()
    .trim()
    .transform((s) => s.replace(/,/g, ''))
    .pipe(z.string().regex(/^(\d{1,6}(\.\d{1,4})?)?$/, `Enter ${what} as a number, like 1.2, or leave it blank`))
    .transform((s) => (s === '' ? null : Number(s)))
    .refine((n) => n === null || n <= max, `At most ${max} lb per yield unit: a larger figure is not a crop’s`);

export const cropFactorSchema = z.object({
  crop: z
    .string()
    .trim()
    .min(1, 'Enter the crop')
    .max(60, 'Keep the crop under 60 characters')
    .regex(/^[A-Za-z][A-Za-z0-9 ()_-]*$/, 'Use letters, digits and spaces for the crop'),
  label: z.string().trim().min(1, 'Enter the crop’s name as the plan shows it').max(100, 'Keep the name under 100 characters'),
  yieldUnit: z.enum(YIELD_UNITS, { message: 'Choose bu or tons' }),
  nLbPerYieldUnit: optionalFigure(REFERENCE_LIMITS.nLbPerYieldUnit, 'the nitrogen need'),
  p2o5LbPerYieldUnit: optionalFigure(REFERENCE_LIMITS.p2o5LbPerYieldUnit, 'the P2O5 removal'),
  source,
  effectiveFrom: isoDate,
  confirmed: z.boolean().default(false),
});
export type CropFactorInput = z.infer<typeof cropFactorSchema>;

/** What the admin states for every row of a county average yield file. */
export const countyYieldImportSchema = z.object({
  source,
  effectiveFrom: isoDate,
  confirmed: z.boolean().default(false),
});
export type CountyYieldImportOptions = z.infer<typeof countyYieldImportSchema>;

/** The years an average covers: "2019-2023" (or one year, "2023"). */
export const YEARS_PATTERN = /^(\d{4})(?:\s*[-–]\s*(\d{4}))?$/;
