import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { PageHeading } from '@/components/page-heading';
import { SummaryBox } from '@/components/summary-box';
import { requireActor } from '@/lib/auth/session';
import { getNotificationPreferences } from '@/lib/preferences/preferences';
import { PreferencesForm } from './preferences-form';

export const metadata: Metadata = { title: 'Email notifications' };

export default async function NotificationsPage() {
  const actor = await requireActor('/account/notifications');
  const prefs = await getNotificationPreferences(actor.id);
  const owner = actor.role === 'owner';
  const county = actor.role === 'county_official';
  return (
    <>
      <Breadcrumbs items={[{ label: 'Your account', href: '/account' }, { label: 'Email notifications' }]} />
      <PageHeading title="Email notifications" lead={`Choose which optional emails we send to ${actor.email}.`} />
      <SummaryBox heading="Always sent: these cannot be turned off">
        <p className="margin-top-0">Emails about your own plans and account go out whatever you choose here:</p>
        <ul className="usa-list margin-bottom-0">
          <li>the receipt of a plan you submit, and the department’s decision on it (approved or disapproved, with reasons);</li>
          <li>a plan returned as incomplete, with what is missing;</li>
          <li>fee receipts, and account emails (invitations, email confirmation, password resets).</li>
        </ul>
      </SummaryBox>
      {owner || county ? (
        <PreferencesForm initial={prefs} showReminders={owner} showDigest={county} />
      ) : (
        <p>
          There is nothing to choose for your account: reminders of annual updates go to operation owners, and digests to
          county officials.
        </p>
      )}
    </>
  );
}
