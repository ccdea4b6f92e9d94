import { z } from 'zod';
import { ANIMAL_CATEGORY_IDS, isIsoDate } from '@/lib/rules';
import { labelled } from './messages';

// Forms for registering, editing and claiming an operation. One schema per form, used by the
// client resolver and parsed again by the server action. Values arrive as typed (strings from
// inputs) or already parsed (numbers), so each helper accepts both and parses to the same output.

/** A number typed into a field: '' is "not answered", '2,480' is 2480. */
export function toNumber(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim().replace(/,/g, '');
  return t === '' ? undefined : Number(t);
}

/** What a number field says when it holds words: not the "missing" message, which would puzzle. */
export const NOT_A_NUMBER = 'Enter a number, using digits (for example 2,480)';

// Empty is "not answered" (the field's own message); anything typed that is not a number is
// NOT_A_NUMBER (toNumber turns words into NaN).
const finite = (message: string) =>
  z.number({ error: (issue) => (issue.input === undefined ? message : NOT_A_NUMBER) }).refine(Number.isFinite, NOT_A_NUMBER);

/** A required number, with the message to show when it is missing or not a number. */
export function numberField(message: string) {
  return z.preprocess(toNumber, finite(message));
}

/** An optional number between min and max: empty is undefined. */
export function optionalNumber(message: string, min = -Number.MAX_VALUE, max = Number.MAX_VALUE, rangeMessage = message) {
  return z.preprocess(toNumber, finite(message).pipe(z.number().min(min, rangeMessage).max(max, rangeMessage)).optional());
}

/** '' -> undefined for optional text. */
export const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(max, `Use at most ${max} characters`).optional());

/** Required text: the same plain message whether the answer is missing or too short. */
export function requiredText(message: string, min = 1, max = 4000) {
  return z.string({ error: message }).trim().min(min, message).max(max, `Use at most ${max} characters`);
}

/** A list that may be missing from a step never opened: read as empty, then checked. */
export function list<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === undefined || v === null ? [] : v), schema);
}

/** A calendar date typed as yyyy-mm-dd (a date input's value). */
export function dateField(message: string) {
  return z.string({ error: message }).trim().refine((v) => isIsoDate(v), message);
}

export function optionalDate(message: string) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), dateField(message).optional());
}

/** An Iowa county by FIPS code (19001..19197); the service also checks it exists. */
export const iowaCounty = z.string({ error: 'Choose an Iowa county' }).regex(/^19\d{3}$/, 'Choose an Iowa county');

const checkbox = z.preprocess((v) => v === true || v === 'true' || v === 'on', z.boolean());

export const PERMIT_STATUSES = ['not_required', 'required_not_applied', 'applied', 'issued'] as const;
export const PERMIT_LABELS: Record<(typeof PERMIT_STATUSES)[number], string> = {
  not_required: 'Not required',
  required_not_applied: 'Required, not yet applied for',
  applied: 'Applied for',
  issued: 'Issued',
};
export const STORAGE_KINDS = ['formed', 'unformed', 'egg_washwater'] as const;
export const STORAGE_LABELS: Record<(typeof STORAGE_KINDS)[number], string> = {
  formed: 'Formed (concrete pit or tank)',
  unformed: 'Unformed (earthen basin or lagoon)',
  egg_washwater: 'Egg washwater storage',
};
export const QUARTERS = ['NE', 'NW', 'SE', 'SW'] as const;

const headCount = z.preprocess(
  toNumber,
  finite('Enter the number of head at capacity').pipe(
    z.number().int('Use a whole number of head (no fractions)').min(0, 'A head count cannot be negative').max(10_000_000, 'That is more head than any Iowa operation holds'),
  ),
);

export const inventoryRow = z.object({
  category: z.enum(ANIMAL_CATEGORY_IDS, { error: 'Choose an animal category' }),
  head: headCount,
});

export const storageRow = z.object({
  name: labelled(z.string().trim().min(1, 'Name the structure (for example “North pit”)').max(120), 'Structure name'),
  kind: z.enum(STORAGE_KINDS, { error: 'Choose the kind of structure' }),
  capacityGallons: z.preprocess(
    toNumber,
    finite('Enter the capacity in gallons').pipe(z.number().int('Use whole gallons').min(0, 'Capacity cannot be negative').max(2_000_000_000, 'That is more than any one structure holds; check the figure')).optional(),
  ),
  constructedOn: optionalDate('Enter the date as month, day and year'),
});

