import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { operations } from './operations';
import { parties, users } from './people';

// IAC 567-65.110(1)"d" and DNR form 542-4026: a person who acquired an operation asks to be recorded
// as its owner. A person's word is not proof, so nothing changes hands while the request is pending:
// the department confirms or refuses it, or the current owner accepts it through an emailed link.
export const transferStatus = pgEnum('transfer_status', ['pending', 'confirmed', 'refused']);

// The current owner's answer to the emailed link: "yes, I transferred it" or "this claim is wrong".
export const transferOwnerResponse = pgEnum('transfer_owner_response', ['accepted', 'disputed']);

// Who settled the request: department staff, or the current owner accepting it.
export const transferDecidedThrough = pgEnum('transfer_decided_through', ['department', 'current_owner']);

export const ownershipTransfers = pgTable(
  'ownership_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id),
    /** The person or organization asking to become the owner. */
    claimantPartyId: uuid('claimant_party_id')
      .notNull()
      .references(() => parties.id),
    claimantUserId: uuid('claimant_user_id')
      .notNull()
      .references(() => users.id),
    /** The owner on record when the request was made: the one asked to accept it. */
    currentOwnerPartyId: uuid('current_owner_party_id').references(() => parties.id),
    acquiredOn: date('acquired_on', { mode: 'string' }).notNull(),
    status: transferStatus('status').notNull().default('pending'),
    // Optimistic lock for the department's decision form (a stale page cannot decide).
    version: integer('version').notNull().default(1),
    // The current owner's single-use link: only its SHA-256 is stored; cleared once used.
    ownerTokenHash: text('owner_token_hash').unique(),
    ownerTokenExpiresAt: timestamp('owner_token_expires_at', { withTimezone: true }),
    ownerResponse: transferOwnerResponse('owner_response'),
    ownerResponseNote: text('owner_response_note'),
    ownerRespondedAt: timestamp('owner_responded_at', { withTimezone: true }),
    ownerRespondedByUserId: uuid('owner_responded_by_user_id').references(() => users.id),
    decidedThrough: transferDecidedThrough('decided_through'),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id),
    decidedOn: date('decided_on', { mode: 'string' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    // IAC 567-65.110(1)"d" as lib/rules answered it on confirmation: whether the new owner owes an
    // original MMP and by when (null when none is owed), with the rule's citation and reason.
    originalMmpRequired: boolean('original_mmp_required'),
    originalMmpDueOn: date('original_mmp_due_on', { mode: 'string' }),
    requirementCitation: text('requirement_citation'),
    requirementReason: text('requirement_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ownership_transfers_operation_idx').on(t.operationId, t.status),
    index('ownership_transfers_claimant_idx').on(t.claimantPartyId, t.createdAt),
    index('ownership_transfers_current_owner_idx').on(t.currentOwnerPartyId),
    index('ownership_transfers_claimant_user_idx').on(t.claimantUserId),
    index('ownership_transfers_responded_by_idx').on(t.ownerRespondedByUserId),
    index('ownership_transfers_decided_by_idx').on(t.decidedByUserId),
    // The department's worklist: pending requests, oldest first.
    index('ownership_transfers_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // One pending request per operation and claimant: a second one is refused.
    uniqueIndex('ownership_transfers_one_pending_idx').on(t.operationId, t.claimantPartyId).where(sql`${t.status} = 'pending'`),
    check('ownership_transfers_decided', sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
    check('ownership_transfers_refusal_reason', sql`${t.status} <> 'refused' or ${t.decisionReason} is not null`),
    check('ownership_transfers_due_when_required', sql`${t.originalMmpDueOn} is null or ${t.originalMmpRequired}`),
  ],
);
