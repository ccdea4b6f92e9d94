import type { Metadata } from 'next';
import { PageHeading } from '@/components/page-heading';
import { PreparerRegisterForm } from './preparer-register-form';

export const metadata: Metadata = { title: 'Create a preparer account' };

export default function RegisterPreparerPage() {
  return (
    <div className="tablet:grid-col-8">
      <PageHeading
        title="Create a preparer account"
        lead="For consultants who prepare and file plans for owners. Once your account exists, each owner grants you access to their operations (all of them, or the ones they choose); until then you see none."
      />
      <PreparerRegisterForm />
    </div>
  );
}
