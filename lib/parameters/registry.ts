import { z } from 'zod';

// The parameters an administrator maintains in the portal, effective-dated in parameter_values.
// lib/rules holds each one's default record (with its source); a staff row supersedes it from its
// effective date. The fund balance has no default: the department enters it as it changes.

export const SCHEDULE_APPLIES_TO = ['all', 'with_construction_permit', 'without_construction_permit'] as const;
export type ScheduleAppliesTo = (typeof SCHEDULE_APPLIES_TO)[number];

export const APPLIES_TO_LABELS: Record<ScheduleAppliesTo, string> = {
  all: 'Every operation that owes it',
  with_construction_permit: 'Operations with a construction permit',
  without_construction_permit: 'Operations without a construction permit',
};

export const indemnityRateSchema = z.object({
  description: z.string().trim().min(1).max(200),
  /** Cents per animal unit of capacity; may carry fractions of a cent (e.g. 1.5). */
  centsPerAnimalUnit: z.number().min(0).max(100_000),
  appliesTo: z.enum(SCHEDULE_APPLIES_TO).default('all'),
});
export type IndemnityRate = z.infer<typeof indemnityRateSchema>;

const cents = z.number().int().min(0).max(1_000_000_000_000);

/** The appeal paragraph of decision letters: {deadline} in the text becomes the last day to appeal. */
export const appealNoticeSchema = z.object({
  days: z.number().int().min(1).max(365),
  text: z.string().trim().min(20).max(2000),
});

export const STAFF_PARAMETERS = {
  'indemnity.fee_schedule': {
    label: 'Manure storage indemnity fee schedule',
    unit: 'cents per animal unit',
    citation: 'Iowa Code 459.503; IAC 567-65.110(6)',
    schema: z.array(indemnityRateSchema),
    hasRulesDefault: true,
  },
  'indemnity.fund_suspend_above_cents': {
    label: 'Indemnity fee collection is suspended while the fund exceeds',
    unit: 'cents',
    citation: 'Iowa Code 459.503A',
    schema: cents,
    hasRulesDefault: true,
  },
  'indemnity.fund_resume_below_cents': {
    label: 'Indemnity fee collection resumes when the fund falls below',
    unit: 'cents',
    citation: 'Iowa Code 459.503A',
    schema: cents,
    hasRulesDefault: true,
  },
  'appeal.notice': {
    label: 'Appeal paragraph of decision letters',
    unit: 'text and calendar days',
    citation: 'Iowa Code chapter 17A; 567 IAC chapter 7',
    schema: appealNoticeSchema,
    hasRulesDefault: true,
  },
  'indemnity.fund_balance_cents': {
    label: 'Manure storage indemnity fund balance',
    unit: 'cents',
    citation: 'Iowa Code 459.503A',
    schema: cents,
    hasRulesDefault: false,
  },
} as const;

export type StaffParameterKey = keyof typeof STAFF_PARAMETERS;
export type StaffParameterValue<K extends StaffParameterKey> = z.infer<(typeof STAFF_PARAMETERS)[K]['schema']>;
export const STAFF_PARAMETER_KEYS = Object.keys(STAFF_PARAMETERS) as StaffParameterKey[];

export function isStaffParameterKey(key: string): key is StaffParameterKey {
  return Object.hasOwn(STAFF_PARAMETERS, key);
}
