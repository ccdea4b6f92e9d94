import { boolean, date, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { digestFrequency, reminderKind } from './enums';
import { plans } from './plans';
import { operations } from './operations';
import { users } from './people';

// Staff-maintained values of parameters (fee amounts, the indemnity schedule and fund balance,
// holidays), effective-dated. lib/rules holds the defaults; a row here supersedes from its date.
export const parameterValues = pgTable(
  'parameter_values',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    setByUserId: uuid('set_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('parameter_values_key_from_idx').on(t.key, t.effectiveFrom),
    index('parameter_values_set_by_idx').on(t.setByUserId),
  ],
);

// Which optional emails a user takes (decisions and deadlines cannot be turned off).
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  updateReminders: boolean('update_reminders').notNull().default(true),
  /** Overdue notices and a new owner's deadline reminder. */
  deadlineNotices: boolean('deadline_notices').notNull().default(true),
  /** A county official's emails (or digests) about plans touching the county. */
  countyNotices: boolean('county_notices').notNull().default(true),
  countyDigest: digestFrequency('county_digest').notNull().default('immediate'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// A private, revocable calendar (ICS) subscription; only a hash of its token is stored.
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('calendar_feeds_user_idx').on(t.userId)],
);

// One reminder per operation, kind and due date, ever: the daily job inserts here first.
export const remindersSent = pgTable(
  'reminders_sent',
  {
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id),
    kind: reminderKind('kind').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.operationId, t.kind, t.dueOn] }), index('reminders_sent_due_idx').on(t.dueOn)],
);

// County events waiting for an official who takes a daily or weekly digest instead of one email each.
export const countyDigestItems = pgTable(
  'county_digest_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    event: text('event').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    digestedAt: timestamp('digested_at', { withTimezone: true }),
  },
  (t) => [index('county_digest_items_user_idx').on(t.userId, t.digestedAt), index('county_digest_items_plan_idx').on(t.planId)],
);

/**
 * Facts about this portal's database that its configuration depends on: 'demo_data' is written when
 * the demo (or the load-test data built on it) is loaded, so a server on a demo database lets the
 * demo's staff accounts sign in with the README's password even where production asks more.
 */
export const portalFacts = pgTable('portal_facts', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});
