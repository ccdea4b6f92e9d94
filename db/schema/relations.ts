import { relations } from 'drizzle-orm';
import { auditEvents } from './audit';
import { feeLines, payments } from './fees';
import { attachments } from './files';
import { animalInventory, manureStorageStructures, operationAccessGrants, operations, ownerships } from './operations';
import { parties, users } from './people';
import {
  countyReceipts,
  planClockEvents,
  planCounties,
  planDeficiencies,
  plans,
  planSubmissions,
} from './plans';
import { counties, fieldOffices } from './reference';
import { dueDateAssignments } from './schedule';

export const fieldOfficesRelations = relations(fieldOffices, ({ many }) => ({ counties: many(counties) }));

export const countiesRelations = relations(counties, ({ one, many }) => ({
  fieldOffice: one(fieldOffices, { fields: [counties.fieldOfficeId], references: [fieldOffices.id] }),
  operations: many(operations),
}));

export const partiesRelations = relations(parties, ({ many }) => ({
  ownerships: many(ownerships),
  users: many(users),
}));

export const usersRelations = relations(users, ({ one, many }) => ({
  county: one(counties, { fields: [users.countyFips], references: [counties.fips] }),
  party: one(parties, { fields: [users.partyId], references: [parties.id] }),
  grants: many(operationAccessGrants, { relationName: 'grantee' }),
}));

export const operationsRelations = relations(operations, ({ one, many }) => ({
  county: one(counties, { fields: [operations.countyFips], references: [counties.fips] }),
  activeContractor: one(parties, { fields: [operations.activeContractorId], references: [parties.id] }),
  inventory: many(animalInventory),
  structures: many(manureStorageStructures),
  ownerships: many(ownerships),
  grants: many(operationAccessGrants),
  plans: many(plans),
  dueDates: many(dueDateAssignments),
  fees: many(feeLines),
  attachments: many(attachments),
}));

export const animalInventoryRelations = relations(animalInventory, ({ one }) => ({
  operation: one(operations, { fields: [animalInventory.operationId], references: [operations.id] }),
}));

export const manureStorageStructuresRelations = relations(manureStorageStructures, ({ one }) => ({
  operation: one(operations, { fields: [manureStorageStructures.operationId], references: [operations.id] }),
}));

export const ownershipsRelations = relations(ownerships, ({ one }) => ({
  operation: one(operations, { fields: [ownerships.operationId], references: [operations.id] }),
  owner: one(parties, { fields: [ownerships.ownerId], references: [parties.id] }),
}));

export const operationAccessGrantsRelations = relations(operationAccessGrants, ({ one }) => ({
  operation: one(operations, { fields: [operationAccessGrants.operationId], references: [operations.id] }),
  user: one(users, { fields: [operationAccessGrants.userId], references: [users.id], relationName: 'grantee' }),
}));

export const plansRelations = relations(plans, ({ one, many }) => ({
  operation: one(operations, { fields: [plans.operationId], references: [operations.id] }),
  previousPlan: one(plans, { fields: [plans.previousPlanId], references: [plans.id] }),
  reviewer: one(users, { fields: [plans.reviewerUserId], references: [users.id] }),
  counties: many(planCounties),
  countyReceipts: many(countyReceipts),
  clockEvents: many(planClockEvents),
  submissions: many(planSubmissions),
  deficiencies: many(planDeficiencies),
  fees: many(feeLines),
  attachments: many(attachments),
}));

export const planCountiesRelations = relations(planCounties, ({ one }) => ({
  plan: one(plans, { fields: [planCounties.planId], references: [plans.id] }),
  county: one(counties, { fields: [planCounties.countyFips], references: [counties.fips] }),
}));

export const countyReceiptsRelations = relations(countyReceipts, ({ one }) => ({
  plan: one(plans, { fields: [countyReceipts.planId], references: [plans.id] }),
  county: one(counties, { fields: [countyReceipts.countyFips], references: [counties.fips] }),
}));

export const planClockEventsRelations = relations(planClockEvents, ({ one }) => ({
  plan: one(plans, { fields: [planClockEvents.planId], references: [plans.id] }),
}));

export const feeLinesRelations = relations(feeLines, ({ one, many }) => ({
  operation: one(operations, { fields: [feeLines.operationId], references: [operations.id] }),
  plan: one(plans, { fields: [feeLines.planId], references: [plans.id] }),
  payer: one(parties, { fields: [feeLines.payerPartyId], references: [parties.id] }),
  payments: many(payments),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  feeLine: one(feeLines, { fields: [payments.feeLineId], references: [feeLines.id] }),
}));

export const attachmentsRelations = relations(attachments, ({ one }) => ({
  operation: one(operations, { fields: [attachments.operationId], references: [operations.id] }),
  plan: one(plans, { fields: [attachments.planId], references: [plans.id] }),
}));

export const dueDateAssignmentsRelations = relations(dueDateAssignments, ({ one }) => ({
  operation: one(operations, { fields: [dueDateAssignments.operationId], references: [operations.id] }),
}));

export const auditEventsRelations = relations(auditEvents, ({ one }) => ({
  actor: one(users, { fields: [auditEvents.actorUserId], references: [users.id] }),
}));

export const planSubmissionsRelations = relations(planSubmissions, ({ one }) => ({
  plan: one(plans, { fields: [planSubmissions.planId], references: [plans.id] }),
}));

export const planDeficienciesRelations = relations(planDeficiencies, ({ one }) => ({
  plan: one(plans, { fields: [planDeficiencies.planId], references: [plans.id] }),
}));
