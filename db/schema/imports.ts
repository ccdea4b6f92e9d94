import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { operations } from './operations';
import { parties, users } from './people';
import { plans } from './plans';

// The department's existing records brought in from CSV files: one row per uploaded file. The dry
// run stores the file and what each row would do; applying it writes the records in batches.
export const importFileKind = pgEnum('import_file_kind', ['operations', 'owners', 'plan_history', 'unpaid_fees', 'county_yields']);
export const importRunStatus = pgEnum('import_run_status', ['checked', 'refused', 'applying', 'applied', 'failed']);

export type ImportRowOutcome = {
  row: number;
  facilityId: string | null;
  outcome: 'create' | 'change' | 'unchanged' | 'refuse';
  /** For a refusal, each problem with its column; for a change, the columns that change. */
  messages: { column: string | null; message: string }[];
  /** What lib/rules computes for the row (animal units, MMP requirement, fee). */
  details?: string;
};

export type ImportSummary = { rows: number; create: number; change: number; unchanged: number; refuse: number };

export const importRuns = pgTable(
  'import_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: importFileKind('kind').notNull(),
    filename: text('filename').notNull(),
    content: text('content').notNull(),
    status: importRunStatus('status').notNull(),
    /** A problem with the file as a whole (columns, encoding): nothing in it can be applied. */
    fileError: text('file_error'),
    /** What the admin chose for the whole file (a county yield table's source, date, confirmation). */
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    summary: jsonb('summary').$type<ImportSummary>().notNull(),
    outcomes: jsonb('outcomes').$type<ImportRowOutcome[]>().notNull().default([]),
    processedRows: integer('processed_rows').notNull().default(0),
    uploadedByUserId: uuid('uploaded_by_user_id')
      .notNull()
      .references(() => users.id),
    appliedByUserId: uuid('applied_by_user_id').references(() => users.id),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    appliedMs: integer('applied_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('import_runs_created_idx').on(t.createdAt),
    index('import_runs_uploaded_by_idx').on(t.uploadedByUserId),
    index('import_runs_applied_by_idx').on(t.appliedByUserId),
  ],
);

// An imported owner takes over their operations: by an emailed invitation (to the address the
// department's records hold) or a one-time code printed on a letter. Only a hash is stored.
export const ownerClaimChannel = pgEnum('owner_claim_channel', ['email', 'letter']);

export const ownerClaims = pgTable(
  'owner_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id),
    channel: ownerClaimChannel('channel').notNull(),
    codeHash: text('code_hash').notNull().unique(),
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedByUserId: uuid('used_by_user_id').references(() => users.id),
    // A newer code for the same owner replaces this one.
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('owner_claims_party_idx').on(t.partyId),
    index('owner_claims_used_by_idx').on(t.usedByUserId),
    index('owner_claims_created_by_idx').on(t.createdByUserId),
    check('owner_claims_email_channel', sql`${t.channel} <> 'email' or ${t.email} is not null`),
  ],
);

// An operation's plan history as the department's records gave it: the approved plan it holds on
// paper (recorded as a hard-copy plan) and its next annual update due date. One row per operation,
// so a second import of the same file finds it unchanged.
export const importedPlanHistory = pgTable(
  'imported_plan_history',
  {
    operationId: uuid('operation_id')
      .primaryKey()
      .references(() => operations.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    lastApprovedOn: date('last_approved_on', { mode: 'string' }).notNull(),
    nextDueOn: date('next_due_on', { mode: 'string' }),
    importRunId: uuid('import_run_id')
      .notNull()
      .references(() => importRuns.id),
  },
  (t) => [index('imported_plan_history_plan_idx').on(t.planId), index('imported_plan_history_run_idx').on(t.importRunId)],
);
