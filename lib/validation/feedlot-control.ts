import { z } from 'zod';
import { FAMILY_RELATIONS, INTEREST_KINDS, MANAGEMENT_KINDS } from '@/db/schema/feedlots';
import { NOT_A_NUMBER, requiredText, toNumber } from './operations';

// The "Who owns and manages this operation" forms (Iowa Code 459A.103(1)"c", "d"): an ownership interest,
// a manager, a family link whose interests are attributed. Used by the client resolver and the server actions.

export const INTEREST_KIND_LABELS: Record<(typeof INTEREST_KINDS)[number], string> = {
  sole_proprietor: 'Sole proprietor',
  joint_tenant: 'Joint tenant',
  tenant_in_common: 'Tenant in common',
  equity: 'Equity interest (a share of a business)',
};
export const MANAGEMENT_KIND_LABELS: Record<(typeof MANAGEMENT_KINDS)[number], string> = {
  day_to_day_control: 'Significant control of day-to-day management',
  contractor_of_contract_facility: 'Contractor of a contract facility (not common management)',
};
export const RELATION_LABELS: Record<(typeof FAMILY_RELATIONS)[number], string> = {
  spouse: 'Spouse',
  dependent_child: 'Dependent child',
};
export const PARTY_KIND_LABELS = { person: 'A person', organization: 'A business' } as const;

export const SHARE_MISSING = 'Enter the equity share as a percentage from 0 to 100, for example 60';
export const SHARE_RANGE = 'An equity share is a percentage from 0 to 100';

const operationId = z.string().uuid('This operation could not be found');
const name = (message: string) => requiredText(message, 1, 200);

export const interestSchema = z
  .object({
    operationId,
    name: name('Enter the name of the person or business that holds the interest'),
    partyKind: z.enum(['person', 'organization'], { error: 'Choose whether this is a person or a business' }),
    kind: z.enum(INTEREST_KINDS, { error: 'Choose what kind of interest it is' }),
    // A percentage as typed; '' is "not answered". Only an equity interest has one.
    equityPercent: z.preprocess(toNumber, z.custom<number | undefined>((v) => v === undefined || typeof v === 'number')),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== 'equity') return;
    if (v.equityPercent === undefined) ctx.addIssue({ code: 'custom', path: ['equityPercent'], message: SHARE_MISSING });
    else if (Number.isNaN(v.equityPercent)) ctx.addIssue({ code: 'custom', path: ['equityPercent'], message: NOT_A_NUMBER });
    else if (!Number.isFinite(v.equityPercent) || v.equityPercent < 0 || v.equityPercent > 100) ctx.addIssue({ code: 'custom', path: ['equityPercent'], message: SHARE_RANGE });
  })
  .transform((v) => ({ ...v, equityPercent: v.kind === 'equity' ? v.equityPercent : undefined }));

export const managerSchema = z.object({
  operationId,
  name: name('Enter the name of the person or business that manages the operation'),
  partyKind: z.enum(['person', 'organization'], { error: 'Choose whether this is a person or a business' }),
  kind: z.enum(MANAGEMENT_KINDS, { error: 'Choose what kind of management it is' }),
});

export const familyLinkSchema = z
  .object({
    operationId,
    personName: name('Enter the name of the person'),
    relativeName: name('Enter the name of the spouse or child'),
    relation: z.enum(FAMILY_RELATIONS, { error: 'Choose spouse or dependent child' }),
  })
  .refine((v) => v.personName.toLowerCase() !== v.relativeName.toLowerCase(), { path: ['relativeName'], message: 'A person cannot be their own spouse or child: enter the relative’s name' });

export const removeControlSchema = z.object({
  operationId,
  what: z.enum(['interest', 'manager', 'link']),
  id: z.string().uuid('This record could not be found'),
});

export type InterestInput = z.infer<typeof interestSchema>;
export type ManagerInput = z.infer<typeof managerSchema>;
export type FamilyLinkInput = z.infer<typeof familyLinkSchema>;
export type RemoveControlInput = z.infer<typeof removeControlSchema>;
