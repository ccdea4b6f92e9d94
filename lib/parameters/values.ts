import 'server-only';
import { asc, eq, inArray } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { parameterValues, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError, pgErrorCode } from '@/lib/errors';
import { isIsoDate, parameters } from '@/lib/rules';
import { STAFF_PARAMETERS, type StaffParameterKey, type StaffParameterValue } from './registry';

// Effective-dated values: the version in force on a date is the one with the latest effective date
// on or before it. Versions are only ever added (a correction is a new row), so the figure that
// applied on any past day can always be shown again.

export type ParameterVersion<K extends StaffParameterKey = StaffParameterKey> = {
  key: K;
  value: StaffParameterValue<K>;
  effectiveFrom: string;
  source: string;
  confirmed: boolean;
  origin: 'rules' | 'staff';
  setByName: string | null;
  createdAt: Date | null;
};

/** Every version of a staff-maintained parameter, oldest first (a staff row replaces a default of the same date). */
export async function listParameterVersions<K extends StaffParameterKey>(key: K, db?: Executor): Promise<ParameterVersion<K>[]> {
  return (await listParameterVersionsOf([key], db))[key];
}

/** The versions of several parameters, read in one statement: each key's list as `listParameterVersions` gives it. */
export async function listParameterVersionsOf<K extends StaffParameterKey>(keys: readonly K[], db?: Executor): Promise<{ [P in K]: ParameterVersion<P>[] }> {
  const q = db ?? (await getDb());
  const rows = await q
    .select({ row: parameterValues, setByName: users.name })
    .from(parameterValues)
    .leftJoin(users, eq(users.id, parameterValues.setByUserId))
    .where(inArray(parameterValues.key, [...keys]))
    .orderBy(asc(parameterValues.effectiveFrom));
  return Object.fromEntries(keys.map((key) => [key, versionsOf(key, rows.filter((r) => r.row.key === key))])) as { [P in K]: ParameterVersion<P>[] };
}

function versionsOf<K extends StaffParameterKey>(key: K, rows: { row: typeof parameterValues.$inferSelect; setByName: string | null }[]): ParameterVersion<K>[] {
  const def = STAFF_PARAMETERS[key];
  const parse = (v: unknown) => def.schema.safeParse(v);
  const defaults: ParameterVersion<K>[] = parameters
    .filter((p) => (p.key as string) === key)
    .flatMap((p) => {
      const parsed = parse(p.value);
      return parsed.success
        ? [{ key, value: parsed.data as StaffParameterValue<K>, effectiveFrom: p.effectiveFrom, source: p.source, confirmed: p.confirmed, origin: 'rules' as const, setByName: null, createdAt: null }]
        : [];
    });
  const staff: ParameterVersion<K>[] = rows.flatMap(({ row, setByName }) => {
    const parsed = parse(row.value);
    return parsed.success
      ? [{ key, value: parsed.data as StaffParameterValue<K>, effectiveFrom: row.effectiveFrom, source: row.source, confirmed: row.confirmed, origin: 'staff' as const, setByName, createdAt: row.createdAt }]
      : [];
  });
  const staffDates = new Set(staff.map((s) => s.effectiveFrom));
  return [...defaults.filter((d) => !staffDates.has(d.effectiveFrom)), ...staff].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : a.effectiveFrom > b.effectiveFrom ? 1 : 0));
}

/** The version in force on `date`, or null when none was yet. */
export function versionOn<K extends StaffParameterKey>(versions: ParameterVersion<K>[], date: string): ParameterVersion<K> | null {
  let found: ParameterVersion<K> | null = null;
  for (const v of versions) if (v.effectiveFrom <= date) found = v;
  return found;
}

export async function parameterOnDate<K extends StaffParameterKey>(key: K, date: string, db?: Executor): Promise<ParameterVersion<K> | null> {
  return versionOn(await listParameterVersions(key, db), date);
}

export type SetParameterInput = { key: StaffParameterKey; value: unknown; effectiveFrom: string; source: string; confirmed: boolean };

/** Adds a version of a parameter (admin only), with its audit event. */
export async function setParameterValue(actor: Actor, input: SetParameterInput): Promise<void> {
  const def = STAFF_PARAMETERS[input.key];
  if (!def) throw new AppError('VALIDATION', 'That is not a parameter the portal lets you set.');
  const parsed = def.schema.safeParse(input.value);
  if (!parsed.success) throw new AppError('VALIDATION', 'The value is not valid for this parameter.', { value: ['Check the value'] });
  if (!isIsoDate(input.effectiveFrom)) throw new AppError('VALIDATION', 'Enter the date the value takes effect.', { effectiveFrom: ['Enter a date'] });
  const db = await getDb();
  const before = await parameterOnDate(input.key, input.effectiveFrom, db);
  try {
    await db.transaction(async (tx) => {
      await authorize(actor, 'parameter.set', undefined, tx);
      await tx.insert(parameterValues).values({
        key: input.key,
        value: parsed.data,
        effectiveFrom: input.effectiveFrom,
        source: input.source.trim(),
        confirmed: input.confirmed,
        setByUserId: actor.id,
      });
      await recordAudit(tx, {
        actorUserId: actor.id,
        action: 'parameter.set',
        entityType: 'parameter',
        entityId: input.key,
        before: before ? { value: before.value, effectiveFrom: before.effectiveFrom, origin: before.origin } : null,
        after: { value: parsed.data, effectiveFrom: input.effectiveFrom, source: input.source, confirmed: input.confirmed },
      });
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') {
      const message = 'A value of this parameter already takes effect on that date. Choose another date; earlier values are kept as history.';
      throw new AppError('VALIDATION', message, { effectiveFrom: [message] });
    }
    throw err;
  }
}
