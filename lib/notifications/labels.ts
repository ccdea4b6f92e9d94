// Plain-words labels for the codes that emails (and pages) show.
import type { countyRelation, paymentMethod, planKind, updateKind, userRole } from '@/db/schema/enums';
import type { FeeCode } from '@/db/schema/codes';

export type { FeeCode };

export type PlanKind = (typeof planKind.enumValues)[number];
export type UpdateKind = (typeof updateKind.enumValues)[number];
export type PaymentMethod = (typeof paymentMethod.enumValues)[number];
export type UserRole = (typeof userRole.enumValues)[number];
export type CountyRelation = (typeof countyRelation.enumValues)[number];

const UPDATE_KINDS: Record<UpdateKind, string> = {
  complete_plan: 'Annual update — complete plan',
  no_change_statement: 'Annual update — no-change statement',
  list_of_changes: 'Annual update — list of changes',
};

/** IAC 567-65.110(3)"b"(3): an annual update is a complete plan, a no-change statement or a list of changes. */
export function planKindLabel(kind: PlanKind, update?: UpdateKind | null): string {
  if (kind === 'original') return 'Original manure management plan';
  return update ? UPDATE_KINDS[update] : 'Annual update';
}

export const FEE_LABELS: Record<FeeCode, string> = {
  mmp_filing: 'MMP filing fee',
  construction_permit_application: 'Construction permit application fee',
  annual_compliance: 'Annual compliance fee',
  indemnity: 'Manure storage indemnity fee',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  check: 'Check',
  ach: 'Bank transfer (ACH)',
  card: 'Credit or debit card',
  cash: 'Cash',
  other: 'Other',
};

// Lower-case role names for use inside a sentence ("invited as a county official").
export const ROLE_PHRASES: Record<UserRole, string> = {
  owner: 'operation owner',
  preparer: 'plan preparer',
  active_contractor: 'active contractor',
  department_staff: 'department staff member',
  department_supervisor: 'department supervisor',
  county_official: 'county official',
  admin: 'portal administrator',
};

/** How the plan touches the county, as a sentence ending: "is located in Sioux County". */
export function countyRelationPhrase(relations: CountyRelation[], countyName: string): string {
  const located = relations.includes('located_in');
  const applied = relations.includes('land_applied_in');
  const county = `${countyName} County`;
  if (located && applied) return `is located in ${county} and applies manure to land in ${county}`;
  if (located) return `is located in ${county}`;
  return `applies manure to land in ${county}`;
}
