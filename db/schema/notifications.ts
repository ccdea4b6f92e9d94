import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { outboxStatus } from './enums';
import { users } from './people';

export type DeliveryAttempt = { at: string; outcome: 'sent' | 'failed'; error?: string };

// Every email is written here inside the transaction that caused it, then delivered after commit.
// (eventKey, toAddress) is unique so one address gets one copy of an event.
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventKey: text('event_key').notNull(),
    toAddress: text('to_address').notNull(),
    toUserId: uuid('to_user_id').references(() => users.id),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: outboxStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** One entry per delivery attempt: when, and the mail server's answer when it refused. */
    attemptLog: jsonb('attempt_log').$type<DeliveryAttempt[]>().notNull().default([]),
    /** The kind of optional mail this is (lib/notifications/lists.ts), for its unsubscribe link; null for mail that always goes. */
    listKind: text('list_kind'),
    /** Where a reply goes: the DNR field office that serves the county, when the message concerns one. */
    replyTo: text('reply_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_outbox_event_address_idx').on(t.eventKey, t.toAddress),
    index('email_outbox_status_next_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_to_user_idx').on(t.toUserId),
    index('email_outbox_created_idx').on(t.createdAt),
  ],
);

// An address without a portal account that asked (through an unsubscribe link) to stop a kind of
// mail. People with an account have their choice in notification_preferences instead.
export const emailOptOuts = pgTable(
  'email_opt_outs',
  {
    address: text('address').notNull(),
    listKind: text('list_kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.address, t.listKind] })],
);
