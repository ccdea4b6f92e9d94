import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAV_LINKS, navForRole } from '@/components/role-nav';
import { ACTIONS } from '@/lib/auth/actions';
import { userRole } from '@/db/schema';
import type { Role } from '@/lib/auth/roles';

const ROLES = userRole.enumValues;

// The navigation is derived from the policy table. What each role sees is stated here in full, so
// a change to the table that moves a link in or out of someone's navigation shows up as a failure.
const SEEN: Record<Role, string[]> = {
  owner: ['My operations', 'Fees', 'Preparers', 'Account'],
  preparer: ['My operations', 'Client portfolio', 'Account'],
  active_contractor: ['Contracted operations', 'Fees', 'Account'],
  department_staff: ['Review worklist', 'Open feedlots', 'Fees', 'Compliance', 'Reference tables', 'Counties', 'Sent mail', 'Account'],
  department_supervisor: ['Review worklist', 'Open feedlots', 'Fees', 'Compliance', 'Due dates', 'Reference tables', 'Counties', 'Sent mail', 'Account'],
  county_official: ['County plans', 'Account'],
  admin: ['Users', 'Fee parameters', 'Reference tables', 'Decision letters', 'Imports', 'Owners to invite', 'API tokens', 'Counties', 'Sent mail', 'Account'],
};

function pageSource(href: string): string {
  const file = path.join(process.cwd(), 'app', href, 'page.tsx');
  expect(existsSync(file), `${href} has a page`).toBe(true);
  return readFileSync(file, 'utf8');
}

describe('the navigation of each role', () => {
  it.each(Object.entries(SEEN))('%s sees the pages its role may open, in order', (role, labels) => {
    expect(navForRole(role as Role).map((l) => l.label)).toEqual(labels);
  });

  it('shows nobody signed in the public pages and the way to sign in', () => {
    expect(navForRole(null).map((l) => l.href)).toEqual(['/', '/counties', '/sign-in']);
  });

  it('gives every role a way to its account', () => {
    for (const role of ROLES) expect(navForRole(role).at(-1)?.href, role).toBe('/account');
  });

  // A link is only as good as the gate on its page: the page must refuse exactly the roles the link
  // is hidden from. Each page names the link's capability in its gate (or is open to everyone the
  // capability is given to: any signed-in account, or the public).
  it.each(NAV_LINKS.map((l) => [l.href, l.capability] as const))('%s is gated on %s', (href, capability) => {
    const source = pageSource(href);
    const named = [...source.matchAll(/requireCapability\('([\w.]+)'/g)].map((m) => m[1]);
    if (named.length > 0) {
      expect(named).toEqual([capability]);
    } else if (source.includes('requireActor(')) {
      expect([...ACTIONS[capability].roles].sort()).toEqual([...ROLES].sort());
    } else {
      // A public page: no gate at all, and no role check of its own.
      expect(source).not.toMatch(/requireRole|role ===|isDepartment/);
    }
  });
});
