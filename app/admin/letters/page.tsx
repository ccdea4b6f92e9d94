import type { Metadata } from 'next';
import { DataTable } from '@/components/data-table';
import { Unconfirmed } from '@/components/law/unconfirmed';
import { PageHeading } from '@/components/page-heading';
import { requireCapability } from '@/lib/auth/gates';
import { today } from '@/lib/clock';
import { listFieldOffices } from '@/lib/counties/field-offices';
import { formatDate } from '@/lib/format';
import { listParameterVersions, versionOn, type ParameterVersion } from '@/lib/parameters/values';
import { latestParameter } from '@/lib/rules';
import { AppealForm } from './appeal-form';
import { OfficeForm } from './office-form';

export const metadata: Metadata = { title: 'Decision letters' };

// What decision letters print besides the decision: the appeal paragraph (a parameter, flagged until the
// department confirms it) and each field office's contact.
export default async function LettersPage() {
  await requireCapability('parameter.set', '/admin/letters');
  const date = today();
  const [versions, offices] = await Promise.all([listParameterVersions('appeal.notice'), listFieldOffices()]);
  const inForce = versionOn(versions, date);
  return (
    <>
      <PageHeading
        title="Decision letters"
        lead="The appeal paragraph of disapproval letters and return notices, and the field office contact every letter prints (the office that serves the operation’s county)."
      />
      <h2>Appeal paragraph</h2>
      {inForce && !inForce.confirmed ? <p><Unconfirmed what="The paragraph in force" source={inForce.source} /></p> : null}
      <DataTable<ParameterVersion<'appeal.notice'>>
        caption="Appeal paragraph: every version (Iowa Code chapter 17A; 567 IAC chapter 7)"
        stacked
        rows={[...versions].reverse()}
        rowKey={(v) => `${v.origin}-${v.effectiveFrom}`}
        columns={[
          { key: 'from', header: 'For decisions from', rowHeader: true, cell: (v) => `${formatDate(v.effectiveFrom)}${v === inForce ? ' (in force today)' : ''}` },
          { key: 'days', header: 'Days to appeal', cell: (v) => v.value.days },
          { key: 'text', header: 'Text', cell: (v) => v.value.text },
          { key: 'confirmed', header: 'Confirmed', cell: (v) => (v.confirmed ? 'Yes' : 'No: unconfirmed') },
          { key: 'by', header: 'Entered by', cell: (v) => (v.origin === 'rules' ? 'Portal default' : v.setByName ?? '—') },
        ]}
      />
      <h3>Enter a new version</h3>
      <AppealForm current={inForce?.value ?? latestParameter('appeal.notice').value} today={date} />
      <h2 className="margin-top-5">Field office contacts</h2>
      {offices.map((o) => (
        <section key={o.id} aria-label={o.name} className="margin-bottom-4">
          <OfficeForm office={{ id: o.id, name: o.name, mailingAddress: o.addressLines.join('\n'), phone: o.phone ?? '' }} />
        </section>
      ))}
    </>
  );
}
