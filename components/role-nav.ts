import type { NavLink } from './nav-types';
import type { Role } from '@/lib/auth/roles';

// The primary navigation each role sees. Links only; every page checks access on the server.
export function navForRole(role: Role | null): NavLink[] {
  switch (role) {
    case 'owner':
      return [
        { href: '/dashboard', label: 'My operations' },
        { href: '/fees', label: 'Fees' },
        { href: '/account/preparers', label: 'Preparers' },
        { href: '/account', label: 'Account' },
      ];
    case 'preparer':
      return [
        { href: '/dashboard', label: 'My operations' },
        { href: '/preparer', label: 'Client portfolio' },
        { href: '/account', label: 'Account' },
      ];
    case 'active_contractor':
      return [
        { href: '/contractor', label: 'Contracted operations' },
        { href: '/account', label: 'Account' },
      ];
    case 'department_staff':
    case 'department_supervisor':
      return [
        { href: '/review', label: 'Review worklist' },
        { href: '/review/feedlots', label: 'Open feedlots' },
        { href: '/fees', label: 'Fees' },
        { href: '/compliance', label: 'Compliance' },
        ...(role === 'department_supervisor' ? [{ href: '/due-dates', label: 'Due dates' }] : []),
        { href: '/counties', label: 'Counties' },
        { href: '/admin/reference', label: 'Reference tables' },
        { href: '/mail', label: 'Sent mail' },
        { href: '/account', label: 'Account' },
      ];
    case 'county_official':
      return [
        { href: '/county', label: 'County plans' },
        { href: '/account', label: 'Account' },
      ];
    case 'admin':
      return [
        { href: '/admin/users', label: 'Users' },
        { href: '/admin/parameters', label: 'Fee parameters' },
        { href: '/admin/reference', label: 'Reference tables' },
        { href: '/admin/letters', label: 'Decision letters' },
        { href: '/admin/imports', label: 'Imports' },
        { href: '/admin/owner-claims', label: 'Owners to invite' },
        { href: '/admin/api-tokens', label: 'API tokens' },
        { href: '/counties', label: 'Counties' },
        { href: '/mail', label: 'Sent mail' },
        { href: '/account', label: 'Account' },
      ];
    default:
      return [
        { href: '/', label: 'Home' },
        { href: '/counties', label: 'Counties' },
        { href: '/sign-in', label: 'Sign in' },
      ];
  }
}
