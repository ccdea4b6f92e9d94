import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { animalCategory, constructionPermitStatus, operationKind, operationRegistrationStatus, storageKind } from './enums';
import { parties, users } from './people';
import { counties } from './reference';

export const operations = pgTable(
  'operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    // The department's facility ID, assigned when the operation is registered with it.
    facilityId: text('facility_id').unique(),
    kind: operationKind('kind').notNull(),
    countyFips: text('county_fips')
      .notNull()
      .references(() => counties.fips),
    township: text('township'),
    range: text('range'),
    section: integer('section'),
    quarterSection: text('quarter_section'),
    address911: text('address_911'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    constructedOn: date('constructed_on', { mode: 'string' }),
    lastExpandedOn: date('last_expanded_on', { mode: 'string' }),
    constructionPermitStatus: constructionPermitStatus('construction_permit_status').notNull().default('not_required'),
    // Iowa Code ch. 202: a contract producer's annual compliance fee is paid by its active contractor.
    contractProducer: boolean('contract_producer').notNull().default(false),
    activeContractorId: uuid('active_contractor_id').references(() => parties.id),
    // IAC 567-65.110(1)"e"(1)
    researchCollege: boolean('research_college').notNull().default(false),
    // IAC 567-65.110(1)"e"(2): SAFO election for updates and fees, ends once > 500 AU are housed.
    safoElectedOn: date('safo_elected_on', { mode: 'string' }),
    safoEndedOn: date('safo_ended_on', { mode: 'string' }),
    safoEndReason: text('safo_end_reason'),
    peakAnimalUnitsHoused: numeric('peak_animal_units_housed', { precision: 12, scale: 4, mode: 'number' }),
    // The day that many were housed: an election ends on the day of the excess, not the day it is recorded.
    peakHousedOn: date('peak_housed_on', { mode: 'string' }),
    // Iowa Code 459A.103(1)"b"(2): a label for the area or system used for effluent disposal; open
    // feedlots that give the same label use a common one.
    effluentSystemLabel: text('effluent_system_label'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    // 'awaiting_owner': registered by a preparer for a client who has not accepted it yet (lib/registrations).
    registrationStatus: operationRegistrationStatus('registration_status').notNull().default('registered'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operations_county_idx').on(t.countyFips),
    index('operations_name_idx').on(t.name),
    index('operations_kind_idx').on(t.kind),
    index('operations_active_contractor_idx').on(t.activeContractorId),
    index('operations_created_by_idx').on(t.createdByUserId),
    check('operations_section_range', sql`${t.section} is null or (${t.section} between 1 and 36)`),
    check(
      'operations_expanded_after_constructed',
      sql`${t.lastExpandedOn} is null or ${t.constructedOn} is null or ${t.lastExpandedOn} >= ${t.constructedOn}`,
    ),
    check('operations_contractor_needs_contract', sql`${t.activeContractorId} is null or ${t.contractProducer}`),
  ],
);

// Head at capacity per Iowa Code 459.102 category; AU capacity is computed by lib/rules.
export const animalInventory = pgTable(
  'animal_inventory',
  {
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    category: animalCategory('category').notNull(),
    headAtCapacity: integer('head_at_capacity').notNull(),
  },
  (t) => [
    uniqueIndex('animal_inventory_operation_category_idx').on(t.operationId, t.category),
    check('animal_inventory_head_nonnegative', sql`${t.headAtCapacity} >= 0`),
  ],
);

export const manureStorageStructures = pgTable(
  'manure_storage_structures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: storageKind('kind').notNull(),
    capacityGallons: integer('capacity_gallons'),
    constructedOn: date('constructed_on', { mode: 'string' }),
  },
  (t) => [
    index('manure_storage_structures_operation_idx').on(t.operationId),
    check('manure_storage_capacity_nonnegative', sql`${t.capacityGallons} is null or ${t.capacityGallons} >= 0`),
  ],
);

// Who owned the operation and when; the current owner has releasedOn null.
export const ownerships = pgTable(
  'ownerships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => parties.id),
    acquiredOn: date('acquired_on', { mode: 'string' }).notNull(),
    releasedOn: date('released_on', { mode: 'string' }),
  },
  (t) => [
    index('ownerships_operation_idx').on(t.operationId),
    index('ownerships_owner_idx').on(t.ownerId),
    uniqueIndex('ownerships_one_current_idx').on(t.operationId).where(sql`${t.releasedOn} is null`),
    check('ownerships_dates_ordered', sql`${t.releasedOn} is null or ${t.releasedOn} >= ${t.acquiredOn}`),
  ],
);

// A preparer acts for an owner on one operation until the grant is revoked.
export const operationAccessGrants = pgTable(
  'operation_access_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    grantedByUserId: uuid('granted_by_user_id')
      .notNull()
      .references(() => users.id),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    // The last day the preparer may act (an Iowa calendar date); none: until revoked.
    endsOn: date('ends_on', { mode: 'string' }),
  },
  (t) => [
    index('operation_access_grants_operation_idx').on(t.operationId),
    index('operation_access_grants_user_idx').on(t.userId),
    index('operation_access_grants_granted_by_idx').on(t.grantedByUserId),
  ],
);

// An owner lets a preparer act for all of her operations, those she owns now and those she
// registers or acquires later, until the end date or until revoked. It follows the ownership: an
// operation she transfers leaves the grant with her.
export const ownerPreparerGrants = pgTable(
  'owner_preparer_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerPartyId: uuid('owner_party_id')
      .notNull()
      .references(() => parties.id),
    preparerUserId: uuid('preparer_user_id')
      .notNull()
      .references(() => users.id),
    grantedByUserId: uuid('granted_by_user_id')
      .notNull()
      .references(() => users.id),
    endsOn: date('ends_on', { mode: 'string' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('owner_preparer_grants_owner_idx').on(t.ownerPartyId),
    index('owner_preparer_grants_preparer_idx').on(t.preparerUserId),
    index('owner_preparer_grants_granted_by_idx').on(t.grantedByUserId),
    uniqueIndex('owner_preparer_grants_one_active_idx').on(t.ownerPartyId, t.preparerUserId).where(sql`${t.revokedAt} is null`),
  ],
);
