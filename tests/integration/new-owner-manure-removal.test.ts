import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@/lib/auth/roles';
import { getApiOperation } from '@/lib/api/queries';
import { today as clockToday } from '@/lib/clock';
import { listCountyOperations } from '@/lib/counties/county-plans';
import { countyOperationsCsv } from '@/lib/counties/csv';
import { parseCountyFilter } from '@/lib/counties/filter';
import { formatDate } from '@/lib/format';
import { getOperationForActor } from '@/lib/operations/detail';
import { listOperationSummaries } from '@/lib/operations/queries';
import { startPlan } from '@/lib/plans/start';
import { addDays, effectiveDeadline, newOwnerOriginalMmpDue } from '@/lib/rules';
import { approvedPlanFor, completeDraft, createOperation, createOwner, createReviewer, createUser, setUpdateDueDate, submitOriginalPlan, transferOwnership } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// IAC 567-65.110(1)"d": a new owner may apply manure under the previous owner's approved plan only until
// submitting an original plan, due within 60 days of acquiring. Each operation here had an approved plan
// under its previous owner; what the new owner, the county and the API are told depends on the days since
// the sale and on whether the new owner has submitted. Dates are built from the portal's own today, which
// the county list and the API read.
const AGENCY = { tokenId: null, scope: 'agency', countyFips: null, agencyCounties: null } as const;

describe(`manure removal for a new owner (IAC 567-65.110(1)"d"), on ${databaseLabel}`, () => {
  useTestDb();
  const today = clockToday();
  let buyer: Actor;
  let county: Actor;
  const ids = {} as Record<'recent' | 'lapsed' | 'submitted', string>;

  beforeAll(async () => {
    const seller = await createOwner({ name: 'Seller Pork LLC' });
    buyer = await createOwner({ name: 'Buyer Finishing LLC' });
    county = await createUser('county_official', { countyFips: '19093', name: 'Ida County Auditor' });
    const reviewer = await createReviewer();
    const sold = async (name: string, acquiredOn: string) => {
      const { operationId } = await createOperation(seller, { name, countyFips: '19093', today: addDays(today, -300) });
      await approvedPlanFor(seller, operationId, reviewer, { today: addDays(today, -290), draft: completeDraft(['19093', '19093']) });
      // The previous owner's annual update date stays on record; the new owner does not owe it (below).
      await setUpdateDueDate(operationId, addDays(today, 45));
      await transferOwnership(operationId, buyer, acquiredOn);
      return operationId;
    };
    ids.recent = await sold('Ida Grove Finisher (sold last month)', addDays(today, -30));
    ids.lapsed = await sold('Battle Creek Finisher (sold 90 days ago)', addDays(today, -90));
    ids.submitted = await sold('Holstein Finisher (new plan filed)', addDays(today, -20));
    await submitOriginalPlan(buyer, ids.submitted, { today: addDays(today, -5), draft: completeDraft(['19093', '19093']) });
  });

  it('within 60 days and nothing submitted: allowed under the previous owner\'s plan, until the due day, on the page, the dashboard, the county list, the CSV and the API', async () => {
    const due = effectiveDeadline(newOwnerOriginalMmpDue(addDays(today, -30)));
    const page = await getOperationForActor(buyer, ids.recent, today);
    expect(page.manureRemoval).toMatchObject({ allowed: true, until: due, citation: 'IAC 567-65.110(1)"d"' });
    expect(page.manureRemoval.reason).toContain("may apply manure under the previous owner's approved plan until submitting an original manure management plan");
    const summary = (await listOperationSummaries(buyer, today)).find((o) => o.id === ids.recent)!;
    expect(summary).toMatchObject({ manureRemovalAllowed: true, manureRemovalUntil: due });
    const { rows } = await listCountyOperations(county, parseCountyFilter({}));
    const row = rows.find((r) => r.id === ids.recent)!;
    expect(row).toMatchObject({ manureRemovalAllowed: true, manureRemovalUntil: due });
    expect(countyOperationsCsv([row], 'https://mmp.test', (s) => s)).toContain(`Allowed until ${formatDate(due)}`);
    expect((await getApiOperation(AGENCY, ids.recent)).manureRemoval).toMatchObject({ allowed: true, until: due, citation: 'IAC 567-65.110(1)"d"' });
  });

  it('past the due day with nothing submitted: no longer allowed under the old plan, everywhere', async () => {
    const page = await getOperationForActor(buyer, ids.lapsed, today);
    expect(page.manureRemoval).toMatchObject({ allowed: false, citation: 'IAC 567-65.110(1)"d" and (5)' });
    expect(page.manureRemoval.reason).toContain('has not been submitted, so manure may no longer be applied under the previous owner');
    expect((await listOperationSummaries(buyer, today)).find((o) => o.id === ids.lapsed)).toMatchObject({ manureRemovalAllowed: false, manureRemovalUntil: null });
    const { rows } = await listCountyOperations(county, parseCountyFilter({}));
    const row = rows.find((r) => r.id === ids.lapsed)!;
    expect(row.manureRemovalAllowed).toBe(false);
    expect(countyOperationsCsv([row], 'https://mmp.test', (s) => s)).toContain('Not allowed: no approved plan is in force');
    expect((await getApiOperation(AGENCY, ids.lapsed)).manureRemoval.allowed).toBe(false);
  });

  it('once the new owner submits an original plan, removal waits for the department to approve it', async () => {
    const page = await getOperationForActor(buyer, ids.submitted, today);
    expect(page.manureRemoval.allowed).toBe(false);
    expect(page.manureRemoval.reason).toContain('submitted an original manure management plan');
    expect(page.manureRemoval.reason).toContain("until the department approves the new owner's plan");
    expect((await getApiOperation(AGENCY, ids.submitted)).manureRemoval.allowed).toBe(false);
  });

  it('a new owner owes only the original plan until it is filed: no update date on the dashboard or the page, and no update can be started', async () => {
    const summary = (await listOperationSummaries(buyer, today)).find((o) => o.id === ids.recent)!;
    expect(summary.newOwnerDueOn).not.toBeNull();
    expect(summary).toMatchObject({ nextDueOn: null, nextDue: null });
    const page = await getOperationForActor(buyer, ids.recent, today);
    expect(page.newOwner).not.toBeNull();
    expect(page.nextDue).toBeNull();
    await expect(startPlan(buyer, { operationId: ids.recent, kind: 'annual_update' }, today)).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringContaining('As the new owner you owe an original plan, not an annual update'),
    });
  });
});
