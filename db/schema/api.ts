import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './people';
import { counties } from './reference';

// Requests counted per client address (or API token) and fixed window, in the database so a limit
// holds across app instances. Old windows are deleted as new ones are counted.
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), index('rate_limit_hits_window_idx').on(t.windowStart)],
);

// What an API token may read: the public status search; one county as its county official sees it;
// or an agency's grant (the counties listed, or the whole state when none are listed), read as the
// department reads filed plans.
export const apiTokenScope = pgEnum('api_token_scope', ['public', 'county', 'agency']);

// Tokens an administrator issues to another system. Only the SHA-256 of the secret is stored; the
// secret is shown once, when issued.
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    // The first characters of the secret, so a listed token can be told apart without revealing it.
    prefix: text('prefix').notNull(),
    scope: apiTokenScope('scope').notNull(),
    countyFips: text('county_fips').references(() => counties.fips),
    // An agency's granted counties; null = the whole state.
    agencyCounties: text('agency_counties').array(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id),
    revokedByUserId: uuid('revoked_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('api_tokens_county_idx').on(t.countyFips),
    index('api_tokens_created_by_idx').on(t.createdByUserId),
    index('api_tokens_revoked_by_idx').on(t.revokedByUserId),
    check('api_tokens_county_scope', sql`(${t.scope} = 'county') = (${t.countyFips} is not null)`),
    check('api_tokens_agency_counties', sql`${t.scope} = 'agency' or ${t.agencyCounties} is null`),
  ],
);
