import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { EditOperationForm } from '@/components/operation/edit-operation-form';
import type { OperationFormValues } from '@/components/operation/form-types';
import { PageHeading } from '@/components/page-heading';
import { getDb } from '@/lib/db';
import { inScope, requireCapability } from '@/lib/auth/gates';
import { today } from '@/lib/clock';
import { getOperationForActor, listContractorOptions, type OperationDetail } from '@/lib/operations/detail';
import { listCountyOptions } from '@/lib/plans/check-context';
import { editOperationAction } from '../../actions';

export const metadata: Metadata = { title: 'Edit operation' };

function formValues(d: OperationDetail): OperationFormValues {
  const op = d.operation;
  return {
    name: op.name, kind: op.kind, countyFips: op.countyFips, township: op.township ?? '', range: op.range ?? '', section: op.section ?? '',
    quarterSection: op.quarterSection ?? '', address911: op.address911 ?? '', latitude: op.latitude ?? '', longitude: op.longitude ?? '',
    constructedOn: op.constructedOn ?? '', lastExpandedOn: op.lastExpandedOn ?? '', constructionPermitStatus: op.constructionPermitStatus,
    inventory: d.inventory.lines.map((l) => ({ category: l.category, head: l.head })),
    storage: d.storage.map((s) => ({ name: s.name, kind: s.kind, capacityGallons: s.capacityGallons ?? '', constructedOn: s.constructedOn ?? '' })),
    contractProducer: op.contractProducer, activeContractorId: op.activeContractorId ?? '', researchCollege: op.researchCollege,
    safoElect: d.safo.inForce, peakAnimalUnitsHoused: op.peakAnimalUnitsHoused ?? '', peakHousedOn: op.peakHousedOn ?? '',
  };
}

export default async function EditOperationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requireCapability('operation.edit', `/operations/${id}/edit`);
  const detail = await inScope(getOperationForActor(actor, id, today()));
  const [counties, contractors] = await Promise.all([getDb().then(listCountyOptions), listContractorOptions()]);
  const values = formValues(detail);
  if (!values.inventory.length) values.inventory = [{ category: '', head: '' }];
  return (
    <>
      <Breadcrumbs items={[{ label: 'My operations', href: '/dashboard' }, { label: detail.operation.name, href: `/operations/${id}` }, { label: 'Edit' }]} />
      <PageHeading title={`Edit ${detail.operation.name}`} lead="Changes take effect when you save. A plan you have already filed keeps the figures it was filed with." />
      <EditOperationForm
        operationId={id}
        lockToken={detail.operation.updatedAt.toISOString()}
        defaults={values}
        counties={counties.map((c) => ({ value: c.fips, label: c.name }))}
        contractors={contractors}
        electionInForce={detail.safo.inForce}
        action={editOperationAction}
      />
    </>
  );
}
