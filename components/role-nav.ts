import type { NavLink } from './nav-types';
import { roleMayAttempt, type Action } from '@/lib/auth/actions';
import type { Role } from '@/lib/auth/roles';

/**
 * The primary navigation, in the order it is shown. Each link names the capability of the policy
 * table (ACTIONS, lib/auth/actions.ts) that its page is gated on, so a role sees exactly the pages
 * it may open: a capability given to a new role brings its link with it. Links only; every page
 * checks access on the server.
 */
export const NAV_LINKS: readonly (NavLink & { capability: Action })[] = [
  { href: '/dashboard', label: 'My operations', capability: 'operation.read_own_list' },
  { href: '/preparer', label: 'Client portfolio', capability: 'portfolio.read' },
  { href: '/contractor', label: 'Contracted operations', capability: 'contractor.read_list' },
  { href: '/county', label: 'County plans', capability: 'county.read_list' },
  { href: '/review', label: 'Review worklist', capability: 'review.read_worklist' },
  { href: '/review/feedlots', label: 'Open feedlots', capability: 'review.read_worklist' },
  { href: '/fees', label: 'Fees', capability: 'fee.read' },
  { href: '/compliance', label: 'Compliance', capability: 'compliance.read' },
  { href: '/due-dates', label: 'Due dates', capability: 'due_date.apply_policy' },
  { href: '/admin/users', label: 'Users', capability: 'user.change_role' },
  { href: '/admin/parameters', label: 'Fee parameters', capability: 'parameter.set' },
  { href: '/admin/reference', label: 'Reference tables', capability: 'reference.read' },
  { href: '/admin/letters', label: 'Decision letters', capability: 'parameter.set' },
  { href: '/admin/imports', label: 'Imports', capability: 'import.run' },
  { href: '/admin/owner-claims', label: 'Owners to invite', capability: 'owner_claim.issue' },
  { href: '/admin/api-tokens', label: 'API tokens', capability: 'api_token.manage' },
  { href: '/account/preparers', label: 'Preparers', capability: 'preparer.grant' },
  // The county directory is public; it is in the navigation of those who keep the reference data.
  { href: '/counties', label: 'Counties', capability: 'reference.read' },
  { href: '/mail', label: 'Sent mail', capability: 'mail.read' },
  { href: '/account', label: 'Account', capability: 'account.manage_own' },
];

/** Nobody signed in: the public pages. */
export const PUBLIC_NAV: readonly NavLink[] = [
  { href: '/', label: 'Home' },
  { href: '/counties', label: 'Counties' },
  { href: '/sign-in', label: 'Sign in' },
];

export function navForRole(role: Role | null): NavLink[] {
  if (!role) return [...PUBLIC_NAV];
  return NAV_LINKS.filter((link) => roleMayAttempt(role, link.capability)).map(({ href, label }) => ({ href, label }));
}
