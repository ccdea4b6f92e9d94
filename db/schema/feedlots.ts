import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, jsonb, numeric, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { animalCategory } from './enums';
import { parties } from './people';
import { operations } from './operations';

// Iowa Code 459A.103: the structures of an operation, who holds an interest in it or manages it, and
// the family links whose interests are attributed to a person. Read by lib/feedlots.

export const STRUCTURE_KINDS = [
  'confinement_building',
  'open_feedlot_lot',
  'settled_effluent_basin',
  'solids_settling_facility',
  'animal_truck_wash',
] as const;
export const INTEREST_KINDS = ['sole_proprietor', 'joint_tenant', 'tenant_in_common', 'equity'] as const;
export const MANAGEMENT_KINDS = ['day_to_day_control', 'contractor_of_contract_facility'] as const;
export const FAMILY_RELATIONS = ['spouse', 'dependent_child'] as const;

export const structureKind = pgEnum('structure_kind', STRUCTURE_KINDS);
export const interestKind = pgEnum('interest_kind', INTEREST_KINDS);
export const managementKind = pgEnum('management_kind', MANAGEMENT_KINDS);
export const familyRelation = pgEnum('family_relation', FAMILY_RELATIONS);

/** A GeoJSON polygon ring set as stored: [[[lon, lat], ...]], the first ring the outline. */
export type FootprintPolygon = { type: 'Polygon'; coordinates: number[][][] };

export const operationStructures = pgTable(
  'operation_structures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    kind: structureKind('kind').notNull(),
    name: text('name').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    // Drawn by the owner or the department; distances use it when present (459A.103(7): closest points).
    footprint: jsonb('footprint').$type<FootprintPolygon>(),
    // Iowa Code 459A.103(2): "constructed" on the earliest of these.
    excavationOn: date('excavation_on', { mode: 'string' }),
    formsInstalledOn: date('forms_installed_on', { mode: 'string' }),
    pipingInstalledOn: date('piping_installed_on', { mode: 'string' }),
    // Iowa Code 459A.103(6)
    abandoned: boolean('abandoned').notNull().default(false),
    abandonedOn: date('abandoned_on', { mode: 'string' }),
    // A confinement building's animals at capacity, so the open feedlot's own capacity can leave them
    // out (459A.103(3)"a"); null for any other structure, or when not given.
    animalCategory: animalCategory('animal_category'),
    headAtCapacity: integer('head_at_capacity'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operation_structures_operation_idx').on(t.operationId),
    check('operation_structures_latitude', sql`${t.latitude} between -90 and 90`),
    check('operation_structures_longitude', sql`${t.longitude} between -180 and 180`),
    check('operation_structures_head', sql`${t.headAtCapacity} is null or ${t.headAtCapacity} >= 0`),
  ],
);

// Iowa Code 459A.103(1)"c": ownership interests; an equity share is a fraction (0.5 = 50%).
export const operationInterests = pgTable(
  'operation_interests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id),
    kind: interestKind('kind').notNull(),
    equityShare: numeric('equity_share', { precision: 10, scale: 9, mode: 'number' }),
  },
  (t) => [
    index('operation_interests_operation_idx').on(t.operationId),
    index('operation_interests_party_idx').on(t.partyId),
    check('operation_interests_share', sql`${t.equityShare} is null or (${t.equityShare} >= 0 and ${t.equityShare} <= 1)`),
    check('operation_interests_equity_has_share', sql`${t.kind} <> 'equity' or ${t.equityShare} is not null`),
  ],
);

// Iowa Code 459A.103(1)"d": management control; a contractor's control of a contract facility is not common management.
export const operationManagers = pgTable(
  'operation_managers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id),
    kind: managementKind('kind').notNull(),
  },
  (t) => [index('operation_managers_operation_idx').on(t.operationId), index('operation_managers_party_idx').on(t.partyId)],
);

// Iowa Code 459A.103(1)"c"(2): a spouse's or dependent child's interest is attributed to the person.
export const partyFamilyLinks = pgTable(
  'party_family_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id),
    relativeId: uuid('relative_id')
      .notNull()
      .references(() => parties.id),
    relation: familyRelation('relation').notNull(),
  },
  (t) => [
    uniqueIndex('party_family_links_pair_idx').on(t.partyId, t.relativeId),
    check('party_family_links_not_self', sql`${t.partyId} <> ${t.relativeId}`),
  ],
);
