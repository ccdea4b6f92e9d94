import { z } from 'zod';
import { signingCredentialsSchema } from './signing';
import { isIsoDate } from '@/lib/rules';
import { list, numberField, requiredText } from './operations';

// The MMP form's steps that are not lists of places (contacts, manure production, the annual
// update's choice), and the inputs of the plan actions. Each step's schema is the client resolver
// and is parsed again on the server when the plan is submitted.

const phone = z.string({ error: 'Enter a 10-digit phone number like 712-555-0141' }).trim().regex(/^\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/, 'Enter a 10-digit phone number like 712-555-0141');
const email = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().email('Enter an email address like name@example.com').max(320).optional(),
);

export const contactsStep = z.object({
  contacts: list(z
    .array(
      z.object({
        name: requiredText('Enter the contact’s name', 2, 160),
        role: requiredText('Say who this is (owner, operator, manure applicator…)', 2, 80),
        phone,
        email,
      }),
    )
    .min(1, 'Add at least one contact the department can reach about this plan')
    .max(10, 'List at most 10 contacts')),
});

export const NUTRIENT_SOURCES = ['sample', 'standard_values'] as const;
export const NUTRIENT_SOURCE_LABELS: Record<(typeof NUTRIENT_SOURCES)[number], string> = {
  sample: 'Laboratory analysis of a manure sample',
  standard_values: 'Standard (book) values',
};
export const NUTRIENT_UNITS = ['thousand_gallons', 'tons'] as const;
export const NUTRIENT_UNIT_LABELS: Record<(typeof NUTRIENT_UNITS)[number], string> = {
  thousand_gallons: 'per 1,000 gallons (liquid manure)',
  tons: 'per ton (solid manure)',
};

const amount = (missing: string, label: string, max: number) =>
  numberField(missing).pipe(z.number().min(0, `${label} cannot be negative`).max(max, `${label} looks too large; check the figure`));

export const productionStep = z
  .object({
    annualAnimalProduction: numberField('Enter how many animals the operation produces in a year').pipe(
      z.number().int('Use a whole number of animals').gt(0, 'Enter how many animals the operation produces in a year').max(50_000_000, 'Check the figure'),
    ),
    nutrientUnit: z.enum(NUTRIENT_UNITS, { error: 'Choose liquid (per 1,000 gallons) or solid (per ton) manure' }),
    manureAmount: numberField('Enter the manure produced in a year').pipe(z.number().gt(0, 'The manure produced must be more than 0').max(1e10, 'Check the figure')),
    // DNR form 542-4000: the manure produced is the owner's measured figure or head x production per head; its basis is stated.
    manureAmountBasis: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(300, 'Describe how the amount was worked out in at most 300 characters').optional()),
    nutrientSource: z.enum(NUTRIENT_SOURCES, { error: 'Choose where the nutrient content comes from' }),
    totalNitrogenPerUnit: amount('Enter the total nitrogen', 'Total nitrogen', 500),
    availableNitrogenPerUnit: numberField('Enter the first-year available nitrogen').pipe(
      z.number().gt(0, 'Available nitrogen must be more than 0').max(500, 'Available nitrogen looks too large; check the figure'),
    ),
    p2o5PerUnit: amount('Enter the phosphate (P2O5)', 'Phosphate', 500),
  })
  .refine((v) => v.availableNitrogenPerUnit <= v.totalNitrogenPerUnit, {
    path: ['availableNitrogenPerUnit'],
    message: 'Available nitrogen cannot be more than the total nitrogen',
  });

export type ContactsStep = z.output<typeof contactsStep>;
export type ProductionStep = z.output<typeof productionStep>;

// IAC 567-65.110(3)"b"(3): the three ways to satisfy an annual update; (3)"b"(1)-(2) the channel.
export const UPDATE_KINDS = ['no_change_statement', 'list_of_changes', 'complete_plan'] as const;
export const UPDATE_KIND_CHOICES: Record<(typeof UPDATE_KINDS)[number], { label: string; hint: string }> = {
  no_change_statement: { label: 'Nothing changed', hint: 'A statement that the plan approved last year has not changed.' },
  list_of_changes: { label: 'Some things changed', hint: 'List each change since the last approved plan; we show them side by side.' },
  complete_plan: { label: 'A complete new plan', hint: 'File the whole plan again, starting from last year’s answers.' },
};
export const CHANNELS = ['electronic', 'hard_copy'] as const;

