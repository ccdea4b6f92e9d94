import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { asc } from 'drizzle-orm';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { PageHeading } from '@/components/page-heading';
import { getDb } from '@/lib/db';
import { counties } from '@/db/schema';
import { listUsers } from '@/lib/auth/admin';
import { requireCapability } from '@/lib/auth/gates';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { getSecondFactorStatus } from '@/lib/auth/second-factor';
import { formatDateTime } from '@/lib/format';
import { ManageUserForms } from './manage-user-forms';
import { ResetSecondFactorForm } from './reset-second-factor-form';

export const metadata: Metadata = { title: 'Manage account' };

export default async function ManageUserPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requireCapability('user.change_role', `/admin/users/${id}`);
  const user = (await listUsers(actor)).find((u) => u.id === id);
  if (!user) notFound();
  const db = await getDb();
  const countyList = await db.select({ fips: counties.fips, name: counties.name }).from(counties).orderBy(asc(counties.name));
  const factor = await getSecondFactorStatus(user.id);
  return (
    <>
      <Breadcrumbs items={[{ label: 'Users', href: '/admin/users' }, { label: user.name }]} />
      <PageHeading title={user.name} lead={`${user.email} — ${ROLE_LABELS[user.role]}${user.countyName ? `, ${user.countyName} County` : ''}`} />
      {user.id === actor.id ? (
        <p>This is your own account. Another administrator changes its role.</p>
      ) : (
        <ManageUserForms userId={user.id} role={user.role} disabled={user.disabled} counties={countyList} />
      )}
      <section aria-labelledby="second-factor-heading">
        <h2 id="second-factor-heading">Second factor</h2>
        {factor.enrolled ? (
          <>
            <p>
              An authenticator app, set up on {formatDateTime(factor.confirmedAt!)}
              {factor.lastUsedAt ? `, last used ${formatDateTime(factor.lastUsedAt)}` : ''}; {factor.recoveryCodesLeft} recovery code
              {factor.recoveryCodesLeft === 1 ? '' : 's'} left.
            </p>
            {user.id === actor.id ? (
              <p>Another administrator resets your own second factor.</p>
            ) : (
              <>
                <p>
                  Lost phone and lost recovery codes? Resetting removes the app: the person signs in with their password, then sets up a
                  new one. Their open sessions end.
                </p>
                <ResetSecondFactorForm userId={user.id} />
              </>
            )}
          </>
        ) : (
          <p>None set up: this account signs in with its password alone.</p>
        )}
      </section>
    </>
  );
}
