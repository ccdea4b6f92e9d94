import { FEE_CODES, PLAN_STATUSES } from './codes';
import { pgEnum } from 'drizzle-orm/pg-core';

export const userRole = pgEnum('user_role', [
  'owner',
  'preparer',
  'active_contractor',
  'department_staff',
  'department_supervisor',
  'county_official',
  'admin',
]);

export const partyKind = pgEnum('party_kind', ['person', 'organization']);

export const operationKind = pgEnum('operation_kind', ['confinement', 'open_feedlot']);

// An operation a preparer registers for a client waits for the owner's acceptance and is seen by
// no one else until then; declined or withdrawn, it stays withdrawn (kept for the audit trail).
export const operationRegistrationStatus = pgEnum('operation_registration_status', ['registered', 'awaiting_owner', 'withdrawn']);

export const constructionPermitStatus = pgEnum('construction_permit_status', [
  'not_required',
  'required_not_applied',
  'applied',
  'issued',
]);

// Iowa Code 459.102 animal categories, as stored. The law's list (with its factors) is lib/rules'
// ANIMAL_CATEGORY_IDS, which is pure and imports nothing; the database layer imports nothing from
// lib, so the stored list is written here and tests/unit/catalogues.test.ts holds the two equal
// (in order, and for the compiler both ways).
export const animalCategory = pgEnum('animal_category', [
  'cattle_slaughter_feeder',
  'dairy_immature',
  'dairy_mature',
  'swine_over_55_lb',
  'swine_15_to_55_lb',
  'sheep_lambs',
  'goats',
  'horses',
  'turkeys_over_7_lb',
  'turkeys_7_lb_or_less',
  'chickens_liquid_manure',
  'chickens_dry_over_3_lb',
  'chickens_dry_3_lb_or_less',
]);

export const storageKind = pgEnum('storage_kind', ['formed', 'unformed', 'egg_washwater']);

export const planKind = pgEnum('plan_kind', ['original', 'annual_update']);

// IAC 567-65.110(3)"b"(3): the three ways to satisfy an annual update.
export const updateKind = pgEnum('update_kind', ['complete_plan', 'no_change_statement', 'list_of_changes']);

export const submissionChannel = pgEnum('submission_channel', ['electronic', 'hard_copy']);

export const planStatus = pgEnum('plan_status', PLAN_STATUSES);

export const planDecision = pgEnum('plan_decision', ['approved', 'disapproved']);

// How a county is touched by a plan: IAC 567-65.110(3)"b"(1)-(2).
export const countyRelation = pgEnum('county_relation', ['located_in', 'land_applied_in']);

export const clockEventKind = pgEnum('clock_event_kind', [
  'received',
  'returned_incomplete',
  'resubmitted',
  'found_complete',
  'decided',
]);

export { FEE_CODES, PLAN_STATUSES, type FeeCode, type PlanStatus } from './codes';
export const feeCode = pgEnum('fee_code', FEE_CODES);

export const feeStatus = pgEnum('fee_status', ['due', 'paid', 'waived', 'void']);

export const payerKind = pgEnum('payer_kind', ['owner', 'active_contractor']);

export const paymentMethod = pgEnum('payment_method', ['check', 'ach', 'card', 'cash', 'other']);

export const dueDatePolicy = pgEnum('due_date_policy', [
  'even_by_month',
  'county_group',
  'approval_anniversary',
  'individual_override',
  'initial',
]);

export const outboxStatus = pgEnum('outbox_status', ['pending', 'sending', 'sent', 'failed', 'held']);

export const attachmentKind = pgEnum('attachment_kind', [
  'site_map',
  'land_agreement',
  'county_receipt',
  'design_statement',
  'soil_test',
  'manure_analysis',
  'other',
]);

export const authTokenKind = pgEnum('auth_token_kind', ['verify_email', 'password_reset', 'invitation']);

export const digestFrequency = pgEnum('digest_frequency', ['immediate', 'daily', 'weekly']);

export const reminderKind = pgEnum('reminder_kind', [
  'update_due_60',
  'update_due_30',
  'update_due_7',
  'update_overdue',
  'new_owner_due',
]);
