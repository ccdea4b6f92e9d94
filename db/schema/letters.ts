import { customType, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { planDecision } from './enums';
import { users } from './people';
import { plans } from './plans';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

// IAC 567-65.110(4): the decision letter as sent, rendered to PDF once when the decision is made and
// kept with it, so what the owner downloads years later is what the department sent. Its SHA-256
// is also in the decision's audit event. Never updated (a trigger in the migration refuses it).
export const decisionLetters = pgTable(
  'decision_letters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    decision: planDecision('decision').notNull(),
    decidedOn: date('decided_on', { mode: 'string' }).notNull(),
    pdf: bytea('pdf').notNull(),
    sha256: text('sha256').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('decision_letters_plan_idx').on(t.planId)],
);
