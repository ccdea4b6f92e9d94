import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditEvents, countyCropYields, cropNutrientFactors } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { today } from '@/lib/clock';
import { addDays } from '@/lib/rules';
import { applyImport, getImportRun } from '@/lib/imports/runs';
import { findCountyYield, findCropFactor } from '@/lib/plans/reference-tables';
import { checkCountyYieldFile } from '@/lib/reference/county-yield-import';
import { listCropFactorRows, recordCropFactor as recordParsed } from '@/lib/reference/crop-factors';
import { parseOrThrow } from '@/lib/validation/parse';
import { cropFactorSchema } from '@/lib/validation/reference-tables';
import { loadReferenceTables } from '@/lib/reference/load';
import { createReviewer, createUser } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

const T = today();
const enc = (s: string) => new TextEncoder().encode(s);
const HEADER = 'county,crop,yield,unit,years';
/** As the form's action does: the form's schema parses, then the service records. */
const recordCropFactor = async (actor: Actor, input: unknown) => recordParsed(actor, parseOrThrow(cropFactorSchema, input));

describe(`the department's reference tables on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;
  let admin: Actor;
  let staff: Actor;
  const countYields = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(countyCropYields))[0]!.n;
  const importFile = (lines: string[], options: Record<string, unknown> = {}) =>
    checkCountyYieldFile(admin, { filename: 'appendix-a.csv', bytes: enc([HEADER, ...lines].join('\n')), options: { source: 'DNR form 542-4000a, Appendix A', effectiveFrom: T, confirmed: false, ...options } });

  beforeAll(async () => {
    admin = await createUser('admin');
    staff = await createReviewer();
  });

  it('a recorded crop row supersedes the shipped default from its date, and the default stays before it', async () => {
    const from = addDays(T, 30);
    const before = findCropFactor(await loadReferenceTables(db(), T), 'Corn');
    expect(before).toMatchObject({ crop: 'corn_grain', confirmed: false });
    await recordCropFactor(admin, { crop: 'corn_grain', label: 'Corn (grain)', yieldUnit: 'bu', nLbPerYieldUnit: '1.1', p2o5LbPerYieldUnit: '0.36', source: 'DNR notice of the crop table', effectiveFrom: from, confirmed: true });

    expect(findCropFactor(await loadReferenceTables(db(), T), 'corn')).toEqual(before);
    const after = findCropFactor(await loadReferenceTables(db(), from), 'corn grain');
    expect(after).toEqual({ crop: 'corn_grain', label: 'Corn (grain)', yieldUnit: 'bu', nLbPerYieldUnit: 1.1, p2o5LbPerYieldUnit: 0.36, source: 'DNR notice of the crop table', effectiveFrom: from, confirmed: true });
    // The other crops are still the shipped rows, flagged unconfirmed.
    expect(findCropFactor(await loadReferenceTables(db(), from), 'soybeans')).toMatchObject({ confirmed: false });
    const [audit] = await db().select().from(auditEvents).where(eq(auditEvents.action, 'reference.crop_factor_recorded'));
    expect(audit).toMatchObject({ actorUserId: admin.id, entityType: 'crop_nutrient_factor' });
    expect((await listCropFactorRows(staff)).map((r) => r.row.crop)).toContain('corn_grain');
  });

  it('refuses an absurd figure with its limit, and a crop row from anyone but an administrator', async () => {
    const row = { crop: 'soybean', label: 'Soybean', yieldUnit: 'bu', nLbPerYieldUnit: '', p2o5LbPerYieldUnit: '0.8', source: 'DNR table', effectiveFrom: T, confirmed: false };
    await expect(recordCropFactor(admin, { ...row, p2o5LbPerYieldUnit: '80' })).rejects.toMatchObject({ code: 'VALIDATION', fieldErrors: { p2o5LbPerYieldUnit: [expect.stringContaining('At most 50 lb')] } });
    await expect(recordCropFactor(admin, { ...row, yieldUnit: 'tons' })).rejects.toMatchObject({ code: 'VALIDATION', fieldErrors: { yieldUnit: [expect.stringContaining('measured in bu')] } });
    await expect(recordCropFactor(staff, row)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await db().select().from(cropNutrientFactors).where(eq(cropNutrientFactors.crop, 'soybean'))).toEqual([]);
  });

  it('imports county yields after the preview, unconfirmed unless ticked, and the same file again changes nothing', async () => {
    const runId = await importFile(['Polk,corn,182,bu,2019-2023', '19169,soybean,58.5,bu,2019-2023']);
    const run = await getImportRun(admin, runId);
    expect(run.summary).toEqual({ rows: 2, create: 2, change: 0, unchanged: 0, refuse: 0 });
    expect(await countYields()).toBe(0);
    const progress: number[] = [];
    await applyImport(admin, runId, { today: T, onProgress: (done) => progress.push(done) });
    expect(progress.at(-1)).toBe(2);
    const tables = await loadReferenceTables(db(), T);
    expect(findCountyYield(tables, '19153', 'Corn')).toEqual({ countyFips: '19153', crop: 'corn_grain', yield: 182, unit: 'bu', years: '2019-2023', source: 'DNR form 542-4000a, Appendix A', effectiveFrom: T, confirmed: false });
    expect(findCountyYield(tables, '19169', 'Soybeans')).toMatchObject({ yield: 58.5, confirmed: false });

    const again = await importFile(['Polk,corn,182,bu,2019-2023', '19169,soybean,58.5,bu,2019-2023']);
    expect((await getImportRun(admin, again)).summary).toMatchObject({ create: 0, change: 0, unchanged: 2 });

    // A newer table from a later date: the preview shows old → new; history is kept.
    const later = addDays(T, 10);
    const next = await importFile(['Polk,corn,185,bu,2020-2024'], { effectiveFrom: later, confirmed: true });
    const preview = await getImportRun(admin, next);
    expect(preview.outcomes[0]).toMatchObject({ outcome: 'change', messages: [{ column: 'yield', message: '182 bu → 185 bu' }, { column: 'years', message: '2019-2023 → 2020-2024' }, { column: null, message: 'unconfirmed → confirmed by the department' }] });
    await applyImport(admin, next, { today: T });
    expect(findCountyYield(await loadReferenceTables(db(), T), '19153', 'corn')).toMatchObject({ yield: 182 });
    expect(findCountyYield(await loadReferenceTables(db(), later), '19153', 'corn')).toMatchObject({ yield: 185, confirmed: true, effectiveFrom: later });
    expect(await countYields()).toBe(3);
    const audits = await db().select().from(auditEvents).where(eq(auditEvents.action, 'reference.county_yields_recorded'));
    expect(audits).toHaveLength(2);
  });

  it('a file with one bad row imports nothing and names the row and column', async () => {
    const before = await countYields();
    const runId = await importFile(['Story,corn,190,bu,2019-2023', 'Story,soybean,700,bu,2019-2023']);
    const run = await getImportRun(admin, runId);
    expect(run.status).toBe('refused');
    expect(run.outcomes.find((o) => o.outcome === 'refuse')).toMatchObject({ row: 3, messages: [{ column: 'yield', message: expect.stringContaining('at most 500 bu') }] });
    await expect(applyImport(admin, runId, { today: T })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await countYields()).toBe(before);
  });

  it('refuses an import from anyone but an administrator, and a missing source', async () => {
    const bytes = enc(`${HEADER}\nStory,corn,190,bu,2019-2023`);
    await expect(checkCountyYieldFile(staff, { filename: 'a.csv', bytes, options: { source: 'DNR', effectiveFrom: T } })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(checkCountyYieldFile(admin, { filename: 'a.csv', bytes, options: { source: '', effectiveFrom: T } })).rejects.toMatchObject({ code: 'VALIDATION', fieldErrors: { source: [expect.any(String)] } });
  });
});
