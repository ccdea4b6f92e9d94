// The API's request and response shapes as zod schemas: the OpenAPI document is generated from
// them (lib/api/openapi.ts), and the rules endpoints parse their bodies with them.
import { z } from 'zod';
import { ANIMAL_CATEGORY_IDS } from '@/lib/rules';
import { FILED_STATUSES } from '@/db/schema/codes';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).meta({ description: 'ISO calendar date', example: '2026-03-01' });
const nullableDate = date.nullable();
const status = z.enum(FILED_STATUSES);

export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string().optional(),
    errors: z.array(z.object({ pointer: z.string(), detail: z.string() })).optional(),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details' });

const page = <T extends z.ZodType>(item: T, id: string) =>
  z.object({ items: z.array(item), next: z.string().nullable().meta({ description: 'Cursor of the next page; null on the last page' }) }).meta({ id });

export const Deadline = z
  .object({ lastDay: date, day: date, extended: z.boolean(), citation: z.string(), reason: z.string() })
  .meta({ id: 'Deadline', description: 'The last day the rule counts to, and the day it runs to under Iowa Code 4.1(34)' });

export const PublicStatus = z
  .object({
    facilityId: z.string().nullable(),
    name: z.string(),
    countyFips: z.string(),
    countyName: z.string(),
    animalUnitCapacity: z.number(),
    planStatus: status.nullable(),
    approvedPlanInForce: z.boolean().meta({ description: 'IAC 567-65.110(5): an approved plan is in force, whatever the latest filing\'s status' }),
    lastApprovedOn: nullableDate,
    nextDueOn: nullableDate,
  })
  .meta({ id: 'PublicStatus', description: 'What the public status search shows of one operation' });
export const PublicStatusPage = page(PublicStatus, 'PublicStatusPage');

export const Operation = z
  .object({
    id: z.uuid(),
    facilityId: z.string().nullable(),
    name: z.string(),
    kind: z.enum(['confinement', 'open_feedlot']),
    county: z.object({ fips: z.string(), name: z.string() }),
    legalLocation: z.object({ township: z.string().nullable(), range: z.string().nullable(), section: z.number().int().nullable(), quarterSection: z.string().nullable() }),
    address911: z.string().nullable(),
    headAtCapacity: z.record(z.enum(ANIMAL_CATEGORY_IDS), z.number().int()),
    animalUnitCapacity: z.number().meta({ description: 'Iowa Code 459.102, computed by the rules library' }),
    constructedOn: nullableDate,
    lastExpandedOn: nullableDate,
    constructionPermitStatus: z.enum(['not_required', 'required_not_applied', 'applied', 'issued']),
    contractProducer: z.boolean(),
    safoElectionInForce: z.boolean(),
    planStatus: status.nullable(),
    lastApprovedOn: nullableDate,
    nextUpdateDue: Deadline.nullable(),
    manureRemoval: z
      .object({
        allowed: z.boolean(),
        until: nullableDate.meta({ description: 'IAC 567-65.110(1)"d": for a new owner, the last day removal is allowed under the previous owner\'s plan unless the new owner\'s original plan is submitted first' }),
        citation: z.string(),
        reason: z.string(),
      })
      .meta({ description: 'IAC 567-65.110(5): may manure be removed from storage today' }),
  })
  .meta({ id: 'Operation' });
export const OperationPage = page(Operation, 'OperationPage');

export const PlanSummary = z
  .object({
    id: z.uuid(),
    referenceNumber: z.string(),
    operationId: z.uuid(),
    facilityId: z.string().nullable(),
    kind: z.enum(['original', 'annual_update']),
    updateKind: z.enum(['complete_plan', 'no_change_statement', 'list_of_changes']).nullable(),
    channel: z.enum(['electronic', 'hard_copy']),
    status,
    animalUnitCapacity: z.number().nullable(),
    submittedOn: nullableDate,
    receivedOn: nullableDate,
    completeReceivedOn: nullableDate,
    decisionDueOn: nullableDate,
    decidedOn: nullableDate,
    decision: z.enum(['approved', 'disapproved']).nullable(),
  })
  .meta({ id: 'PlanSummary' });
export const PlanSummaryPage = page(PlanSummary, 'PlanSummaryPage');

export const Plan = PlanSummary.extend({
  decisionReasons: z.string().nullable(),
  document: z
    .object({
      source: z.enum(['submission', 'plan_tables']),
      submittedOn: nullableDate,
      animalUnitCapacity: z.number().nullable(),
      // The one plan document every audience reads (lib/plans/document).
      document: z.object({
        contacts: z.array(z.record(z.string(), z.unknown())),
        production: z.record(z.string(), z.unknown()),
        fields: z.array(z.record(z.string(), z.unknown())),
        agreements: z.array(z.record(z.string(), z.unknown())),
        stockpiles: z.array(z.record(z.string(), z.unknown())),
        soilLossPractices: z.string(),
        constructionBeginsOn: z.string().optional(),
      }),
      changes: z.array(z.object({ path: z.string(), label: z.string(), before: z.string().nullable(), after: z.string().nullable() })),
    })
    .nullable()
    .meta({ description: 'The plan as filed' }),
}).meta({ id: 'Plan' });

