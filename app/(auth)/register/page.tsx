import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeading } from '@/components/page-heading';
import { RegisterForm } from './register-form';

export const metadata: Metadata = { title: 'Create an owner account' };

export default function RegisterPage() {
  return (
    <div className="tablet:grid-col-8">
      <PageHeading
        title="Create an owner account"
        lead="For owners of confinement feeding operations. Department staff and county officials are invited by the department."
      />
      <p>
        Preparing plans for clients? <Link href="/register/preparer">Create a preparer account</Link> with your firm’s name instead.
      </p>
      <RegisterForm />
    </div>
  );
}
