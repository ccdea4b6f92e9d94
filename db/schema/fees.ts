import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { feeCode, feeStatus, payerKind, paymentMethod } from './enums';
import { operations } from './operations';
import { parties, users } from './people';
import { plans } from './plans';

// One amount owed, in integer cents (IAC 567-65.110(3)"c", (6), (7)).
export const feeLines = pgTable(
  'fee_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id),
    planId: uuid('plan_id').references(() => plans.id),
    code: feeCode('code').notNull(),
    amountCents: integer('amount_cents').notNull(),
    citation: text('citation').notNull(),
    payerKind: payerKind('payer_kind').notNull(),
    payerPartyId: uuid('payer_party_id')
      .notNull()
      .references(() => parties.id),
    status: feeStatus('status').notNull().default('due'),
    dueOn: date('due_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fee_lines_operation_idx').on(t.operationId),
    index('fee_lines_plan_idx').on(t.planId),
    index('fee_lines_payer_idx').on(t.payerPartyId),
    index('fee_lines_status_idx').on(t.status),
    index('fee_lines_code_idx').on(t.code),
    // A resubmission never creates a second fee of the same kind for the same plan.
    uniqueIndex('fee_lines_plan_code_idx').on(t.planId, t.code).where(sql`${t.status} <> 'void'`),
    check('fee_lines_amount_nonnegative', sql`${t.amountCents} >= 0`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feeLineId: uuid('fee_line_id')
      .notNull()
      .references(() => feeLines.id),
    amountCents: integer('amount_cents').notNull(),
    method: paymentMethod('method').notNull(),
    reference: text('reference'),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id),
    // The request that recorded it (a clerk's form, or an online checkout and its fee line): a
    // double click or a replayed processor event finds the first payment and records nothing.
    idempotencyKey: text('idempotency_key'),
    // The online checkout it came through (the processor's reference is in `reference`).
    checkoutId: uuid('checkout_id'),
    // A refund is a row of its own, negative, naming the payment it gives back and why: every sum of
    // a fee line's payments is what the department holds, and the ledger shows both.
    refundOfPaymentId: uuid('refund_of_payment_id').references((): AnyPgColumn => payments.id),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_fee_line_idx').on(t.feeLineId),
    index('payments_recorded_by_idx').on(t.recordedByUserId),
    index('payments_received_idx').on(t.receivedOn),
    uniqueIndex('payments_idempotency_key_idx').on(t.idempotencyKey),
    index('payments_checkout_idx').on(t.checkoutId),
    index('payments_refund_of_idx').on(t.refundOfPaymentId),
    check('payments_amount_sign', sql`(${t.amountCents} > 0 and ${t.refundOfPaymentId} is null) or (${t.amountCents} < 0 and ${t.refundOfPaymentId} is not null and ${t.reason} is not null)`),
  ],
);
