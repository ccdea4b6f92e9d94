// The reminders of the daily job: update due in 60, 30 and 7 days, update overdue, and a new owner's
// original plan (IAC 567-65.110(1)"d", (3)"b"). One reminder per operation, kind and due date, ever:
// the reminders_sent insert and the emails it allows commit together or not at all.
import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '@/db/client';
import type { EmailRecipient } from '@/lib/notifications/outbox';
import type { MailList } from '@/lib/notifications/lists';
import { deadlineOf, extensionOf } from '@/lib/deadlines';
import { newOwnerObligation } from '@/lib/operations/new-owner';
import { animalUnitCapacity, annualComplianceFee, daysBetween, type AnimalCategory } from '@/lib/rules';
import { insertRenderedEmails, type RenderedMessage } from './outbox-bulk';
import { findNewOwnerCandidates, findUpdateReminderCandidates, type UpdateCandidate } from './reminder-candidates';
import { renderJobMail } from '@/lib/mail/renderer';
import { earliestOpenAcquisition, OPTIONAL_REMINDERS, reminderTriggers, supersededOnCatchUp, type ReminderKind } from './triggers';

export type ReminderCounts = Record<ReminderKind, number>;
type Planned = { operationId: string; kind: ReminderKind; dueOn: string; message: RenderedMessage };

/** Which stoppable kind of mail a reminder is (lib/notifications/lists.ts). */
export function reminderList(kind: ReminderKind): MailList {
  return OPTIONAL_REMINDERS.includes(kind) ? 'update_reminders' : 'deadline_notices';
}

/** The owner's accounts (minus those who turned this kind off), else the owner's address on file (unless it unsubscribed). */
export function reminderRecipients(c: Pick<UpdateCandidate, 'users' | 'partyEmail' | 'partyOptOuts'>, kind: ReminderKind): EmailRecipient[] {
  const list = reminderList(kind);
  if (c.users.length) {
    return c.users.filter((u) => (list === 'update_reminders' ? u.reminders : u.deadlines)).map((u) => ({ address: u.email, userId: u.id }));
  }
  return c.partyEmail && !(c.partyOptOuts ?? []).includes(list) ? [{ address: c.partyEmail }] : [];
}

const key = (operationId: string, kind: string, dueOn: string) => `${operationId}|${kind}|${dueOn}`;

async function planUpdateReminder(c: UpdateCandidate, today: string, origin: string): Promise<Planned | null> {
  const recipients = reminderRecipients(c, c.kind);
  if (!recipients.length) return null;
  const au = animalUnitCapacity(c.heads as Partial<Record<AnimalCategory, number>>);
  // IAC 567-65.110(3)"b"(3) due date, moved by Iowa Code 4.1(34) (filing rule) when it is not a working day.
  const due = deadlineOf('annual_update', c.dueOn, today);
  const common = {
    ownerName: c.ownerName,
    operationName: c.operationName,
    facilityId: c.facilityId ?? 'not yet assigned',
    dueOn: c.dueOn,
    dueExtended: extensionOf(due),
    animalUnitCapacity: au,
    complianceFeeCents: annualComplianceFee({ animalUnitCapacity: au, contractProducer: c.contractProducer }).cents,
    updateUrl: `${origin}/operations/${c.operationId}`,
    fieldOffice: c.fieldOffice,
    preferencesUrl: `${origin}/account/notifications`,
  };
  const eventKey = `reminder:${c.operationId}:${c.kind}:${c.dueOn}`;
  const planned = (message: Omit<RenderedMessage, 'eventKey' | 'recipients'>): Planned => ({
    operationId: c.operationId,
    kind: c.kind,
    dueOn: c.dueOn,
    message: { ...message, eventKey, recipients, replyTo: c.fieldOffice?.email ?? null },
  });
  if (c.kind === 'update_overdue') {
    const props = { ...common, daysOverdue: daysBetween(due.day, today) };
    return planned({ template: 'update-overdue', props, email: await renderJobMail('update-overdue', props) });
  }
  const props = { ...common, daysLeft: daysBetween(today, c.dueOn) };
  return planned({ template: 'update-due-reminder', props, email: await renderJobMail('update-due-reminder', props) });
}

