import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  clockEventKind,
  countyRelation,
  planDecision,
  planKind,
  planStatus,
  submissionChannel,
  updateKind,
} from './enums';
import { operations } from './operations';
import { users } from './people';
import { counties } from './reference';

// Plan content that is not a list of rows: contacts, manure production, nutrient source, practices.
export type PlanContent = {
  contacts?: { name: string; role: string; phone?: string; email?: string }[];
  manureProduction?: {
    annualAnimalProduction?: number;
    manureVolumeGallons?: number;
    manureWeightTons?: number;
    amountBasis?: string;
    nutrientSource?: 'sample' | 'standard_values';
    totalNitrogenPerUnit?: number;
    availableNitrogenPerUnit?: number;
    p2o5PerUnit?: number;
    unit?: 'thousand_gallons' | 'tons';
  };
  soilLossPractices?: string;
  changes?: { path: string; before: unknown; after: unknown; note?: string }[];
  constructionBeginsOn?: string;
};

// Each plan's reference number (MMP-000123), printed on its letters and notices; given when the plan
// is created, never reused, and not a path to anything.
export const planReferenceSeq = pgSequence('plan_reference_seq', { startWith: 1 });

// An MMP: an original plan or an annual update (IAC 567-65.110(3)"b").
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id),
    referenceNumber: text('reference_number')
      .notNull()
      .unique()
      // At least six digits, and every digit past a million (lpad would cut MMP-1000000 to MMP-100000).
      .default(sql`'MMP-' || to_char(nextval('plan_reference_seq'), 'FM9999999999999999999000000')`),
    kind: planKind('kind').notNull(),
    updateKind: updateKind('update_kind'),
    channel: submissionChannel('channel').notNull().default('electronic'),
    status: planStatus('status').notNull().default('draft'),
    animalUnitCapacity: numeric('animal_unit_capacity', { precision: 12, scale: 4, mode: 'number' }),
    submittedOn: date('submitted_on', { mode: 'string' }),
    receivedOn: date('received_on', { mode: 'string' }),
    completeReceivedOn: date('complete_received_on', { mode: 'string' }),
    decisionDueOn: date('decision_due_on', { mode: 'string' }),
    decidedOn: date('decided_on', { mode: 'string' }),
    decision: planDecision('decision'),
    decisionReasons: text('decision_reasons'),
    // Optimistic lock: every write bumps it and states the version it read.
    version: integer('version').notNull().default(1),
    content: jsonb('content').$type<PlanContent>().notNull().default({}),
    // The owner's form as typed, saved automatically while the plan is a draft (or returned).
    draftState: jsonb('draft_state').$type<Record<string, unknown>>(),
    draftSavedAt: timestamp('draft_saved_at', { withTimezone: true }),
    // The approved plan an update amends.
    previousPlanId: uuid('previous_plan_id').references((): AnyPgColumn => plans.id),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    submittedByUserId: uuid('submitted_by_user_id').references(() => users.id),
    reviewerUserId: uuid('reviewer_user_id').references(() => users.id),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id),
    // CROMERR repudiation: when someone who may sign disputed the latest filing ("I did not sign
    // this"); the department does not act on the filing while it is set. Kept with the submission too.
    filingDisputedAt: timestamp('filing_disputed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('plans_operation_idx').on(t.operationId),
    index('plans_status_idx').on(t.status),
    // The worklist filters by status and orders by the receipt date the deadline counts from.
    index('plans_status_received_idx').on(t.status, t.receivedOn),
    // The review queue's deadline order (returned plans last, then by receipt), over the open plans
    // only; the status last, so that a deep page's ids are read from the index alone.
    index('plans_worklist_order_idx')
      .on(sql`(${t.status} = 'incomplete')`, t.receivedOn.asc().nullsLast(), t.id, t.status)
      .where(sql`${t.status} in ('submitted', 'under_review', 'incomplete')`),
    index('plans_kind_idx').on(t.kind, t.updateKind),
    // The disputed filings at the top of the worklist: few, found without reading every plan.
    index('plans_disputed_idx').on(t.filingDisputedAt).where(sql`${t.filingDisputedAt} is not null`),
    index('plans_channel_idx').on(t.channel),
    index('plans_decision_due_idx').on(t.decisionDueOn),
    index('plans_received_idx').on(t.receivedOn),
    index('plans_reviewer_idx').on(t.reviewerUserId),
    index('plans_previous_idx').on(t.previousPlanId),
    index('plans_created_by_idx').on(t.createdByUserId),
    index('plans_submitted_by_idx').on(t.submittedByUserId),
    index('plans_decided_by_idx').on(t.decidedByUserId),
    check('plans_update_kind_matches', sql`(${t.kind} = 'annual_update') = (${t.updateKind} is not null)`),
    check(
      'plans_disapproval_has_reasons',
      sql`${t.decision} is distinct from 'disapproved' or length(trim(coalesce(${t.decisionReasons}, ''))) > 0`,
    ),
    check('plans_au_nonnegative', sql`${t.animalUnitCapacity} is null or ${t.animalUnitCapacity} >= 0`),
  ],
);

