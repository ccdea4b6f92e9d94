import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { partyKind, userRole } from './enums';
import { counties } from './reference';

// Owners, active contractors (Iowa Code 202.1) and other people or organizations named in plans.
export const parties = pgTable(
  'parties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: partyKind('kind').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    mailingAddress: text('mailing_address'),
    isActiveContractor: boolean('is_active_contractor').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('parties_name_idx').on(t.name), index('parties_active_contractor_idx').on(t.isActiveContractor)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    role: userRole('role').notNull(),
    // A county official acts for one county's board of supervisors.
    countyFips: text('county_fips').references(() => counties.fips),
    // The owner or active contractor this account speaks for.
    partyId: uuid('party_id').references(() => parties.id),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // Bumped on sign-out everywhere, password reset or role change: older sessions stop working.
    sessionVersion: integer('session_version').notNull().default(1),
    // A county official's "received since you last looked" list starts here.
    countyLastViewedAt: timestamp('county_last_viewed_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    index('users_county_idx').on(t.countyFips),
    index('users_party_idx').on(t.partyId),
    check('users_county_official_has_county', sql`${t.role} <> 'county_official' or ${t.countyFips} is not null`),
  ],
);
