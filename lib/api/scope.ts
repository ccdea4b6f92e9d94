import { sql, type SQL } from 'drizzle-orm';
import { operationScope, planScope } from '@/lib/auth/scopes';
import type { Actor, Role } from '@/lib/auth/roles';
import type { ApiPrincipal } from './tokens';
import { ApiProblem } from './problem';

// An API token reads exactly what a person would read on the web pages: a county token what that
// county's official sees (lib/auth/scopes), an agency token what the department sees of filed plans,
// narrowed to the counties the admin granted. The conditions come from the one scope module.
function actorAs(role: Role, countyFips: string | null): Actor {
  return { id: '00000000-0000-0000-0000-000000000000', role, name: 'API token', email: '', countyFips, partyId: null };
}

function actorsOf(p: ApiPrincipal): Actor[] {
  switch (p.scope) {
    case 'county':
      return [actorAs('county_official', p.countyFips)];
    case 'agency':
      return p.agencyCounties?.length ? p.agencyCounties.map((c) => actorAs('county_official', c)) : [actorAs('department_staff', null)];
    case 'public':
      return [];
  }
}

/** Refuses a public token on the scoped endpoints (the public part is /api/v1/status). */
export function requireRecordScope(p: ApiPrincipal): void {
  if (p.scope === 'public') {
    throw new ApiProblem(
      p.tokenId ? 'out-of-scope' : 'unauthenticated',
      p.tokenId ? 'This token reads the public status search only (/api/v1/status).' : 'Send an API token (Authorization: Bearer …). Without one, /api/v1/status and the rules endpoints answer.',
      p.tokenId ? {} : { headers: { 'WWW-Authenticate': 'Bearer realm="mmp"' } },
    );
  }
}

const any = (parts: SQL[]) => (parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`);

/** A condition over `operations`. */
export function apiOperationScope(p: ApiPrincipal): SQL {
  return any(actorsOf(p).map((a) => operationScope(a)));
}

/** A condition over `plans`. */
export function apiPlanScope(p: ApiPrincipal): SQL {
  return any(actorsOf(p).map((a) => planScope(a)));
}