async function planNewOwnerReminders(db: Executor, today: string, origin: string): Promise<Planned[]> {
  const out: Planned[] = [];
  for (const c of await findNewOwnerCandidates(db, earliestOpenAcquisition(today), today)) {
    // IAC 567-65.110(1)"d": only a new owner of an operation that must have an MMP owes an original one.
    const owed = newOwnerObligation({
      acquiredOn: c.acquiredOn, decided: c.decided, animalUnitCapacity: animalUnitCapacity(c.heads as Partial<Record<AnimalCategory, number>>),
      constructedOn: c.constructedOn, lastExpandedOn: c.lastExpandedOn, researchCollege: false,
    }, today).due;
    if (!owed) continue;
    const dueOn = owed.lastDay;
    const recipients = reminderRecipients(c, 'new_owner_due');
    if (owed.daysLeft < 0 || !recipients.length) continue;
    const props = {
      ownerName: c.ownerName,
      operationName: c.operationName,
      facilityId: c.facilityId ?? 'not yet assigned',
      previousOwnerName: c.previousOwnerName,
      acquiredOn: c.acquiredOn,
      dueOn,
      dueExtended: extensionOf(owed),
      daysLeft: owed.daysLeft,
      planUrl: `${origin}/operations/${c.operationId}`,
      fieldOffice: c.fieldOffice,
      preferencesUrl: `${origin}/account/notifications`,
    };
    const email = await renderJobMail('new-owner-due', props);
    const eventKey = `reminder:${c.operationId}:new_owner_due:${dueOn}`;
    out.push({ operationId: c.operationId, kind: 'new_owner_due', dueOn, message: { eventKey, recipients, template: 'new-owner-due', props, email, replyTo: c.fieldOffice?.email ?? null } });
  }
  return out;
}

function emptyCounts(): ReminderCounts {
  return { update_due_60: 0, update_due_30: 0, update_due_7: 0, update_overdue: 0, new_owner_due: 0 };
}

/**
 * In one transaction, claims each planned reminder in reminders_sent (ON CONFLICT DO NOTHING) and
 * writes to the outbox only the emails of the claims that were new. A second run, or a concurrent
 * one, queues nothing more.
 */
async function claimAndQueue(db: Executor, planned: Planned[]): Promise<ReminderCounts> {
  const counts = emptyCounts();
  if (!planned.length) return counts;
  const claims = planned.map((p) => ({ operationId: p.operationId, kind: p.kind, dueOn: p.dueOn }));
  await db.transaction(async (tx) => {
    const claimed = await queryRows<{ operationId: string; kind: ReminderKind; dueOn: string }>(
      tx,
      sql`insert into reminders_sent (operation_id, kind, due_on)
        select x."operationId", x.kind, x."dueOn"
        from jsonb_to_recordset(${JSON.stringify(claims)}::jsonb) as x("operationId" uuid, kind reminder_kind, "dueOn" date)
        on conflict do nothing
        returning operation_id as "operationId", kind, due_on::text as "dueOn"`,
    );
    const won = new Set(claimed.map((c) => key(c.operationId, c.kind, c.dueOn)));
    const messages = planned.filter((p) => won.has(key(p.operationId, p.kind, p.dueOn)));
    await insertRenderedEmails(tx, messages.map((p) => p.message));
    for (const p of messages) counts[p.kind] += 1;
  });
  return counts;
}

/**
 * The update reminders whose day is `day` (today, or a day a run missed), worded as of `today`.
 * They are found and rendered outside the transaction, so the embedded database is not held while
 * React renders. On a missed day, a reminder overtaken by a later one is skipped (supersededOnCatchUp).
 */
export async function sendUpdateRemindersForDay(db: Executor, input: { day: string; today: string; origin: string }): Promise<ReminderCounts> {
  const planned: Planned[] = [];
  for (const c of await findUpdateReminderCandidates(db, reminderTriggers(input.day, input.day))) {
    if (input.day !== input.today && supersededOnCatchUp(c.kind, c.dueOn, input.today)) continue;
    const p = await planUpdateReminder(c, input.today, input.origin);
    if (p) planned.push(p);
  }
  return claimAndQueue(db, planned);
}

/** IAC 567-65.110(1)"d": each new owner still inside their 60 days gets one reminder. */
export async function sendNewOwnerReminders(db: Executor, input: { today: string; origin: string }): Promise<ReminderCounts> {
  return claimAndQueue(db, await planNewOwnerReminders(db, input.today, input.origin));
}

export function addCounts(total: ReminderCounts, more: ReminderCounts): ReminderCounts {
  for (const k of Object.keys(total) as ReminderKind[]) total[k] += more[k];
  return total;
}

export { emptyCounts };