// The counties a plan touches: where the operation is located and where manure is land-applied.
export const planCounties = pgTable(
  'plan_counties',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    countyFips: text('county_fips')
      .notNull()
      .references(() => counties.fips),
    relation: countyRelation('relation').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.countyFips, t.relation] }), index('plan_counties_county_idx').on(t.countyFips)],
);

// The counties each operation's filed (non-draft) plans name, one row per operation and county:
// what a county official may see beyond the operations located in the county. Kept by triggers on
// plan_counties and plans (migration 0004), so no writer can forget it; it lets the county list
// find a county's operations through one index instead of every plan of every operation.
export const operationFiledCounties = pgTable(
  'operation_filed_counties',
  {
    countyFips: text('county_fips')
      .notNull()
      .references(() => counties.fips),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    relation: countyRelation('relation').notNull(),
  },
  (t) => [primaryKey({ columns: [t.countyFips, t.operationId, t.relation] }), index('operation_filed_counties_operation_idx').on(t.operationId)],
);

/**
 * The operations each county official's list holds: registered, and located in the county or named
 * by one of its filed plans (IAC 567-65.110(3)"b"), with the name the list sorts by. Kept by triggers
 * on operations and operation_filed_counties (migration 0020), so a county's page is read from the
 * county's own rows in list order and its count from one index, however many operations the state holds.
 */
export const countyOperations = pgTable(
  'county_operations',
  {
    countyFips: text('county_fips')
      .notNull()
      .references(() => counties.fips),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.countyFips, t.operationId] }),
    index('county_operations_list_idx').on(t.countyFips, t.name, t.operationId),
    index('county_operations_operation_idx').on(t.operationId),
  ],
);

// IAC 567-65.110(3)"b"(1): documentation that a county received a hard-copy plan (form 542-8046).
export const countyReceipts = pgTable(
  'county_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    countyFips: text('county_fips')
      .notNull()
      .references(() => counties.fips),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    receivedByName: text('received_by_name').notNull(),
    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id),
    attachmentId: uuid('attachment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('county_receipts_plan_county_idx').on(t.planId, t.countyFips),
    index('county_receipts_county_idx').on(t.countyFips),
    index('county_receipts_recorded_by_idx').on(t.recordedByUserId),
  ],
);

// IAC 567-65.110(4): the review clock as append-only events; deadlines are derived from them.
export const planClockEvents = pgTable(
  'plan_clock_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    kind: clockEventKind('kind').notNull(),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('plan_clock_events_plan_idx').on(t.planId, t.id),
    // "Received since you last looked": the receipts after a given time, whatever the state's size.
    index('plan_clock_events_receipt_time_idx').on(t.createdAt).where(sql`${t.kind} in ('received', 'resubmitted')`),
    index('plan_clock_events_actor_idx').on(t.actorUserId),
  ],
);

// One row per submission of a plan (the first, and each resubmission after a return). The
// idempotency key makes a double click or a retried request create one submission.
// Each submission's confirmation number on its filing receipt (MMP-2026-000123): shown, emailed and
// printed, never used as a path to anything (links name records by their id and check access).
export const submissionConfirmationSeq = pgSequence('submission_confirmation_seq', { startWith: 1 });

export const planSubmissions = pgTable(
  'plan_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    submittedOn: date('submitted_on', { mode: 'string' }).notNull(),
    submittedByUserId: uuid('submitted_by_user_id').references(() => users.id),
    // The content frozen for review: what the department reviews, whatever the draft does next.
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    // The snapshot exactly as first written, kept when the database upgrade rewrote a shape of an
    // earlier release into the current version (null for a snapshot written in the current version):
    // a copy of record's document hash is of this.
    snapshotAsStored: jsonb('snapshot_as_stored').$type<Record<string, unknown>>(),
    // Null on submissions filed before receipts had numbers.
    confirmationNumber: text('confirmation_number').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Disputed by someone who may sign: who, when, and what they said happened.
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    disputedByUserId: uuid('disputed_by_user_id').references(() => users.id),
    disputeStatement: text('dispute_statement'),
  },
  (t) => [index('plan_submissions_plan_idx').on(t.planId), index('plan_submissions_by_idx').on(t.submittedByUserId), index('plan_submissions_time_idx').on(t.createdAt)],
);

// Completeness review: deficiencies from the coded catalogue, sent together in one notice (a cycle).
export const planDeficiencies = pgTable(
  'plan_deficiencies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    cycle: integer('cycle').notNull(),
    code: text('code').notNull(),
    detail: text('detail'),
    ownerResponse: text('owner_response'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('plan_deficiencies_plan_idx').on(t.planId, t.cycle),
    index('plan_deficiencies_created_by_idx').on(t.createdByUserId),
  ],
);