export const Decision = z
  .object({
    planId: z.uuid(),
    referenceNumber: z.string(),
    operationId: z.uuid(),
    facilityId: z.string().nullable(),
    kind: z.enum(['original', 'annual_update']),
    decision: z.enum(['approved', 'disapproved']),
    decidedOn: date,
    reasons: z.string().nullable(),
  })
  .meta({ id: 'Decision' });
export const DecisionPage = page(Decision, 'DecisionPage');

export const DueDate = z
  .object({ operationId: z.uuid(), facilityId: z.string().nullable(), name: z.string(), policy: z.string(), due: Deadline })
  .meta({ id: 'DueDate', description: 'An operation’s next annual update due date (IAC 567-65.110(3)"b"(3))' });
export const DueDatePage = page(DueDate, 'DueDatePage');

// Rules endpoints: the bodies are the rules library's own inputs (docs/rules-api).
const heads = z.partialRecord(z.enum(ANIMAL_CATEGORY_IDS), z.number()).meta({ description: 'Head at capacity per Iowa Code 459.102 category' });

export const AnimalUnitsRequest = z.object({ headAtCapacity: heads }).meta({ id: 'AnimalUnitsRequest' });
export const AnimalUnitsResponse = z.object({ animalUnitCapacity: z.number(), citation: z.string() }).meta({ id: 'AnimalUnitsResponse' });

export const FeesRequest = z
  .object({
    filing: z.object({ kind: z.enum(['original', 'update']), constructionPermitRequired: z.boolean() }).optional(),
    annualCompliance: z.object({ animalUnitCapacity: z.number(), contractProducer: z.boolean(), safoElection: z.boolean().optional() }).optional(),
  })
  .meta({ id: 'FeesRequest' });
const FeeLine = z.object({ code: z.string(), cents: z.number().int(), citation: z.string() });
export const FeesResponse = z
  .object({
    filing: z.object({ lines: z.array(FeeLine), totalCents: z.number().int() }).nullable(),
    annualCompliance: z.object({ cents: z.number().int(), payer: z.enum(['owner', 'active_contractor']), citation: z.string() }).nullable(),
  })
  .meta({ id: 'FeesResponse' });

export const MmpRequirementRequest = z
  .object({
    filer: z.enum(['construction_permit_applicant', 'confinement_owner', 'out_of_state_manure_applier', 'new_owner']),
    animalUnitCapacity: z.number(),
    eggWashwaterStructureOnly: z.boolean().optional(),
    constructedOn: date.optional(),
    lastExpandedOn: date.optional(),
    buildsManureStorageStructure: z.boolean().optional(),
    newStructureIncreasesManureVolume: z.boolean().optional(),
    newStructureChangesAnimalCategory: z.boolean().optional(),
    outOfStateOperationIsSmall: z.boolean().optional(),
    acquiredOn: date.optional(),
    researchCollegeActivity: z.boolean().optional(),
  })
  .meta({ id: 'MmpRequirementRequest' });
export const MmpRequirementResponse = z
  .object({ required: z.boolean(), dueOn: date.optional(), citation: z.string(), reason: z.string() })
  .meta({ id: 'MmpRequirementResponse' });

const distanceKinds = ['terrace_tile_inlet', 'surface_tile_inlet', 'designated_area', 'high_quality_water_resource', 'agricultural_drainage_well', 'known_sinkhole'] as const;
export const StockpileRequest = z
  .object({
    distancesFt: z.partialRecord(z.enum(distanceKinds), z.number()),
    tileInletDischargesToWater: z.boolean().optional(),
    runoffCannotReachTileInlet: z.boolean().optional(),
    runoffCannotReachDesignatedArea: z.boolean().optional(),
    inGrassedWaterway: z.boolean().optional(),
    slopePercent: z.number().optional(),
    runoffContainmentPractices: z.boolean().optional(),
  })
  .meta({ id: 'StockpileRequest' });
export const StockpileResponse = z
  .object({
    compliant: z.boolean(),
    violations: z.array(
      z.object({
        code: z.enum(['tile_inlet_distance', 'designated_area_distance', 'grassed_waterway', 'slope']),
        requiredFt: z.number().optional(),
        actualFt: z.number().optional(),
        citation: z.string(),
        message: z.string(),
      }),
    ),
  })
  .meta({ id: 'StockpileResponse' });
