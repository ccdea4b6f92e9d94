import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './people';

/**
 * Every kind of event the audit log records, one catalogue so a misspelt or unknown action does not
 * compile. Grouped by what it is about; a new kind of event is added here first.
 */
export const AUDIT_ACTIONS = [
  'plan.filing_disputed',
  'auth.recovery_codes_renewed', 'auth.second_factor_enrolled', 'auth.second_factor_refused', 'auth.second_factor_removed', 'auth.second_factor_reset',
  'copy_of_record.mismatch',
  'access.granted', 'access.granted_all', 'access.revoked', 'access.revoked_all',
  'account.calendar_feed_created', 'account.calendar_feed_revoked', 'account.notification_preferences_changed', 'account.unsubscribed',
  'api_token.issued', 'api_token.revoked',
  'application.imported', 'application.recorded',
  'attachment.removed', 'attachment.uploaded',
  'auth.denied', 'auth.sign_in', 'auth.sign_out', 'auth.sign_out_everywhere',
  'due_date.assigned', 'due_date.overridden',
  'email.unsubscribed',
  'family_link.add', 'family_link.remove',
  'fee.imported', 'fee.payment_recorded', 'fee.payment_refunded',
  'field_office.contact_set',
  'import.applied', 'import.checked', 'import.interrupted',
  'job.daily_run',
  'operation.edited', 'operation.edited_safo_ended', 'operation.effluent_system', 'operation.import_changed', 'operation.imported', 'operation.ownership_transferred', 'operation.registered', 'operation.registered_for_client', 'operation.registration_accepted', 'operation.registration_answer_refused', 'operation.registration_declined', 'operation.registration_resent', 'operation.registration_withdrawn', 'operation.safo_election_ended',
  'operation_interest.add', 'operation_interest.remove',
  'operation_manager.add', 'operation_manager.remove',
  'owner_claim.issued', 'owner_claim.redeemed', 'owner_claim.refused_other_address',
  'owner_contact.import_changed',
  'ownership.imported',
  'parameter.set',
  'party.mailing_address_set',
  'payment.checkout_opened', 'payment.refunded', 'payment.refused',
  'plan.approved', 'plan.county_receipt_recorded', 'plan.deficiencies_answered', 'plan.disapproved', 'plan.found_complete', 'plan.resubmitted', 'plan.returned_incomplete', 'plan.reviewer_assigned', 'plan.seeded', 'plan.started', 'plan.submitted', 'plan.withdrawn',
  'plan_history.import_changed', 'plan_history.imported',
  'reference.county_yields_recorded', 'reference.crop_factor_recorded',
  'signatory.named', 'signatory.revoked', 'plan.signed', 'plan.signature_requested', 'signing.refused', 'signing.locked',
  'signature_agreement.accepted',
  'statement.confirmed_by_landowner', 'statement.requested',
  'structure.add', 'structure.edit',
  'transfer.accepted_by_owner', 'transfer.confirmed', 'transfer.disputed_by_owner', 'transfer.refused', 'transfer.requested',
  'user.disabled', 'user.email_verified', 'user.enabled', 'user.invitation_accepted', 'user.invited', 'user.password_reset', 'user.registered', 'user.registration_refused_existing', 'user.role_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

// Append-only: a trigger (migration 0001) refuses UPDATE and DELETE on this table.
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    action: text('action').$type<AuditAction>().notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ipAddress: text('ip_address'),
  },
  (t) => [
    index('audit_events_entity_idx').on(t.entityType, t.entityId, t.id),
    index('audit_events_actor_idx').on(t.actorUserId),
    index('audit_events_occurred_idx').on(t.occurredAt),
  ],
);
