import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './people';

// Append-only: a trigger (migration 0001) refuses UPDATE and DELETE on this table.
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    action: text('action').notNull(),
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
