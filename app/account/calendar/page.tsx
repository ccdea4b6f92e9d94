import type { Metadata } from 'next';
import { latestParameter } from '@/lib/rules';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { PageHeading } from '@/components/page-heading';
import { SummaryBox } from '@/components/summary-box';
import { requireActor } from '@/lib/auth/session';
import type { Role } from '@/lib/auth/roles';
import { getCalendarFeedStatus } from '@/lib/calendar/feeds';
import { formatDateTime } from '@/lib/format';
import { CalendarControls } from './calendar-controls';

export const metadata: Metadata = { title: 'Calendar feed' };


const REVIEW = latestParameter('days.mmp_review');
const WHAT: Record<Role, string> = {
  owner: 'the annual update due dates of your operations, and the deadline for a new owner’s original plan',
  preparer: 'the annual update due dates of the operations you prepare plans for, and any new owner’s deadline',
  active_contractor: 'the annual update due dates of the operations you are the active contractor for',
  county_official: 'the annual update due dates, for the next six months, of the operations located in your county or land-applying manure in it',
  department_staff: `the decision deadlines of the reviews assigned to you (the last of the ${REVIEW.value} days of ${REVIEW.citation}; a Sunday runs to Monday under Iowa Code 4.1(34))`,
  department_supervisor: `the decision deadlines of the reviews assigned to you (the last of the ${REVIEW.value} days of ${REVIEW.citation}; a Sunday runs to Monday under Iowa Code 4.1(34))`,
  admin: 'nothing yet: administrators have no plan dates',
};

export default async function CalendarPage() {
  const actor = await requireActor('/account/calendar');
  const status = await getCalendarFeedStatus(actor.id);
  return (
    <>
      <Breadcrumbs items={[{ label: 'Your account', href: '/account' }, { label: 'Calendar feed' }]} />
      <PageHeading title="Calendar feed" lead="Subscribe to your dates from your calendar app. The calendar updates itself when a date changes." />
      <SummaryBox heading="What your calendar shows">
        <p className="margin-y-0">Your calendar shows {WHAT[actor.role]}.</p>
      </SummaryBox>
      <h2>Your private address</h2>
      <p>
        Anyone who has the address can see these dates, so keep it to yourself. If it gets out, make a new one: the old
        one stops working at once.
      </p>
      <p>
        {status.active && status.createdAt
          ? `You have a working calendar address, made ${formatDateTime(status.createdAt)}.`
          : 'You have no calendar address yet.'}
      </p>
      <CalendarControls active={status.active} />
    </>
  );
}
