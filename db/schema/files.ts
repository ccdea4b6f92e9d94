import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { attachmentKind } from './enums';
import { operations } from './operations';
import { users } from './people';
import { plans } from './plans';
import { ownershipTransfers } from './transfers';

// Metadata of an uploaded file; the bytes live in attachment storage under storageKey.
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id),
    planId: uuid('plan_id').references(() => plans.id),
    // Evidence filed with an ownership transfer request (a bill of sale, a deed): read through the
    // request, never through the operation, whose owner may not be the one who filed it.
    transferId: uuid('transfer_id').references(() => ownershipTransfers.id),
    kind: attachmentKind('kind').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attachments_operation_idx').on(t.operationId),
    index('attachments_plan_idx').on(t.planId),
    index('attachments_uploaded_by_idx').on(t.uploadedByUserId),
    index('attachments_transfer_idx').on(t.transferId),
    check('attachments_plan_or_transfer', sql`${t.planId} is null or ${t.transferId} is null`),
    // 20 MB upload limit.
    check('attachments_size_limit', sql`${t.sizeBytes} > 0 and ${t.sizeBytes} <= 20971520`),
  ],
);
