import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authTokenKind, userRole } from './enums';
import { users } from './people';
import { counties } from './reference';

// Single-use links sent by email: verify an address, reset a password, accept an invitation.
// Only a hash of the token is stored.
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: authTokenKind('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id),
    // An invitation names the account to create.
    role: userRole('role'),
    countyFips: text('county_fips').references(() => counties.fips),
    name: text('name'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_tokens_user_idx').on(t.userId),
    index('auth_tokens_email_idx').on(sql`lower(${t.email})`),
    index('auth_tokens_county_idx').on(t.countyFips),
    index('auth_tokens_created_by_idx').on(t.createdByUserId),
  ],
);

// Sign-in attempts, kept in the database so the throttle holds across app instances.
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    ipAddress: text('ip_address').notNull(),
    succeeded: boolean('succeeded').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_attempts_email_idx').on(t.email, t.attemptedAt),
    index('sign_in_attempts_ip_idx').on(t.ipAddress, t.attemptedAt),
  ],
);

// One row per signed-in browser session. The session cookie carries the row's id; every request
// checks it, so signing out (which revokes the row) ends that session on the server, and a copy of
// the cookie stops working with it.
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId)],
);

// A second sign-in factor. Today an authenticator app (TOTP); a passkey would be another kind.
export const secondFactorKind = pgEnum('second_factor_kind', ['totp']);

// One factor of each kind per account. The secret is encrypted (lib/auth/totp); a row without
// confirmed_at is an enrolment not finished yet and is not asked for at sign-in. last_used_step is
// the time-step of the last code taken: that code and older ones are refused (no replay).
export const userSecondFactors = pgTable(
  'user_second_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: secondFactorKind('kind').notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_second_factors_user_kind_idx').on(t.userId, t.kind)],
);

// Ten one-time codes given at enrolment, for a lost phone. Only a hash is stored; a used code stays
// (with used_at) so the account's history shows when it was used.
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

/**
 * Passkeys (WebAuthn): a second factor like the authenticator app, kept as the credential's id and
 * public key (never a secret). The counter is the authenticator's signature count, when it keeps one.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_idx').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/** The one live WebAuthn challenge of an account for each purpose, valid for a few minutes and taken once. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('webauthn_challenges_user_purpose_idx').on(t.userId, t.purpose)],
);
