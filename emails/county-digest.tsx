import { Link } from '@react-email/link';
import { formatDate } from '@/lib/format';
import { countyRelationPhrase, planKindLabel } from '@/lib/notifications/labels';
import { EmailLayout } from './components/layout';
import { Action, Bullets, P, Subheading, Title } from './components/parts';
import type { CountyDigestItem, CountyDigestProps } from '@/lib/mail/templates';

// One email instead of one per plan, for a county official who chose a daily or weekly digest of
// the plans touching their county (IAC 567-65.110(3)"b"(2): counties get access to filed plans).

const plural = (n: number) => (n === 1 ? '1 plan' : `${n} plans`);

export function subject(p: CountyDigestProps): string {
  return `${p.countyName} County: ${plural(p.items.length)} in your ${p.frequency} digest (${formatDate(p.sentOn)})`;
}

function describe(item: CountyDigestItem, countyName: string): string {
  const what = `${planKindLabel(item.planKind, item.updateKind)} for ${item.operationName} (facility ${item.facilityId}, ${item.ownerName}), which ${countyRelationPhrase(item.relations, countyName)}`;
  if (item.event === 'decided' && item.decision && item.decidedOn) {
    return `${item.decision === 'approved' ? 'Approved' : 'Disapproved'} on ${formatDate(item.decidedOn)}: ${what}.`;
  }
  return `Received${item.receivedOn ? ` on ${formatDate(item.receivedOn)}` : ''}: ${what}.`;
}

export function CountyDigestEmail(p: CountyDigestProps) {
  const received = p.items.filter((i) => i.event === 'submitted');
  const decided = p.items.filter((i) => i.event === 'decided');
  const list = (items: CountyDigestItem[]) => (
    <Bullets
      items={items.map((item, i) => (
        <span key={i}>
          {`${describe(item, p.countyName)} `}
          <Link href={item.planUrl}>{item.planUrl}</Link>
        </span>
      ))}
    />
  );
  return (
    <EmailLayout
      fieldOffice={p.fieldOffice}
      preferencesUrl={p.preferencesUrl}
      preview={`${plural(p.items.length)} touching ${p.countyName} County since your last digest.`}
      reason={`You received this email because you are a designated county official for ${p.countyName} County and chose a ${p.frequency} digest instead of one email per plan. The department gives each county where an operation is located, or where its manure is land-applied, access to its plan (IAC 567-65.110(3)"b"(2)).`}
    >
      <Title>{`Your ${p.frequency} digest: ${plural(p.items.length)} touching ${p.countyName} County`}</Title>
      <P>{`Dear ${p.officialName},`}</P>
      <P>You do not need to do anything for the department to review these plans. You can read each one in the portal.</P>
      {received.length ? (
        <>
          <Subheading>{`Plans received (${received.length})`}</Subheading>
          {list(received)}
        </>
      ) : null}
      {decided.length ? (
        <>
          <Subheading>{`Plans decided (${decided.length})`}</Subheading>
          {list(decided)}
        </>
      ) : null}
      <Action href={p.receivedUrl}>See plans received since you last looked</Action>
      <P>{`To get one email per plan instead, or a different digest, change your notification settings: ${p.preferencesUrl}`}</P>
    </EmailLayout>
  );
}

export const previewProps: CountyDigestProps = {
  fieldOffice: { name: 'Field Office 3 — Spencer', email: 'field-office-3@dnr.iowa.example' },
  officialName: 'Karen De Jong',
  countyName: 'Lyon',
  frequency: 'weekly',
  sentOn: '2027-01-11',
  items: [
    {
      event: 'submitted',
      operationName: 'Rock Valley Finishers',
      facilityId: '64512',
      ownerName: 'Dana Vander Berg',
      relations: ['land_applied_in'],
      planKind: 'annual_update',
      updateKind: 'no_change_statement',
      receivedOn: '2027-01-04',
      planUrl: 'https://mmp.iowa.example/plans/3f6c2a8e-1b7d-4e52-9a0c-5d8e7f1a2b3c',
    },
    {
      event: 'decided',
      operationName: 'Doon Sow Unit',
      facilityId: '64503',
      ownerName: 'Van Zee Pork Inc.',
      relations: ['located_in', 'land_applied_in'],
      planKind: 'original',
      receivedOn: '2026-11-02',
      decision: 'approved',
      decidedOn: '2027-01-06',
      planUrl: 'https://mmp.iowa.example/plans/9a1d7c3e-52b4-4f0e-8c6a-1e2f3a4b5c6d',
    },
  ],
  receivedUrl: 'https://mmp.iowa.example/county/received',
  preferencesUrl: 'https://mmp.iowa.example/account/notifications',
};
