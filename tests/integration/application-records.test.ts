import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db';
import { applicationRecords, auditEvents } from '@/db/schema';
import { recordApplication, importApplications } from '@/lib/applications/commands';
import { grantAccess } from '@/lib/auth/grants';
import { listApplicationsForSeason } from '@/lib/applications/queries';
import { today } from '@/lib/clock';
import { addDays } from '@/lib/rules';
import { applicationRecordSchema } from '@/lib/validation/application-records';
import { parseOrThrow } from '@/lib/validation/parse';
import { approvedPlanFor, completeDraft, createOperation, createOwner, createReviewer, createUser } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// DNR form 542-8002: the owner logs each manure application and sees at once whether it went above
// the approved plan's limit for the field. Home 80 is corn at 200 bu (240 lb N at the portal's 1.2 lb
// per bushel); the manure has 45 lb of available N per 1,000 gallons, so the field may take 5.33
// thousand gallons an acre.
describe(`manure application records on ${databaseLabel}`, () => {
  useTestDb();
  const day = today();
  const year = Number(day.slice(0, 4));

  function draftForThisSeason() {
    const d = completeDraft();
    const fields = (d.fields.fields as Record<string, unknown>[]).map((f) => ({ ...f, crops: [{ year: String(year), crop: (f.crops as { crop: string }[])[0]!.crop }] }));
    return { ...d, fields: { fields } };
  }

  async function operationWithApprovedPlan() {
    const owner = await createOwner();
    const { operationId, name } = await createOperation(owner, { today: addDays(day, -40) });
    await approvedPlanFor(owner, operationId, await createReviewer(), { today: addDays(day, -30), draft: draftForThisSeason() });
    return { owner, operationId, name };
  }

  const form = (operationId: string, over: Record<string, string> = {}) =>
    parseOrThrow(applicationRecordSchema(day), {
      operationId, fieldName: 'Home 80', cropYear: String(year), appliedOn: day, method: 'injected', amountApplied: '400', amountUnit: 'thousand_gallons',
      acres: '80', applicatorName: 'Karen Hansen', applicatorCertification: '', weatherDayBefore: 'Dry, 40 °F', weatherDayOf: 'Dry, 45 °F, light wind',
      weatherDayAfter: 'Cloudy, 42 °F', commercialNLbPerAcre: '', commercialP2o5LbPerAcre: '', ...over,
    });

  it('records an application with its rate and an audit event, and a rate at the limit is within the plan', async () => {
    const { owner, operationId } = await operationWithApprovedPlan();
    // 426.4 thousand gallons over 80 acres is 5.33 an acre: exactly the field's limit.
    const r = await recordApplication(owner, form(operationId, { amountApplied: '426.4' }));
    expect(r.check).toMatchObject({ status: 'within', message: null, maxRatePerAcre: 5.33 });
    const db = await getDb();
    const [row] = await db.select().from(applicationRecords).where(eq(applicationRecords.id, r.id));
    expect(row).toMatchObject({ fieldName: 'Home 80', ratePerAcre: 5.33, acres: 80, applicatorCertification: null, source: 'form', recordedByUserId: owner.id });
    expect(row!.fieldKey).not.toBeNull();
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.entityId, operationId));
    expect(audit.map((a) => a.action)).toContain('application.recorded');
  });

  it('flags an application above the field’s limit in plain words, on the record and in the season’s totals', async () => {
    const { owner, operationId } = await operationWithApprovedPlan();
    const r = await recordApplication(owner, form(operationId, { amountApplied: '432', applicatorCertification: 'CMA-10442' }));
    expect(r.check.status).toBe('over_rate');
    expect(r.check.message).toBe('Home 80: 5.4 thousand gallons per acre is more than the 5.33 the approved plan allows (nitrogen for corn).');
    const season = await listApplicationsForSeason(owner, operationId, year);
    expect(season.records.map((x) => x.check.status)).toEqual(['over_rate']);
    expect(season.totals).toEqual([expect.objectContaining({ fieldName: 'Home 80', appliedUnits: 432, appliedPerAcre: 5.4, plannedRatePerAcre: 3.33, overPlanned: true, overLimit: true })]);
  });

  it('flags a field the approved plan does not list, and an operation with no approved plan', async () => {
    const { owner, operationId } = await operationWithApprovedPlan();
    const other = await recordApplication(owner, form(operationId, { fieldName: 'North 40', acres: '40', amountApplied: '100' }));
    expect(other.check).toMatchObject({ status: 'not_in_plan', message: 'North 40 is not a field of the approved plan.' });
    const fresh = await createOwner();
    const { operationId: noPlan } = await createOperation(fresh);
    const r = await recordApplication(fresh, form(noPlan));
    expect(r.check.status).toBe('no_plan');
    expect(r.check.message).toMatch(/no approved plan is in force/);
  });

  it('refuses more acres covered than the plan gives the field, on the acres', async () => {
    const { owner, operationId } = await operationWithApprovedPlan();
    await expect(recordApplication(owner, form(operationId, { acres: '90' }))).rejects.toMatchObject({
      code: 'VALIDATION', fieldErrors: { acres: ['Home 80 is 80 acres in the approved plan; the acres covered cannot be more'] },
    });
  });

  it('lets another owner neither record nor see the operation’s applications; the department and its county see them', async () => {
    const { owner, operationId } = await operationWithApprovedPlan();
    await recordApplication(owner, form(operationId));
    const stranger = await createOwner();
    await expect(recordApplication(stranger, form(operationId))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(listApplicationsForSeason(stranger, operationId, year)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const staff = await createReviewer();
    await expect(recordApplication(staff, form(operationId))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await listApplicationsForSeason(staff, operationId, year)).records).toHaveLength(1);
    const sioux = await createUser('county_official', { countyFips: '19167' });
    expect((await listApplicationsForSeason(sioux, operationId, year)).records).toHaveLength(1);
    const polk = await createUser('county_official', { countyFips: '19153' });
    await expect(listApplicationsForSeason(polk, operationId, year)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lets a preparer the owner granted access record for the owner; a preparer without a grant cannot', async () => {
    const { owner, operationId } = await operationWithApprovedPlan();
    const preparer = await createUser('preparer');
    const outsider = await createUser('preparer');
    await expect(recordApplication(preparer, form(operationId))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await grantAccess(owner, { operationId, email: preparer.email });
    const r = await recordApplication(preparer, form(operationId));
    expect(r.check.status).toBe('within');
    const season = await listApplicationsForSeason(owner, operationId, year);
    expect(season.records.map((x) => x.recordedByName)).toEqual([preparer.name]);
    await expect(listApplicationsForSeason(outsider, operationId, year)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lets the active contractor of a contract producer record its applications', async () => {
    const contractor = await createUser('active_contractor');
    const owner = await createOwner();
    const { operationId } = await createOperation(owner, { activeContractorId: contractor.partyId! });
    const r = await recordApplication(contractor, form(operationId));
    expect(r.check.status).toBe('no_plan');
  });

  it('checks each record against the field’s season total: 380 then 300 thousand gallons on 80 acres puts the field over at the second', async () => {
    const { owner, operationId } = await operationWithApprovedPlan();
    const first = await recordApplication(owner, form(operationId, { amountApplied: '380' }));
    // 380 / 80 = 4.75 an acre, within 5.33; (5.33 - 4.75) x 80 = 46.4 more would reach it.
    expect(first.check).toMatchObject({ status: 'within', message: null });
    expect(first.check.standing).toBe('Home 80 this season: 380 thousand gallons on its 80 acres, 4.75 per acre, within the 5.33 the approved plan allows (nitrogen for corn); 46.4 thousand gallons more would reach it.');
    // 300 / 80 = 3.75 on its own, but 680 / 80 = 8.5 over the season.
    const second = await recordApplication(owner, form(operationId, { amountApplied: '300' }));
    expect(second.check).toMatchObject({
      status: 'over_rate',
      message: 'Home 80: with this application the season’s total is 680 thousand gallons, 8.5 per acre of its 80 acres, more than the 5.33 the approved plan allows (nitrogen for corn). The field is now over its limit.',
      standing: 'Home 80 this season: 680 thousand gallons on its 80 acres, 8.5 per acre, above the 5.33 the approved plan allows (nitrogen for corn): the field is now over its limit.',
    });
    // The season's list says the same as the message did, record by record.
    const season = await listApplicationsForSeason(owner, operationId, year);
    expect(season.records.map((x) => x.check.status)).toEqual(['within', 'over_rate']);
    expect(season.totals[0]).toMatchObject({ appliedUnits: 680, appliedPerAcre: 8.5, overLimit: true });
  });

  describe('a season’s CSV', () => {
    const header = 'field,crop_year,applied_on,method,amount,unit,acres,applicator,certification_number,weather_day_before,weather_day_of,weather_day_after';
    const line = (field: string, amount: string, acres: string) => `${field},${year},${day},injected,${amount},thousand_gallons,${acres},Karen Hansen,,Dry,Dry,Cloudy`;
    const csv = (...lines: string[]) => new TextEncoder().encode([header, ...lines].join('\n') + '\n');

    it('imports nothing when one row is bad, naming its line and column', async () => {
      const { owner, operationId } = await operationWithApprovedPlan();
      const out = await importApplications(owner, { operationId, bytes: csv(line('Home 80', '300', '80'), line('River 120', '200', '0')), commit: true, today: day });
      expect(out).toEqual({ ok: false, fileError: undefined, problems: [{ row: 3, column: 'acres', message: 'Acres covered must be more than 0' }] });
      const db = await getDb();
      expect(await db.select().from(applicationRecords).where(eq(applicationRecords.operationId, operationId))).toHaveLength(0);
    });

    it('previews the count and the over-rate rows, then imports every row', async () => {
      const { owner, operationId } = await operationWithApprovedPlan();
      const bytes = csv(line('Home 80', '300', '80'), line('home 80', '220', '40'));
      const preview = await importApplications(owner, { operationId, bytes, commit: false, today: day });
      // The second row is flagged for its own rate (and the season's); the preview says where the field stands after the file.
      expect(preview).toEqual({
        ok: true, committed: false, count: 2,
        flagged: [{ row: 3, message: 'Home 80: 5.5 thousand gallons per acre is more than the 5.33 the approved plan allows (nitrogen for corn).' }],
        standings: ['Home 80 this season: 520 thousand gallons on its 80 acres, 6.5 per acre, above the 5.33 the approved plan allows (nitrogen for corn): the field is now over its limit.'],
      });
      const done = await importApplications(owner, { operationId, bytes, commit: true, today: day });
      expect(done).toMatchObject({ ok: true, committed: true, count: 2 });
      const season = await listApplicationsForSeason(owner, operationId, year);
      expect(season.records.map((r) => [r.fieldName, r.source])).toEqual([['Home 80', 'csv'], ['Home 80', 'csv']]);
      // 520 thousand gallons over the season on 80 acres is 6.5 an acre: above the field's limit.
      expect(season.totals[0]).toMatchObject({ appliedUnits: 520, appliedPerAcre: 6.5, overLimit: true });
    });

    it('flags a row far above the planned rate on a field with no computable limit (soybeans), instead of "Not checked"', async () => {
      const owner = await createOwner();
      const { operationId } = await createOperation(owner, { today: addDays(day, -40) });
      const d = draftForThisSeason();
      // River 120 (soybeans, no nitrogen factor) plans 45 lb N / 45 = 1 thousand gallons an acre.
      const fields = (d.fields.fields as Record<string, unknown>[]).map((f) => (f.name === 'River 120' ? { ...f, nitrogenRateLbPerAcre: '45' } : f));
      await approvedPlanFor(owner, operationId, await createReviewer(), { today: addDays(day, -30), draft: { ...d, fields: { fields } } });
      // 1,440 thousand gallons on 120 acres: 12 an acre, 12 times the plan.
      const preview = await importApplications(owner, { operationId, bytes: csv(line('River 120', '1440', '120')), commit: false, today: day });
      expect(preview.ok && preview.flagged[0]?.message).toMatch(/^River 120: 12 thousand gallons per acre is above the 1 the approved plan plans for this field \(12 times the planned rate\)\. No legal limit could be computed for it/);
      expect(preview.ok && preview.standings).toEqual(['River 120 this season: 1,440 thousand gallons on its 120 acres, 12 per acre, above the planned 1; limit to be checked.']);
      await importApplications(owner, { operationId, bytes: csv(line('River 120', '1440', '120')), commit: true, today: day });
      const season = await listApplicationsForSeason(owner, operationId, year);
      expect(season.records.map((x) => x.check.status)).toEqual(['over_planned']);
    });
  });
});
