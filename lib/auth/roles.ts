import type { userRole } from '@/db/schema';

export type Role = (typeof userRole.enumValues)[number];

/** Who is acting: the signed-in user as the access policy sees them. */
export type Actor = {
  id: string;
  role: Role;
  name: string;
  email: string;
  countyFips: string | null;
  partyId: string | null;
};

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  preparer: 'Preparer',
  active_contractor: 'Active contractor',
  department_staff: 'Department staff',
  department_supervisor: 'Department supervisor',
  county_official: 'County official',
  admin: 'Administrator',
};

export const DEPARTMENT: readonly Role[] = ['department_staff', 'department_supervisor'];
export const FILERS: readonly Role[] = ['owner', 'preparer'];

/** Where each role lands after signing in. */
export const ROLE_HOME: Record<Role, string> = {
  owner: '/dashboard',
  preparer: '/dashboard',
  active_contractor: '/contractor',
  department_staff: '/review',
  department_supervisor: '/review',
  county_official: '/county',
  admin: '/admin/users',
};

export function isDepartment(role: Role): boolean {
  return DEPARTMENT.includes(role);
}
