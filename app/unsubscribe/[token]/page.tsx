import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Alert } from '@/components/alert';
import { PageHeading } from '@/components/page-heading';
import { describeUnsubscribeLink } from '@/lib/notifications/unsubscribe';

export const metadata: Metadata = { title: 'Stop these emails', robots: { index: false } };

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// Opened from the unsubscribe link of a message (no sign-in): says what the link stops and asks
// once, with a plain form post that works without JavaScript on a slow phone.
export default async function UnsubscribePage({ params, searchParams }: Props) {
  const { token } = await params;
  const done = (await searchParams).done === '1';
  const link = await describeUnsubscribeLink(token);
  if (!link) notFound();
  if (done) {
    return (
      <>
        <PageHeading title="You are unsubscribed" />
        <Alert type="success" role="status" heading="Done">
          {`${link.address} will no longer get ${link.label}.`}
        </Alert>
        <p>
          Deadlines still apply whether or not these emails arrive. You can turn them back on at any time in your{' '}
          <Link href="/account/notifications">notification settings</Link> (sign-in needed).
        </p>
      </>
    );
  }
  return (
    <>
      <PageHeading title="Stop these emails?" lead={`Stop sending ${link.label} to ${link.address}.`} />
      <p>Emails about decisions on your plans, receipts and your account are not affected.</p>
      <form method="post" action={`/api/unsubscribe/${encodeURIComponent(token)}`}>
        <input type="hidden" name="confirm" value="1" />
        <button type="submit" className="usa-button">
          Stop these emails
        </button>
      </form>
      <p className="margin-top-3">
        To choose email by email instead, open your <Link href="/account/notifications">notification settings</Link>.
      </p>
    </>
  );
}
