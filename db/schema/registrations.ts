import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { operations } from './operations';
import { parties, users } from './people';

// A preparer registers an operation for a client: the operation waits (registration_status
// 'awaiting_owner') until the owner named here accepts it through a single-use emailed link.
// Accepted: the operation becomes the owner's and the preparer gets an access grant. Declined by
// the owner or withdrawn by the preparer: the operation is withdrawn.
export const registrationRequestStatus = pgEnum('registration_request_status', ['pending', 'accepted', 'declined', 'withdrawn']);

export const registrationRequests = pgTable(
  'registration_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id),
    preparerUserId: uuid('preparer_user_id')
      .notNull()
      .references(() => users.id),
    ownerName: text('owner_name').notNull(),
    ownerEmail: text('owner_email').notNull(),
    status: registrationRequestStatus('status').notNull().default('pending'),
    // The owner's single-use link: only its SHA-256 is stored; cleared once used or withdrawn.
    tokenHash: text('token_hash').unique(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    timesSent: integer('times_sent').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    answeredByUserId: uuid('answered_by_user_id').references(() => users.id),
    ownerPartyId: uuid('owner_party_id').references(() => parties.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('registration_requests_operation_idx').on(t.operationId),
    index('registration_requests_preparer_idx').on(t.preparerUserId, t.createdAt),
    index('registration_requests_answered_by_idx').on(t.answeredByUserId),
    index('registration_requests_owner_party_idx').on(t.ownerPartyId),
    uniqueIndex('registration_requests_one_pending_idx').on(t.operationId).where(sql`${t.status} = 'pending'`),
    check('registration_requests_decided', sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
  ],
);
