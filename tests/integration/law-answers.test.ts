import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { animalInventory, dueDateAssignments, emailOutbox, operations, ownerships, parties, plans } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { listCalendarEvents } from '@/lib/calendar/events';
import { setFieldOfficeContact } from '@/lib/counties/field-offices';
import { listCountyOperations } from '@/lib/counties/county-plans';
import { countyOperationsCsv } from '@/lib/counties/csv';
import { parseCountyFilter } from '@/lib/counties/filter';
import { AppError } from '@/lib/errors';
import { sendNewOwnerReminders } from '@/lib/jobs/reminders';
import { getOperationForActor } from '@/lib/operations/detail';
import { nextStepFor } from '@/lib/operations/next-step';
import { listOperationSummaries } from '@/lib/operations/queries';
import { setParameterValue } from '@/lib/parameters/values';
import { setOwnMailingAddress } from '@/lib/parties/mailing-address';
import { newOwnersPastDue, updatesOverdue } from '@/lib/reviews/compliance';
import { findPlanComplete, returnPlanIncomplete } from '@/lib/reviews/completeness';
import { decidePlan } from '@/lib/reviews/decision';
import { getDecisionLetter } from '@/lib/reviews/letter';
import { addDays } from '@/lib/rules';
import { approvedPlanFor, completeDraft, createOperation, createOwner, createReviewer, createUser, planVersion, submitNoChangeUpdate, submitOriginalPlan } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// The legal answers of issue 12 through the services, on operations and plans made here:
// IAC 567-65.110(5) (one in-force answer everywhere), 65.110(1)"d" (new owners owe an original plan only
// where the operation must have one), Iowa Code 4.1(34) (which rule moves which deadline), 65.110(1)"e"(2)
// (no update under a SAFO election), and what a decision letter carries.
const TODAY = '2026-11-30'; // a Monday
const ctx = { today: TODAY, origin: 'https://mmp.test' };

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe(`the law's answers, from one place, on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;
  const people = {} as Record<'hansen' | 'vanzee' | 'prairie' | 'ruth' | 'reviewer' | 'supervisor' | 'admin' | 'sioux' | 'washington', Actor>;
  const opId = async (name: string) => (await db().select({ id: operations.id }).from(operations).where(eq(operations.name, name)))[0]!.id;
  const planOf = async (name: string, status: string) => {
    const [p] = await db().select().from(plans).where(and(eq(plans.operationId, await opId(name)), eq(plans.status, status as never)));
    return p!;
  };

  // Made here, each plan through the real submit, completeness and decision services: plans approved
  // last spring; then Kalona's update disapproved 15 days ago, Hull's update under review, Stanhope's
  // update just submitted, and Sioux Center's original plan (its only one) under review.
  beforeAll(async () => {
    people.hansen = await createOwner({ name: 'Hansen Family Farms LLC' });
    people.vanzee = await createOwner({ name: 'Van Zee Pork Inc.', mailingAddress: 'PO Box 214\nHull, IA 51239' });
    people.prairie = await createOwner({ name: 'Prairie Egg Cooperative', mailingAddress: '1630 Xenia Avenue\nStanhope, IA 50246' });
    people.ruth = await createOwner({ name: 'Ruth Miller', kind: 'person', mailingAddress: '5561 Vine Avenue\nKalona, IA 52247' });
    people.reviewer = await createReviewer();
    people.supervisor = await createReviewer('department_supervisor');
    people.admin = await createUser('admin');
    people.sioux = await createUser('county_official', { countyFips: '19167', name: 'Sioux County Auditor' });
    people.washington = await createUser('county_official', { countyFips: '19183', name: 'Washington County Auditor' });
    const { reviewer } = people;
    const spring = addDays(TODAY, -240);
    const approved = async (owner: Actor, name: string, countyFips: string, fields: [string, string], safoElect = false) => {
      const { operationId } = await createOperation(owner, { name, countyFips, today: spring, safoElect });
      await approvedPlanFor(owner, operationId, reviewer, { today: spring, draft: completeDraft(fields) });
      return operationId;
    };
    const complete = async (planId: string, day: string) => findPlanComplete(reviewer, { planId, version: await planVersion(planId) }, day);
    await approved(people.hansen, 'Rock Valley Finisher Site', '19167', ['19167', '19119']);
    await approved(people.hansen, 'Sutherland Nursery (SAFO)', '19141', ['19141', '19167'], true);
    const siouxCenter = await createOperation(people.hansen, { name: 'Sioux Center Finisher II', countyFips: '19167', today: spring });
    const { planId: siouxCenterPlan } = await submitOriginalPlan(people.hansen, siouxCenter.operationId, { today: addDays(TODAY, -20), draft: completeDraft(['19167', '19167']) });
    await complete(siouxCenterPlan, addDays(TODAY, -15));
    const hull = await approved(people.vanzee, 'Hull Contract Finisher', '19167', ['19167', '19141']);
    await complete(await submitNoChangeUpdate(people.vanzee, hull, { today: addDays(TODAY, -55) }), addDays(TODAY, -50));
    const kalona = await approved(people.ruth, 'Kalona Dairy', '19183', ['19183', '19183']);
    const kalonaUpdate = await submitNoChangeUpdate(people.ruth, kalona, { today: addDays(TODAY, -40) });
    await complete(kalonaUpdate, addDays(TODAY, -35));
    await decidePlan(reviewer, { planId: kalonaUpdate, version: await planVersion(kalonaUpdate), decision: 'disapproved', reasons: 'The manure sample is older than the law allows.' }, { ...ctx, today: addDays(TODAY, -15) });
    const stanhope = await approved(people.prairie, 'Stanhope Layer Complex', '19079', ['19079', '19083']);
    await submitNoChangeUpdate(people.prairie, stanhope, { today: addDays(TODAY, -5) });
  });

  describe('IAC 567-65.110(5): manure removal, one answer', () => {
    it('an annual update disapproved after an approved original leaves removal allowed on the dashboard, the operation, the letter and the county list and export', async () => {
      const ruth = people.ruth;
      const kalona = await opId('Kalona Dairy');
      const summary = (await listOperationSummaries(ruth, TODAY)).find((o) => o.id === kalona)!;
      expect(summary).toMatchObject({ latestPlanStatus: 'disapproved', manureRemovalAllowed: true });
      const detail = await getOperationForActor(ruth, kalona, TODAY);
      expect(detail.manureRemoval).toMatchObject({ allowed: true, citation: 'IAC 567-65.110(5)' });
      expect(detail.manureRemoval.reading.confirmed).toBe(false);

      const disapproved = await planOf('Kalona Dairy', 'disapproved');
      const letter = await getDecisionLetter(ruth, disapproved.id, TODAY);
      expect(letter.parts.manureRemoval).toMatchObject({ allowed: true, citation: 'IAC 567-65.110(5)' });

      const washington = people.washington;
      const { rows } = await listCountyOperations(washington, parseCountyFilter({}));
      expect(rows.find((r) => r.name === 'Kalona Dairy')).toMatchObject({ manureRemovalAllowed: true });
      expect(countyOperationsCsv(rows, ctx.origin, (s) => s)).toContain('Allowed: an approved plan is in force');
    });

    it('an operation whose only plan is still in review has no approved plan in force anywhere', async () => {
      const hansen = people.hansen;
      const id = await opId('Sioux Center Finisher II');
      expect((await listOperationSummaries(hansen, TODAY)).find((o) => o.id === id)).toMatchObject({ manureRemovalAllowed: false });
      expect((await getOperationForActor(hansen, id, TODAY)).manureRemoval.allowed).toBe(false);
      const sioux = people.sioux;
      const { rows } = await listCountyOperations(sioux, parseCountyFilter({}));
      expect(rows.find((r) => r.name === 'Sioux Center Finisher II')).toMatchObject({ manureRemovalAllowed: false });
    });

    it('the disapproval letter emailed to the owner, and the county notice, say the same: an earlier approval stays in force', async () => {
      const reviewer = people.reviewer;
      const hull = await planOf('Hull Contract Finisher', 'under_review');
      await decidePlan(reviewer, { planId: hull.id, version: hull.version, decision: 'disapproved', reasons: 'Field 4 has no phosphorus index.' }, ctx);
      const [letter] = await db().select().from(emailOutbox).where(and(like(emailOutbox.eventKey, `plan:${hull.id}:decided:%`), eq(emailOutbox.toAddress, people.vanzee.email)));
      const text = letter!.text.replace(/\s+/g, ' ');
      expect(text).toContain('Manure removal from storage: allowed.');
      expect(text).toMatch(/Plan reference: MMP-\d{6}/);
      expect(text).toContain('PO Box 214 Hull, IA 51239');
      expect(text).toContain('Field Office 3 — Spencer');
      expect(text).toContain('notice of appeal');
      const [county] = await db().select().from(emailOutbox).where(and(like(emailOutbox.eventKey, `plan:${hull.id}:county-decided:%`), eq(emailOutbox.toAddress, people.sioux.email)));
      expect(county!.text.replace(/\s+/g, ' ')).toContain('Manure removal from storage: allowed.');
    });
  });

  describe('what a decision letter and a return notice carry', () => {
    it('the letter has the plan reference, the field office serving the county, the owner\'s address and, for a disapproval, the appeal deadline under the filing rule', async () => {
      const ruth = people.ruth;
      const disapproved = await planOf('Kalona Dairy', 'disapproved');
      const letter = await getDecisionLetter(ruth, disapproved.id, TODAY);
      expect(letter.parts.referenceNumber).toBe(disapproved.referenceNumber);
      expect(letter.parts.referenceNumber).toMatch(/^MMP-\d{6}$/);
      expect(letter.parts.office).toMatchObject({ name: 'Field Office 6 — Washington', phone: '319-653-2135' });
      expect(letter.parts.recipient).toEqual({ name: 'Ruth Miller', addressLines: ['5561 Vine Avenue', 'Kalona, IA 52247'] });
      // Decided 2026-11-15 (15 days before TODAY); 30 days later is Tuesday 2026-12-15, a working day.
      expect(letter.decidedOn).toBe(addDays(TODAY, -15));
      expect(letter.parts.appeal).toMatchObject({ lastDay: '2026-12-15', day: '2026-12-15', confirmed: false });
      expect(letter.parts.appeal!.text).toContain('by December 15, 2026');
    });

    it('an approval has no appeal paragraph', async () => {
      const hansen = people.hansen;
      const approved = await planOf('Rock Valley Finisher Site', 'approved');
      expect((await getDecisionLetter(hansen, approved.id, TODAY)).parts.appeal).toBeNull();
    });

    it('the administrator\'s appeal paragraph and office contact are what the letter prints; a Saturday last day moves to Monday', async () => {
      const admin = people.admin;
      const staff = people.reviewer;
      expect((await refusal(() => setParameterValue(staff, { key: 'appeal.notice', value: { days: 20, text: 'x'.repeat(30) }, effectiveFrom: '2026-01-01', source: 's', confirmed: true }))).code).toBe('FORBIDDEN');
      await setParameterValue(admin, {
        key: 'appeal.notice',
        value: { days: 20, text: 'To appeal, file a notice of appeal with the director by {deadline} (567 IAC chapter 7).' },
        effectiveFrom: '2026-01-01',
        source: '567 IAC 7.4 (department notice)',
        confirmed: true,
      });
      expect((await refusal(() => setFieldOfficeContact(staff, { id: 6, mailingAddress: '1 Main St\nWashington, IA 52353', phone: '319-555-0100' }))).code).toBe('FORBIDDEN');
      await setFieldOfficeContact(admin, { id: 6, mailingAddress: '500 South Iowa Avenue\nWashington, IA 52353', phone: '319-555-0100' });
      const ruth = people.ruth;
      const letter = await getDecisionLetter(ruth, (await planOf('Kalona Dairy', 'disapproved')).id, TODAY);
      // 2026-11-15 + 20 days = Saturday 2026-12-05: an appeal is a filing, so it runs to Monday 2026-12-07.
      expect(letter.parts.appeal).toMatchObject({ lastDay: '2026-12-05', day: '2026-12-07', confirmed: true });
      expect(letter.parts.appeal!.text).toContain('December 5, 2026, extended to December 7, 2026 (Iowa Code 4.1(34), filing rule');
      expect(letter.parts.office).toMatchObject({ addressLines: ['500 South Iowa Avenue', 'Washington, IA 52353'], phone: '319-555-0100' });
    });

    it('a return notice carries the reference, the appeal paragraph and the manure removal answer', async () => {
      const reviewer = people.reviewer;
      const stanhope = await planOf('Stanhope Layer Complex', 'submitted');
      await returnPlanIncomplete(reviewer, { planId: stanhope.id, version: stanhope.version, codes: ['OTHER'], details: { OTHER: 'Sign the plan.' } }, ctx);
      const [notice] = await db().select().from(emailOutbox).where(and(like(emailOutbox.eventKey, `plan:${stanhope.id}:returned-incomplete:%`), eq(emailOutbox.toAddress, people.prairie.email)));
      const text = notice!.text.replace(/\s+/g, ' ');
      expect(text).toContain(`Plan reference: ${stanhope.referenceNumber}`);
      expect(text).toContain('notice of appeal');
      expect(text).toContain('Manure removal from storage: allowed.');
      expect(text).toContain('1630 Xenia Avenue Stanhope, IA 50246');
    });

    it('an owner keeps their own mailing address; a bad one is refused on the field, and a reviewer has none to keep', async () => {
      const ruth = people.ruth;
      // The action parses with the form's schema first; the service refuses what is not an address too.
      await expect(setOwnMailingAddress(ruth, { mailingAddress: '5561 Vine Avenue' })).rejects.toThrow(/city, state and ZIP/);
      await setOwnMailingAddress(ruth, { mailingAddress: ' PO Box 7 \n\n Kalona, IA 52247 ' });
      const [party] = await db().select().from(parties).where(eq(parties.id, ruth.partyId!));
      expect(party!.mailingAddress).toBe('PO Box 7\nKalona, IA 52247');
      const reviewer = people.reviewer;
      expect((await refusal(() => setOwnMailingAddress(reviewer, { mailingAddress: '1 A St\nDes Moines, IA 50309' }))).code).toBe('FORBIDDEN');
    });
  });

  describe('IAC 567-65.110(1)"d": new owners, tested as the operation\'s owner would be', () => {
    const made: Record<string, string> = {};
    // Acquired 20 days before TODAY: day 60 is Saturday 2027-01-09, a filing, so due Monday 2027-01-11.
    const recent = addDays(TODAY, -20);
    // Acquired 90 days before: day 60 was Saturday 2026-10-31, so due Monday 2026-11-02, now past.
    const older = addDays(TODAY, -90);

    beforeAll(async () => {
      const prairie = people.prairie;
      const vanzee = { id: people.vanzee.partyId! };
      const make = async (name: string, head: number, constructedOn: string, acquiredOn: string, lastExpandedOn?: string) => {
        const [op] = await db().insert(operations).values({ name, kind: 'confinement', countyFips: '19149', constructedOn, lastExpandedOn: lastExpandedOn ?? null }).returning();
        await db().insert(animalInventory).values({ operationId: op!.id, category: 'cattle_slaughter_feeder', headAtCapacity: head });
        await db().insert(ownerships).values([
          { operationId: op!.id, ownerId: vanzee!.id, acquiredOn: constructedOn, releasedOn: acquiredOn },
          { operationId: op!.id, ownerId: prairie.partyId!, acquiredOn },
        ]);
        made[name] = op!.id;
      };
      await make('Bought SAFO (499 AU)', 499, '2010-04-01', recent);
      await make('Bought at 500 AU', 500, '2010-04-01', recent);
      await make('Bought at 501 AU', 501, '2010-04-01', recent);
      await make('Bought 1980 site, never expanded', 1200, '1980-04-01', recent);
      await make('Bought 1980 site, expanded 1996', 1200, '1980-04-01', older, '1996-06-01');
    });

    it('the dashboard and the operation page give a due date only where an MMP is required, moved by the filing rule', async () => {
      const prairie = people.prairie;
      const summaries = await listOperationSummaries(prairie, TODAY);
      const of = (name: string) => summaries.find((o) => o.id === made[name])!;
      for (const name of ['Bought SAFO (499 AU)', 'Bought at 500 AU', 'Bought 1980 site, never expanded']) {
        expect(of(name).newOwner).toMatchObject({ due: null, requirement: { required: false } });
        expect(of(name).newOwnerDueOn).toBeNull();
        expect(nextStepFor(of(name)).text).not.toMatch(/New owner/);
      }
      expect(of('Bought at 501 AU').newOwner!.due).toMatchObject({ lastDay: '2027-01-09', day: '2027-01-11', extended: true, kind: 'filing', daysLeft: 42 });
      expect(nextStepFor(of('Bought at 501 AU')).text).toMatch(/New owner: start your original plan \(due in 42 days\)/);
      const page = await getOperationForActor(prairie, made['Bought 1980 site, never expanded']!, TODAY);
      expect(page.newOwner).toBeNull();
      expect(page.newOwnerNotOwed!.requirement.reason).toMatch(/neither constructed nor expanded after May 31, 1985/);
    });

    it('the compliance list "new owners past their days" holds only owners who owe a plan, late after the moved day', async () => {
      const supervisor = people.supervisor;
      const late = await newOwnersPastDue(supervisor, TODAY);
      const names = late.map((i) => i.name);
      expect(names).toContain('Bought 1980 site, expanded 1996');
      expect(late.find((i) => i.name === 'Bought 1980 site, expanded 1996')).toMatchObject({ date: '2026-11-02' });
      for (const n of ['Bought SAFO (499 AU)', 'Bought at 500 AU', 'Bought 1980 site, never expanded', 'Bought at 501 AU']) expect(names).not.toContain(n);
      // Saturday 2026-10-31 moved to Monday 2026-11-02: on that Monday it is not yet late.
      expect((await newOwnersPastDue(supervisor, '2026-11-02')).map((i) => i.name)).not.toContain('Bought 1980 site, expanded 1996');
    });

    it('the calendar and the reminders follow the same answer', async () => {
      const prairie = people.prairie;
      const events = (await listCalendarEvents(prairie, TODAY, ctx.origin)).filter((e) => e.summary.startsWith('Original MMP due (new owner)'));
      const summaries = events.map((e) => e.summary);
      expect(summaries).toContain('Original MMP due (new owner): Bought at 501 AU');
      expect(summaries).toContain('Original MMP due (new owner): Bought 1980 site, expanded 1996');
      for (const n of ['Bought SAFO (499 AU)', 'Bought at 500 AU', 'Bought 1980 site, never expanded']) expect(summaries).not.toContain(`Original MMP due (new owner): ${n}`);
      expect(events.find((e) => e.summary.endsWith('Bought at 501 AU'))!.description).toContain('extended to January 11, 2027 (Iowa Code 4.1(34), filing rule');

      await sendNewOwnerReminders(db(), { today: TODAY, origin: ctx.origin });
      const sent = await db().select().from(emailOutbox).where(like(emailOutbox.eventKey, 'reminder:%:new_owner_due:%'));
      const keys = sent.map((s) => s.eventKey);
      expect(keys).toContain(`reminder:${made['Bought at 501 AU']}:new_owner_due:2027-01-09`);
      for (const n of ['Bought SAFO (499 AU)', 'Bought at 500 AU', 'Bought 1980 site, never expanded']) expect(keys.some((k) => k.includes(made[n]!))).toBe(false);
    });
  });

  describe('IAC 567-65.110(1)"e"(2) and Iowa Code 4.1(34) for annual updates', () => {
    it('an elected SAFO shows no update due and no update step', async () => {
      const hansen = people.hansen;
      const id = await opId('Sutherland Nursery (SAFO)');
      const summary = (await listOperationSummaries(hansen, TODAY)).find((o) => o.id === id)!;
      expect(summary).toMatchObject({ safoInForce: true, nextDueOn: null, nextDue: null, daysUntilDue: null });
      expect(nextStepFor(summary).text).toMatch(/elected SAFO files no annual update/);
      const page = await getOperationForActor(hansen, id, TODAY);
      expect(page.safo.inForce).toBe(true);
      expect(page.nextDue).toBeNull();
    });

    it('an update due on a Saturday is not overdue until the day after the Monday it moves to (filing rule)', async () => {
      const supervisor = people.supervisor;
      const rockValley = await opId('Rock Valley Finisher Site');
      // Assigned after the approval's own assignment and after its last plan was received (the newest counts).
      const createdAt = new Date(Math.max(Date.now() + 60_000, Date.parse(`${TODAY}T12:00:00Z`)));
      await db().insert(dueDateAssignments).values({ operationId: rockValley, dueOn: '2026-11-28', policy: 'individual_override', reason: 'Test: a Saturday due date', assignedByUserId: supervisor.id, createdAt });
      expect((await updatesOverdue(supervisor, TODAY)).items.map((i) => i.name)).not.toContain('Rock Valley Finisher Site');
      expect((await updatesOverdue(supervisor, addDays(TODAY, 1))).items.map((i) => i.name)).toContain('Rock Valley Finisher Site');
      const hansen = people.hansen;
      const summary = (await listOperationSummaries(hansen, TODAY)).find((o) => o.id === rockValley)!;
      expect(summary.nextDue).toMatchObject({ lastDay: '2026-11-28', day: '2026-11-30', extended: true, daysLeft: 0 });
    });
  });
});
