import type { Role } from './roles';

// Every write the portal exposes, the reads a route or export is gated on, who may do it, and what record it acts on. Server actions and
// route handlers call authorize() with one of these; the authorization matrix test is generated
// from this table, so a new action cannot be added without its row.
export type TargetKind = 'none' | 'operation' | 'plan';

const DEPT: Role[] = ['department_staff', 'department_supervisor'];
const FILER: Role[] = ['owner', 'preparer'];
const EVERYONE: Role[] = ['owner', 'preparer', 'active_contractor', 'department_staff', 'department_supervisor', 'county_official', 'admin'];
const READERS: Role[] = EVERYONE.filter((r) => r !== 'admin');

export const ACTIONS = {
  'operation.register': { roles: ['owner'], target: 'none' },
  // A preparer registers an operation for a client; it waits for the owner's acceptance. The
  // preparer resends or withdraws their own waiting registrations; the owner named accepts or declines.
  'operation.register_for_client': { roles: ['preparer'], target: 'none' },
  'registration.manage': { roles: ['preparer'], target: 'none' },
  'registration.answer': { roles: ['owner'], target: 'none' },
  'operation.edit': { roles: FILER, target: 'operation' },
  'operation.grant_access': { roles: ['owner'], target: 'operation' },
  'operation.revoke_access': { roles: ['owner'], target: 'operation' },
  // An owner lets a preparer act for all her operations (and future ones) or chosen ones, and ends it.
  'preparer.grant': { roles: ['owner'], target: 'none' },
  'preparer.revoke': { roles: ['owner'], target: 'none' },
  // IAC 567-65.110(1)"d", DNR form 542-4026: an owner asks to be recorded as an operation's new
  // owner. It only files a request; the department decides it, or the current owner accepts it.
  'transfer.request': { roles: ['owner'], target: 'none' },
  'transfer.respond': { roles: ['owner'], target: 'operation' },
  'transfer.decide': { roles: DEPT, target: 'none' },
  // Iowa Code 459A.103: the structures of an operation, drawn by the owner (or preparer) or the department.
  'structure.edit': { roles: [...FILER, ...DEPT], target: 'operation' },
  // CROMERR signing authority: the owner of record names who else may sign the operation's plans.
  'signatory.manage': { roles: ['owner'], target: 'operation' },
  'plan.start': { roles: FILER, target: 'operation' },
  'plan.save_draft': { roles: FILER, target: 'plan' },
  'plan.submit': { roles: FILER, target: 'plan' },
  'plan.withdraw': { roles: ['owner'], target: 'plan' },
  // CROMERR repudiation: someone who may sign disputes a filing ("I did not sign this").
  'plan.dispute_filing': { roles: FILER, target: 'plan' },
  'plan.upload_attachment': { roles: FILER, target: 'plan' },
  'plan.record_county_receipt': { roles: ['owner', 'preparer', 'county_official'], target: 'plan' },
  // DNR form 542-8002: the owner, their preparer or the contract producer's contractor logs manure
  // applications (one at a time or a season's CSV); the department and counties only read them.
  'application.record': { roles: ['owner', 'preparer', 'active_contractor'], target: 'operation' },
  'plan.check_completeness': { roles: DEPT, target: 'plan' },
  'plan.decide': { roles: DEPT, target: 'plan' },
  'plan.assign_reviewer': { roles: ['department_supervisor'], target: 'plan' },
  'due_date.override': { roles: ['department_supervisor'], target: 'operation' },
  'due_date.apply_policy': { roles: ['department_supervisor'], target: 'none' },
  'fee.record_payment': { roles: DEPT, target: 'operation' },
  // A duplicate payment, or a check that crossed an online one, is given back by the department.
  'fee.refund_payment': { roles: DEPT, target: 'operation' },
  // The payer (the owner, or the active contractor of a contract producer) pays online.
  'fee.pay': { roles: ['owner', 'active_contractor'], target: 'operation' },
  'user.invite': { roles: ['admin'], target: 'none' },
  'user.change_role': { roles: ['admin'], target: 'none' },
  'user.disable': { roles: ['admin'], target: 'none' },
  // A lost phone and lost recovery codes: the administrator removes the second factor, with a reason.
  'user.reset_second_factor': { roles: ['admin'], target: 'none' },
  'parameter.set': { roles: ['admin'], target: 'none' },
  'county.edit': { roles: ['admin'], target: 'none' },
  // Issue 18: the department's systems and others read through API tokens an admin issues; the
  // department's existing records come in by CSV import; imported owners claim with a code.
  'api_token.manage': { roles: ['admin'], target: 'none' },
  'import.run': { roles: ['admin'], target: 'none' },
  'owner_claim.issue': { roles: ['admin'], target: 'none' },
  'owner_claim.redeem': { roles: ['owner'], target: 'none' },
  // Reads. A record is read by anyone whose scope includes it (the department, its owner and those
  // acting for it, the counties it is located or spreads manure in); the administrator manages
  // accounts and reference data and reads no plan. A list or export the department alone reads is
  // a capability on no record.
  'operation.read': { roles: READERS, target: 'operation' },
  'plan.read': { roles: READERS, target: 'plan' },
  // The operations an owner holds or a preparer acts for (the dashboard), and a contractor's list of
  // the operations it has contracts with.
  'operation.read_own_list': { roles: FILER, target: 'none' },
  'contractor.read_list': { roles: ['active_contractor'], target: 'none' },
  // The fees page: the payer's fees due and paid (owner, active contractor), the department's ledger.
  'fee.read': { roles: [...DEPT, 'owner', 'active_contractor'], target: 'none' },
  'fee.read_ledger': { roles: DEPT, target: 'none' },
  // The reference tables (crop factors, counties and their boards) the department and the
  // administrator keep.
  'reference.read': { roles: [...DEPT, 'admin'], target: 'none' },
  'review.read_worklist': { roles: DEPT, target: 'none' },
  // The compliance overview: overdue plans and fees across every operation.
  'compliance.read': { roles: DEPT, target: 'none' },
  // A county official's list of the operations located in, or spreading manure in, their county.
  'county.read_list': { roles: ['county_official'], target: 'none' },
  // A preparer's portfolio of the operations they act for.
  'portfolio.read': { roles: ['preparer'], target: 'none' },
  'mail.read': { roles: [...DEPT, 'admin'], target: 'none' },
  'account.manage_own': { roles: EVERYONE, target: 'none' },
} as const satisfies Record<string, { roles: readonly Role[]; target: TargetKind }>;

export type Action = keyof typeof ACTIONS;
export const ACTION_NAMES = Object.keys(ACTIONS) as Action[];

export function roleMayAttempt(role: Role, action: Action): boolean {
  return (ACTIONS[action].roles as readonly Role[]).includes(role);
}
