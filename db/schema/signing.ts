import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { operations } from './operations';
import { users } from './people';
import { planSubmissions } from './plans';

// Who may sign an operation's plans (DNR form 542-4000's signature and certification), and each
// signatory's acceptance of the electronic signature agreement (40 CFR 3.2000(b)(5)(vii)).

/**
 * A person the owner of record names as authorized to sign for the operation (an officer of a
 * business association, or a preparer the owner trusts to sign). The owner's own accounts may always
 * sign and are not listed. Never deleted: a revocation is kept with who made it and when.
 */
export const operationSignatories = pgTable(
  'operation_signatories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** In what capacity they sign, as the owner wrote it: "President, Van Zee Farms Inc.". */
    capacity: text('capacity').notNull(),
    namedByUserId: uuid('named_by_user_id')
      .notNull()
      .references(() => users.id),
    namedAt: timestamp('named_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedByUserId: uuid('revoked_by_user_id').references(() => users.id),
  },
  (t) => [
    index('operation_signatories_operation_idx').on(t.operationId),
    uniqueIndex('operation_signatories_active_uq').on(t.operationId, t.userId).where(sql`${t.revokedAt} is null`),
  ],
);

/** One acceptance per person and agreement version: the text's hash is kept with it. */
export const signatureAgreementAcceptances = pgTable(
  'signature_agreement_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    version: text('version').notNull(),
    textSha256: text('text_sha256').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
  },
  (t) => [uniqueIndex('signature_agreement_user_version_uq').on(t.userId, t.version)],
);

/**
 * The signature on a submission (DNR form 542-4000's certification, signed electronically): who
 * signed, in what capacity, when, the SHA-256 of exactly the document they read, and the version and
 * hash of the certification text they saw; the second factor they gave at signing. Write-once.
 */
export const planSignatures = pgTable(
  'plan_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planSubmissionId: uuid('plan_submission_id')
      .notNull()
      .unique()
      .references(() => planSubmissions.id),
    signerUserId: uuid('signer_user_id')
      .notNull()
      .references(() => users.id),
    signerName: text('signer_name').notNull(),
    signerEmail: text('signer_email').notNull(),
    capacity: text('capacity').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    documentSha256: text('document_sha256').notNull(),
    certificationVersion: text('certification_version').notNull(),
    certificationSha256: text('certification_sha256').notNull(),
    /** How the signer proved it was them beyond the session: password and an authenticator code, or a recovery code. */
    factor: text('factor').notNull(),
  },
  (t) => [index('plan_signatures_signer_idx').on(t.signerUserId)],
);

/** Wrong passwords or codes given at signing, per account: five lock signing for a while. */
export const signingLockouts = pgTable('signing_lockouts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
