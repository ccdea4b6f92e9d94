// Catalogues of codes shared by the database enums and the forms' validation. Nothing here imports
// the database driver, so a form's schema in the browser can use them.

/** Every fee the portal bills (IAC 567-65.110(7), (3)"c" and (6)): the one catalogue of fee codes. */
export const FEE_CODES = ['mmp_filing', 'construction_permit_application', 'annual_compliance', 'indemnity'] as const;
export type FeeCode = (typeof FEE_CODES)[number];

/**
 * A plan's lifecycle (IAC 567-65.110): drafted, filed, returned as incomplete or taken under review,
 * then decided; or withdrawn. The named subsets below are the ones the portal's rules act on.
 */
export const PLAN_STATUSES = ['draft', 'submitted', 'incomplete', 'under_review', 'approved', 'disapproved', 'withdrawn'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** Filed and not yet decided: with the department, on its worklist. */
export const WITH_DEPARTMENT_STATUSES = ['submitted', 'under_review', 'incomplete'] as const satisfies readonly PlanStatus[];
/** A plan the owner may still change: a draft, or one the department returned or disapproved. */
export const EDITABLE_STATUSES = ['draft', 'incomplete', 'disapproved'] as const satisfies readonly PlanStatus[];
/** A plan still in play: starting another for the same operation would compete with it. */
export const OPEN_STATUSES = ['draft', 'submitted', 'incomplete', 'under_review', 'disapproved'] as const satisfies readonly PlanStatus[];
/** Every status a filed plan can have (all but a draft): what the public and the API show. */
export const FILED_STATUSES = ['submitted', 'incomplete', 'under_review', 'approved', 'disapproved', 'withdrawn'] as const satisfies readonly PlanStatus[];
