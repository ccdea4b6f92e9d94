import { sql } from 'drizzle-orm';
import { check, customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { planSubmissions, plans } from './plans';
import { landownerStatements } from './statements';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

// CROMERR §3.2000(b)(5)(vi): the copy of record, the plan as received (or a landowner's statement of
// intent as confirmed) rendered once as an archival PDF at that moment. Addressed by the SHA-256 of
// its bytes, so a copy anyone holds can be found by its hash, and written once: a trigger in the
// migration refuses UPDATE, DELETE and TRUNCATE. Each copy is of exactly one submission or statement.
export const copiesOfRecord = pgTable(
  'copies_of_record',
  {
    sha256: text('sha256').primaryKey(),
    pdf: bytea('pdf').notNull(),
    planSubmissionId: uuid('plan_submission_id')
      .unique()
      .references(() => planSubmissions.id),
    /** DNR form 542-8167: the statement of intent the landowner confirmed. */
    statementId: uuid('statement_id')
      .unique()
      .references(() => landownerStatements.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    confirmationNumber: text('confirmation_number').notNull(),
    /** SHA-256 of the frozen submission or the statement as confirmed (canonical JSON, RFC 8785), as printed in the PDF. */
    documentSha256: text('document_sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('copies_of_record_plan_idx').on(t.planId),
    check('copies_of_record_sha256_hex', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check('copies_of_record_document_sha256_hex', sql`${t.documentSha256} ~ '^[0-9a-f]{64}$'`),
    check('copies_of_record_of_one_record', sql`num_nonnulls(${t.planSubmissionId}, ${t.statementId}) = 1`),
  ],
);
