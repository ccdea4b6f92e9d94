import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { parties, users } from './people';

// Online payments through a PaymentProvider (lib/payments): a checkout names the fee lines it pays
// and their amounts; the processor's signed webhook confirms it, and only then are payments written.
export const checkoutStatus = pgEnum('checkout_status', ['open', 'paid', 'refused', 'cancelled', 'refunded']);

export type CheckoutLine = { feeLineId: string; cents: number };

export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    status: checkoutStatus('status').notNull().default('open'),
    lines: jsonb('lines').$type<CheckoutLine[]>().notNull(),
    totalCents: integer('total_cents').notNull(),
    payerPartyId: uuid('payer_party_id')
      .notNull()
      .references(() => parties.id),
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id),
    // The browser's key for "pay these": a double click opens one checkout.
    idempotencyKey: text('idempotency_key').notNull(),
    providerReference: text('provider_reference'),
    // The processor's page for this checkout (a double click goes back to the same one).
    redirectUrl: text('redirect_url'),
    // Why a confirmed payment was not applied (an overpayment, a line paid meanwhile).
    refusalReason: text('refusal_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_checkouts_idempotency_idx').on(t.idempotencyKey),
    uniqueIndex('payment_checkouts_provider_ref_idx').on(t.provider, t.providerReference),
    index('payment_checkouts_payer_idx').on(t.payerPartyId),
    index('payment_checkouts_created_by_idx').on(t.createdByUserId),
    check('payment_checkouts_total_positive', sql`${t.totalCents} > 0`),
  ],
);

// Every processor event applied once: a replayed event finds its id here and changes nothing.
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    checkoutId: uuid('checkout_id'),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_webhook_events_id_idx').on(t.provider, t.eventId)],
);