export const operationSchema = z
  .object({
    name: labelled(z.string().trim().min(2, 'Enter the operation’s name').max(160), 'Operation name'),
    kind: z.enum(['confinement', 'open_feedlot'], { error: 'Choose the kind of operation' }),
    countyFips: iowaCounty,
    township: z.string().trim().regex(/^\d{2,3}\s?N$/i, 'Enter the township like 96N').transform((v) => v.replace(/\s/g, '').toUpperCase()),
    range: z.string().trim().regex(/^\d{1,2}\s?[EW]$/i, 'Enter the range like 45W').transform((v) => v.replace(/\s/g, '').toUpperCase()),
    section: z.preprocess(toNumber, finite('Enter the section (1 to 36)').pipe(z.number().int('Enter the section (1 to 36)').min(1, 'Enter the section (1 to 36)').max(36, 'Enter the section (1 to 36)'))),
    quarterSection: z.enum(QUARTERS, { error: 'Choose the quarter section' }),
    address911: labelled(z.string().trim().min(5, 'Enter the 911 address of the site').max(200), '911 address'),
    latitude: optionalNumber('Enter the latitude as a number like 43.2', 40.3, 43.6, 'That point is not in Iowa'),
    longitude: optionalNumber('Enter the longitude as a number like -96.29', -96.7, -90.1, 'That point is not in Iowa'),
    constructedOn: dateField('Enter the date construction began (or will begin)'),
    lastExpandedOn: optionalDate('Enter the date as month, day and year'),
    constructionPermitStatus: z.enum(PERMIT_STATUSES, { error: 'Choose the construction permit status' }),
    inventory: z.array(inventoryRow).min(1, 'Add the animals the operation holds at capacity').max(13),
    storage: z.array(storageRow).max(20, 'List at most 20 structures'),
    contractProducer: checkbox,
    activeContractorId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().uuid('Choose the active contractor').optional()),
    researchCollege: checkbox,
    safoElect: checkbox,
    peakAnimalUnitsHoused: optionalNumber('Enter the most animal units housed at one time', 0, 99_999_999, 'Enter a number of animal units, 0 or more'),
    peakHousedOn: optionalDate('Enter the day as month, day and year'),
  })
  .superRefine((v, ctx) => {
    if (v.peakHousedOn && v.peakAnimalUnitsHoused === undefined) {
      ctx.addIssue({ code: 'custom', path: ['peakAnimalUnitsHoused'], message: 'Enter how many animal units were housed that day' });
    }
    if (v.lastExpandedOn && v.lastExpandedOn < v.constructedOn) {
      ctx.addIssue({ code: 'custom', path: ['lastExpandedOn'], message: 'The expansion date must be on or after the construction date' });
    }
    const seen = new Set<string>();
    v.inventory.forEach((row, i) => {
      if (seen.has(row.category)) ctx.addIssue({ code: 'custom', path: ['inventory', i, 'category'], message: 'This category is already listed; add the head to that line' });
      seen.add(row.category);
    });
    if (v.inventory.length && v.inventory.every((r) => r.head === 0)) {
      ctx.addIssue({ code: 'custom', path: ['inventory', 0, 'head'], message: 'Enter at least one head of animals at capacity' });
    }
    if (v.contractProducer && !v.activeContractorId) {
      ctx.addIssue({ code: 'custom', path: ['activeContractorId'], message: 'A contract producer names the active contractor (Iowa Code ch. 202), who pays the annual compliance fee' });
    }
    if (!v.contractProducer && v.activeContractorId) {
      ctx.addIssue({ code: 'custom', path: ['contractProducer'], message: 'Tick “contract producer” to name an active contractor' });
    }
  });

export type OperationFormInput = z.input<typeof operationSchema>;
export type OperationValues = z.output<typeof operationSchema>;

export const editOperationSchema = z.object({
  operationId: z.string().uuid(),
  // The operation's updatedAt as read: an optimistic lock, so two editors cannot overwrite each other.
  lockToken: z.string().min(1),
  values: operationSchema,
});

// IAC 567-65.110(1)"d" and DNR form 542-4026: a new owner claims an operation with its facility ID.
export const claimSchema = z.object({
  facilityId: labelled(z.string().trim().min(1, 'Enter the facility ID from the department’s records').max(20), 'Facility ID').regex(/^[A-Za-z0-9-]+$/, 'Enter the facility ID as shown on the department’s letter (letters, digits and dashes)'),
  countyFips: iowaCounty,
  acquiredOn: dateField('Enter the date you acquired the operation'),
});

export type ClaimValues = z.output<typeof claimSchema>;

/** An owner revoking a preparer's access to an operation. */
export const revokeGrantSchema = z.object({ operationId: z.string().uuid(), grantId: z.string().uuid() });
