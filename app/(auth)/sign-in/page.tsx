import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { PageHeading } from '@/components/page-heading';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, PORTFOLIO_ACCOUNTS } from '@/lib/demo/demo-people';
import { getActor } from '@/lib/auth/session';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { databaseMode, getEnv } from '@/lib/env';
import { safeReturnPath } from '@/lib/url';
import { SignInForm } from './sign-in-form';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const returnTo = safeReturnPath(typeof params.callbackUrl === 'string' ? params.callbackUrl : null);
  if (await getActor()) redirect(returnTo ?? '/home');
  const demo = databaseMode() === 'embedded' || getEnv().MMP_DEMO;
  return (
    <div className="grid-row grid-gap-lg">
      <div className="tablet:grid-col-6">
        <PageHeading title="Sign in" lead="Owners, preparers, department staff and county officials sign in here." />
        <SignInForm returnTo={returnTo} />
        <p>
          <Link href="/forgot-password">Forgot your password?</Link>
        </p>
        <p>
          Own a livestock operation? <Link href="/register">Create an owner account</Link>. Department and county
          accounts are created by invitation.
        </p>
      </div>
      {demo ? (
        <aside className="tablet:grid-col-6" aria-labelledby="demo-accounts">
          <div className="usa-summary-box margin-top-4">
            <div className="usa-summary-box__body">
              <h2 className="usa-summary-box__heading" id="demo-accounts">
                Demo accounts
              </h2>
              <p>
                This portal runs with demo data. Every demo account’s password is <code>{DEMO_PASSWORD}</code>.
              </p>
              <ul className="usa-list">
                {[...DEMO_ACCOUNTS, ...PORTFOLIO_ACCOUNTS].map((a) => (
                  <li key={a.email}>
                    <code>{a.email}</code> — {ROLE_LABELS[a.role]}: {a.name}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </aside>
      ) : null}
    </div>
  );
}
