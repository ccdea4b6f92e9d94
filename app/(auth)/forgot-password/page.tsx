import type { Metadata } from 'next';
import { PageHeading } from '@/components/page-heading';
import { ForgotPasswordForm } from './forgot-password-form';

export const metadata: Metadata = { title: 'Reset your password' };

export default function ForgotPasswordPage() {
  return (
    <div className="tablet:grid-col-8">
      <PageHeading title="Reset your password" lead="Enter the email you sign in with. We will email you a link to choose a new password." />
      <ForgotPasswordForm />
    </div>
  );
}
