import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { dueDatePolicy } from './enums';
import { operations } from './operations';
import { users } from './people';

// IAC 567-65.110(3)"b"(3): the department staggers annual update due dates. Append-only: the
// newest row for an operation is its due date; earlier rows are the history.
export const dueDateAssignments = pgTable(
  'due_date_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    policy: dueDatePolicy('policy').notNull(),
    reason: text('reason'),
    assignedByUserId: uuid('assigned_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('due_date_assignments_operation_idx').on(t.operationId, t.createdAt.desc(), t.id.desc()),
    index('due_date_assignments_due_idx').on(t.dueOn),
    index('due_date_assignments_assigned_by_idx').on(t.assignedByUserId),
  ],
);
