import { index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './people';
import { plans } from './plans';

// DNR form 542-8167 (statement of intent): a landowner whose land takes the operation's manure, and
// who neither sells nor rents it to the owner, confirms the field and the commercial fertilizer they
// plan on it. Instead of a signed PDF, the filer may ask the landowner to confirm through an emailed
// single-use link; the figures the landowner saw are kept with the confirmation, so a later change
// to the plan's figures is seen (and the landowner asked again).
export const landownerStatements = pgTable(
  'landowner_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    /** The agreement row of the plan's draft this statement confirms. */
    agreementKey: text('agreement_key').notNull(),
    landownerName: text('landowner_name').notNull(),
    landownerEmail: text('landowner_email').notNull(),
    fieldName: text('field_name').notNull(),
    acres: numeric('acres', { precision: 10, scale: 2, mode: 'number' }),
    commercialNLbPerAcre: numeric('commercial_n_lb_per_acre', { precision: 10, scale: 2, mode: 'number' }),
    commercialP2o5LbPerAcre: numeric('commercial_p2o5_lb_per_acre', { precision: 10, scale: 2, mode: 'number' }),
    tokenHash: text('token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** The name the landowner typed as their signature, and when. */
    confirmedName: text('confirmed_name'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The landowner's own link to the copy of record of what they confirmed (hashed; it expires). */
    copyTokenHash: text('copy_token_hash').unique(),
    copyTokenExpiresAt: timestamp('copy_token_expires_at', { withTimezone: true }),
  },
  (t) => [index('landowner_statements_plan_idx').on(t.planId, t.agreementKey)],
);
