// Iowa Code 459A.103(1)"c" and "d": who owns and who manages an open feedlot operation.
import { RuleInputError, requireOneOf } from './errors';
import { parameterValue } from './parameters';

export type FeedlotInterest = {
  personId: string;
  kind: 'sole_proprietor' | 'joint_tenant' | 'tenant_in_common' | 'equity';
  equityShare?: number;
};
export type FeedlotManagement = { personId: string; kind: 'day_to_day_control' | 'contractor_of_contract_facility' };
export type FamilyLink = { personId: string; relativeId: string; relation: 'spouse' | 'dependent_child' };

const INTEREST_KINDS = ['sole_proprietor', 'joint_tenant', 'tenant_in_common', 'equity'] as const;
const MANAGEMENT_KINDS = ['day_to_day_control', 'contractor_of_contract_facility'] as const;
const RELATIONS = ['spouse', 'dependent_child'] as const;
// Equity shares are compared in billionths so 0.3 + 0.2 is exactly one half.
const SCALE = 1_000_000_000;

export function requireId(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0) throw new RuleInputError(field, 'must be a non-empty id');
  return value;
}

/**
 * Iowa Code 459A.103(1)"c"(2): whose interests count as a person's own. For each person, the people whose
 * joint-tenancy, tenancy-in-common or equity interests are attributed to them: the spouse (both ways)
 * and dependent children (child to parent only). One step only; a sole proprietorship is never attributed.
 */
export function attributionMap(family: FamilyLink[]): Map<string, Set<string>> {
  if (!Array.isArray(family)) throw new RuleInputError('family', 'must be a list');
  const map = new Map<string, Set<string>>();
  const add = (person: string, relative: string) => {
    if (person === relative) return;
    const set = map.get(person) ?? new Set<string>();
    set.add(relative);
    map.set(person, set);
  };
  family.forEach((link, i) => {
    const person = requireId(link?.personId, `family[${i}].personId`);
    const relative = requireId(link?.relativeId, `family[${i}].relativeId`);
    const relation = requireOneOf(link?.relation, RELATIONS, `family[${i}].relation`);
    add(person, relative);
    if (relation === 'spouse') add(relative, person);
  });
  return map;
}

/**
 * Iowa Code 459A.103(1)"c": the people who hold an ownership interest in this feedlot as sole proprietor,
 * joint tenant or tenant in common, or holder of a majority (more than half) equity interest — counting
 * interests attributed from a spouse or dependent child. A person's own and attributed equity shares
 * are added before the majority test.
 */
export function owningPersons(interests: FeedlotInterest[], attributed: Map<string, Set<string>>, field: string): Set<string> {
  if (!Array.isArray(interests)) throw new RuleInputError(field, 'must be a list');
  const direct = new Set<string>();
  const tenancy = new Set<string>();
  const equity = new Map<string, number>();
  interests.forEach((interest, j) => {
    const f = `${field}[${j}]`;
    const person = requireId(interest?.personId, `${f}.personId`);
    const kind = requireOneOf(interest?.kind, INTEREST_KINDS, `${f}.kind`);
    if (kind === 'sole_proprietor') direct.add(person);
    else if (kind === 'equity') equity.set(person, (equity.get(person) ?? 0) + scaledShare(interest.equityShare, `${f}.equityShare`));
    else tenancy.add(person);
  });
  const majority = Math.round(parameterValue('share.majority_equity_over') * SCALE);
  const candidates = new Set<string>([...direct, ...tenancy, ...equity.keys(), ...attributed.keys()]);
  const owners = new Set<string>();
  for (const person of candidates) {
    const circle = [person, ...(attributed.get(person) ?? [])];
    const share = circle.reduce((sum, p) => sum + (equity.get(p) ?? 0), 0);
    if (direct.has(person) || circle.some((p) => tenancy.has(p)) || share > majority) owners.add(person);
  }
  return owners;
}

function scaledShare(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new RuleInputError(field, `must be a share between 0 and 1 (0.5 = 50%), got ${String(value)}`);
  }
  return Math.round(value * SCALE);
}

/**
 * Iowa Code 459A.103(1)"d": the people with significant control of day-to-day management. A contractor's
 * control over a contract livestock facility (Iowa Code 202.1) is not common management.
 */
export function managingPersons(management: FeedlotManagement[], field: string): Set<string> {
  if (!Array.isArray(management)) throw new RuleInputError(field, 'must be a list');
  const managers = new Set<string>();
  management.forEach((m, j) => {
    const person = requireId(m?.personId, `${field}[${j}].personId`);
    const kind = requireOneOf(m?.kind, MANAGEMENT_KINDS, `${field}[${j}].kind`);
    if (kind === 'day_to_day_control') managers.add(person);
  });
  return managers;
}

export function intersects(a: Set<string>, b: Set<string>): boolean {
  for (const x of a) if (b.has(x)) return true;
  return false;
}
