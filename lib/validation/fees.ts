import { z } from 'zod';
import { FEE_CODES } from '@/db/schema/codes';
import { isIsoDate } from '@/lib/rules';

// Fee forms: recording a payment, and the ledger's filters (in the URL).

export const PAYMENT_METHODS = ['check', 'ach', 'card', 'cash', 'other'] as const;

/** Dollars as typed ("148.80", "$1,250") to integer cents; refuses zero, negative and over-precise amounts. */
export const dollarsToCents = z
  .string({ message: 'Enter the amount in dollars and cents, like 148.80' })
  .trim()
  .transform((s) => s.replace(/[$,\s]/g, ''))
  .pipe(z.string().regex(/^-?\d{1,9}(\.\d{1,2})?$/, 'Enter the amount in dollars and cents, like 148.80'))
  .transform((s) => Math.round(Number(s) * 100))
  .refine((cents) => cents > 0, 'The amount must be more than $0.00');

const isoDate = z.string().trim().refine((v) => isIsoDate(v), 'Enter a date');

export const paymentSchema = z.object({
  feeLineId: z.uuid('This fee reference is not valid. Reload the page.'),
  amount: dollarsToCents,
  method: z.enum(PAYMENT_METHODS, { message: 'Choose how it was paid' }),
  reference: z.string().trim().max(100, 'Keep the reference under 100 characters').default(''),
  receivedOn: isoDate,
  // One key per filled-in form: a double click or a retried request records the payment once.
  idempotencyKey: z.uuid('This form is out of date. Reload the page.'),
});
export type PaymentInput = z.infer<typeof paymentSchema>;

/** Giving back all or part of a payment: how much, why, and the department's refund check when not online. */
export const refundSchema = z.object({
  paymentId: z.uuid('This payment reference is not valid. Reload the page.'),
  amount: dollarsToCents,
  reason: z.string().trim().min(1, 'Say why the payment is refunded').max(500, 'Keep the reason under 500 characters'),
  reference: z.string().trim().max(100, 'Keep the reference under 100 characters').default(''),
  refundedOn: isoDate,
  idempotencyKey: z.uuid('This form is out of date. Reload the page.'),
});
export type RefundInput = z.infer<typeof refundSchema>;

const opt = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const ledgerStatus = z.enum(['due', 'paid', 'waived', 'void'], { message: 'status must be due, paid, waived or void' });
const ledgerCode = z.enum(FEE_CODES, { message: 'code must be a fee code' });
// A NUL character cannot reach PostgreSQL.
const ledgerSearch = z.string().trim().min(1).max(100, 'q must be at most 100 characters').regex(/^[^\u0000]*$/, 'q must not hold a NUL character');

/** The ledger page's filters: a value that does not parse is ignored, so an old link still opens. */
export const feeLedgerFilterSchema = z.object({
  status: opt(ledgerStatus),
  code: opt(ledgerCode),
  payer: opt(z.uuid()),
  q: opt(ledgerSearch),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

/**
 * The ledger download's query string, read strictly: a download filtered by a value that does not
 * parse would silently hold every fee, so it is refused (400) with what is wrong.
 */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
export const feeLedgerQuerySchema = z.object({
  status: blank(ledgerStatus),
  code: blank(ledgerCode),
  payer: blank(z.uuid({ message: 'payer must be a payer id' })),
  q: blank(ledgerSearch),
  page: blank(z.coerce.number().int().min(1).max(100_000)).transform((p) => p ?? 1),
});
export type FeeLedgerFilters = z.infer<typeof feeLedgerFilterSchema>;

// Admin parameter forms (the indemnity fee schedule and the fund status of Iowa Code 459.503A).
const parameterMeta = {
  effectiveFrom: isoDate,
  source: z.string().trim().min(3, 'Name the source (statute, rule or department notice)').max(500),
  confirmed: z.boolean().default(false),
};

export const indemnityScheduleSchema = z.object({
  ...parameterMeta,
  rates: z
    .array(
      z.object({
        description: z.string().trim().min(1, 'Describe who pays this rate').max(200),
        centsPerAnimalUnit: z.coerce.number({ message: 'Enter cents per animal unit' }).min(0, 'Enter zero or more').max(100_000),
        appliesTo: z.enum(['all', 'with_construction_permit', 'without_construction_permit']),
      }),
    )
    .max(20, 'Enter at most 20 rates'),
});

export const fundAmountSchema = z.object({
  ...parameterMeta,
  key: z.enum(['indemnity.fund_balance_cents', 'indemnity.fund_suspend_above_cents', 'indemnity.fund_resume_below_cents']),
  amount: z
    .string()
    .trim()
    .transform((s) => s.replace(/[$,\s]/g, ''))
    .pipe(z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, 'Enter an amount in dollars, like 3,000,000'))
    .transform((s) => Math.round(Number(s) * 100)),
});
