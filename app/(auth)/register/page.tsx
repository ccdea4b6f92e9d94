import type { Metadata } from 'next';
import { PageHeading } from '@/components/page-heading';
import { RegisterForm } from './register-form';

export const metadata: Metadata = { title: 'Create an owner account' };

export default function RegisterPage() {
  return (
    <div className="tablet:grid-col-8">
      <PageHeading
        title="Create an owner account"
        lead="For owners of confinement feeding operations. Preparers, department staff and county officials are invited by the department."
      />
      <RegisterForm />
    </div>
  );
}