export const updateStep = z
  .object({
    updateKind: z.enum(UPDATE_KINDS, { error: 'Choose what kind of update you are filing' }),
    statedAnimalUnitCapacity: numberField('State the animal unit capacity').pipe(
      z.number().min(0, 'The animal unit capacity cannot be negative').max(10_000_000, 'Check the figure'),
    ),
    channel: z.enum(CHANNELS, { error: 'Choose how the counties get their copy' }),
    noChangeConfirmed: z.preprocess((v) => v === true || v === 'true' || v === 'on', z.boolean()).optional(),
  })
  .refine((v) => v.updateKind !== 'no_change_statement' || v.noChangeConfirmed === true, {
    path: ['noChangeConfirmed'],
    message: 'Confirm that the plan has not changed since it was last approved',
  });

export type UpdateStep = z.output<typeof updateStep>;

const planId = z.string().uuid();
// The plan version the form was read at (optimistic lock); a PostgreSQL integer.
const version = z.number().int().min(1).max(2_147_483_647);

// The plan in progress: the form's answers as typed, one object per step, under the version of this
// format (stored drafts of earlier releases were upgraded by the database migration). Only the shape
// and the size are checked while it is edited, so a half-filled step is never lost; every step is
// validated strictly when the plan is submitted.
export const PLAN_DRAFT_VERSION = 1 as const;
const stepAnswers = z.record(z.string(), z.unknown());
export const planDraftSchema = z.strictObject({
  version: z.literal(PLAN_DRAFT_VERSION).optional(),
  update: stepAnswers.optional(),
  contacts: stepAnswers.optional(),
  production: stepAnswers.optional(),
  fields: stepAnswers.optional(),
  agreements: stepAnswers.optional(),
  stockpiles: stepAnswers.optional(),
  attachments: stepAnswers.optional(),
});
export type PlanDraft = z.infer<typeof planDraftSchema>;

const MAX_DRAFT_BYTES = 512 * 1024;
export const saveDraftSchema = z.object({
  planId,
  version,
  draft: planDraftSchema.superRefine((d, ctx) => {
    let size: number;
    try {
      size = JSON.stringify(d).length;
    } catch {
      // A value JSON cannot hold (a BigInt, a cycle) does not come from the form.
      ctx.addIssue({ code: 'custom', message: 'This draft holds an answer that cannot be saved. Reload the page and try again.' });
      return;
    }
    if (size > MAX_DRAFT_BYTES) ctx.addIssue({ code: 'custom', message: 'This plan is too large to save; remove some rows' });
  }),
});

export const submitPlanSchema = z.object({
  planId,
  version,
  // Made when the form loads and kept across retries: a second request with it changes nothing.
  idempotencyKey: z.string().uuid(),
  // The signing step: the document's SHA-256 as the signer was shown it, the certification, the credentials.
  documentSha256: z.string().regex(/^[0-9a-f]{64}$/, 'Reload the page: the plan’s fingerprint is missing.'),
}).extend(signingCredentialsSchema.shape);

export const startPlanSchema = z.object({
  operationId: z.string().uuid(),
  kind: z.enum(['original', 'annual_update']),
});

export const withdrawPlanSchema = z.object({ planId, version });

// CROMERR repudiation: "I did not sign this", with what happened in the disputer's own words.
export const disputeFilingSchema = z.object({
  planId,
  statement: requiredText('Say what happened, for example that you did not sign or file this plan', 10, 2000),
});
export type DisputeFilingValues = z.infer<typeof disputeFilingSchema>;

// IAC 567-65.110(3)"b"(1): a county's receipt of a hard-copy plan (DNR form 542-8046: the date and
// who received it). One schema for both forms that record it: the owner's or preparer's on the plan
// page and the county official's on the county's receipt page.
export const receiptSchema = z.object({
  planId,
  countyFips: z.string({ error: 'Choose the county' }).regex(/^19\d{3}$/, 'Choose the county'),
  receivedOn: z
    .string({ error: 'Enter the date the county received the plan' })
    .trim()
    .min(1, 'Enter the date the county received the plan')
    .refine((v) => v === '' || isIsoDate(v), 'Enter a real date, for example 03/01/2027.'),
  receivedByName: z
    .string({ error: 'Enter who received the plan for the county.' })
    .trim()
    .min(1, 'Enter who received the plan for the county.')
    .max(200, 'Enter 200 characters or fewer.'),
  attachmentId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().uuid('Upload the signed receipt (PDF)').optional()),
});

// An owner or preparer documents the receipt with the county's signed form 542-8046; a county
// official records their own county's receipt and need not upload it.
export const ownerReceiptSchema = receiptSchema.refine((v) => Boolean(v.attachmentId), {
  path: ['attachmentId'],
  message: 'Upload the signed receipt (PDF)',
});

export type ReceiptValues = z.output<typeof receiptSchema>;

/** Actions that name only a plan (reading the saved draft). */
export const planRefSchema = z.object({ planId });

/** Removing one uploaded file from a plan. */
export const removeAttachmentSchema = z.object({ planId, attachmentId: z.string().uuid() });
