import 'server-only';
// The county average yield file as an import kind: checked against Iowa's counties, the crop table
// in force and the figures recorded last; applying it adds a dated row per new or changed figure,
// with the source, effective date and confirmation the admin chose for the whole file.
import { counties, countyCropYields } from '@/db/schema';
import { allOf, type Executor } from '@/db/client';
import { recordAudit } from '@/lib/audit';
import type { ImportKind } from '@/lib/imports/kind';
import { today as clockToday } from '@/lib/clock';
import { countyYieldImportSchema, type CountyYieldImportOptions } from '@/lib/validation/reference-tables';
import { checkCountyYieldRows, COUNTY_YIELD_COLUMNS, type CountyYieldValue, type RecordedYield } from './county-yield-rows';
import { loadReferenceTables, latestCountyYields } from './load';

/** The file's options as stored with its run; a file uploaded without them is recorded unconfirmed from the day it is checked. */
export function readImportOptions(options: Record<string, unknown> | undefined, today: string): CountyYieldImportOptions {
  const parsed = countyYieldImportSchema.safeParse(options ?? {});
  return parsed.success ? parsed.data : { source: 'DNR form 542-4000a (Appendix A), as imported; not confirmed', effectiveFrom: today, confirmed: false };
}

async function recordedYields(db: Executor): Promise<Map<string, RecordedYield>> {
  const rows = await latestCountyYields(db);
  return new Map(rows.map((r) => [`${r.countyFips}|${r.crop}`, r]));
}

export const countyYieldsKind: ImportKind<CountyYieldValue> = {
  label: 'County average yields (DNR form 542-4000a, Appendix A)',
  columns: COUNTY_YIELD_COLUMNS,

  async check(db: Executor, file, ctx) {
    const opts = readImportOptions(ctx.options, ctx.today);
    const [countyRows, tables, recorded] = await allOf(db, [
      () => db.select({ fips: counties.fips, name: counties.name }).from(counties),
      () => loadReferenceTables(db, opts.effectiveFrom),
      () => recordedYields(db),
    ]);
    return checkCountyYieldRows(file, { counties: countyRows, crops: tables.crops, recorded, confirmed: opts.confirmed });
  },

  async write(tx, rows, ctx) {
    if (!rows.length) return;
    const opts = readImportOptions(ctx.options, ctx.today ?? clockToday());
    const values = rows.map((r) => r.value!);
    await tx.insert(countyCropYields).values(
      values.map((v) => ({ countyFips: v.countyFips, crop: v.crop, yield: v.yield, unit: v.unit, years: v.years, source: opts.source, effectiveFrom: opts.effectiveFrom, confirmed: opts.confirmed, importRunId: ctx.runId, recordedByUserId: ctx.actorUserId })),
    );
    await recordAudit(tx, {
      actorUserId: ctx.actorUserId,
      action: 'reference.county_yields_recorded',
      entityType: 'import_run',
      entityId: ctx.runId,
      after: { effectiveFrom: opts.effectiveFrom, confirmed: opts.confirmed, source: opts.source, rows: values.map((v) => ({ countyFips: v.countyFips, crop: v.crop, yield: v.yield, unit: v.unit, years: v.years })) },
    });
  },
};
