import type { Metadata } from 'next';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import { SummaryBox } from '@/components/summary-box';
import { requireCapability } from '@/lib/auth/gates';
import { today } from '@/lib/clock';
import { indemnityCollectionState } from '@/lib/fees/indemnity';
import { formatDate, formatMoney } from '@/lib/format';
import { APPLIES_TO_LABELS, STAFF_PARAMETERS, type StaffParameterKey } from '@/lib/parameters/registry';
import { listParameterVersions, versionOn, type ParameterVersion } from '@/lib/parameters/values';
import { AmountForm } from './amount-form';
import { ScheduleForm } from './schedule-form';

export const metadata: Metadata = { title: 'Fee parameters' };

function show(key: StaffParameterKey, value: unknown): string {
  if (key === 'indemnity.fee_schedule') {
    const rates = value as { description: string; centsPerAnimalUnit: number; appliesTo: keyof typeof APPLIES_TO_LABELS }[];
    return rates.length ? rates.map((r) => `${r.description}: ${r.centsPerAnimalUnit}¢ per AU (${APPLIES_TO_LABELS[r.appliesTo].toLowerCase()})`).join('; ') : 'No rates entered';
  }
  return formatMoney(Number(value));
}

function History({ k, versions, date }: { k: StaffParameterKey; versions: ParameterVersion[]; date: string }) {
  const inForce = versionOn(versions, date);
  return (
    <DataTable<ParameterVersion>
      caption={`${STAFF_PARAMETERS[k].label}: every version (${STAFF_PARAMETERS[k].citation})`}
      stacked
      rows={[...versions].reverse()}
      rowKey={(v) => `${v.origin}-${v.effectiveFrom}`}
      emptyMessage="No value entered yet."
      columns={[
        { key: 'from', header: 'In effect from', rowHeader: true, cell: (v) => `${formatDate(v.effectiveFrom)}${v === inForce ? ' (in force today)' : ''}` },
        { key: 'value', header: 'Value', cell: (v) => show(k, v.value) },
        { key: 'confirmed', header: 'Confirmed', cell: (v) => (v.confirmed ? 'Yes' : 'No: unconfirmed') },
        { key: 'by', header: 'Entered by', cell: (v) => (v.origin === 'rules' ? 'Portal default' : v.setByName ?? '—') },
        { key: 'source', header: 'Source', cell: (v) => v.source },
      ]}
    />
  );
}

export default async function ParametersPage() {
  await requireCapability('parameter.set', '/admin/parameters');
  const date = today();
  const keys = Object.keys(STAFF_PARAMETERS) as StaffParameterKey[];
  const versions = Object.fromEntries(await Promise.all(keys.map(async (k) => [k, await listParameterVersions(k)] as const))) as Record<StaffParameterKey, ParameterVersion[]>;
  const state = await indemnityCollectionState(date);
  const schedule = versionOn(versions['indemnity.fee_schedule'], date);
  const current = ((schedule?.value ?? []) as { description: string; centsPerAnimalUnit: number; appliesTo: string }[]).map((r) => ({ ...r, centsPerAnimalUnit: String(r.centsPerAnimalUnit) }));
  return (
    <>
      <PageHeading
        title="Fee parameters"
        lead="The manure storage indemnity fee schedule (Iowa Code 459.503) and the fund limits that suspend and resume its collection (459.503A). Each value is effective from a date; earlier values are kept."
      />
      <SummaryBox heading={state.collecting ? 'Indemnity fees are being collected' : 'Indemnity fee collection is suspended'}>
        <p className="margin-y-0">
          {state.since
            ? `Since the end of the quarter on ${formatDate(state.since.quarterEnd)}, when the fund balance was ${formatMoney(state.since.balanceCents)}. `
            : 'No quarter-end fund balance has suspended the fee, so it is collected. '}
          The fund is read at the end of each three-month period (March 31, June 30, September 30, December 31): collection stops while it exceeds {state.suspendAboveCents !== null ? formatMoney(state.suspendAboveCents) : 'the upper limit'} and resumes when it is below {state.resumeBelowCents !== null ? formatMoney(state.resumeBelowCents) : 'the lower limit'} ({state.citation}). The state a quarter end sets applies from the next day.
        </p>
      </SummaryBox>
      <h2>Indemnity fee schedule</h2>
      <History k="indemnity.fee_schedule" versions={versions['indemnity.fee_schedule']} date={date} />
      <h3>Enter a new version of the schedule</h3>
      <ScheduleForm current={current} today={date} />
      <h2>Indemnity fund</h2>
      <History k="indemnity.fund_balance_cents" versions={versions['indemnity.fund_balance_cents']} date={date} />
      <h3>Record the fund balance</h3>
      <AmountForm parameterKey="indemnity.fund_balance_cents" label="Fund balance" today={date} />
      <History k="indemnity.fund_suspend_above_cents" versions={versions['indemnity.fund_suspend_above_cents']} date={date} />
      <h3>Change the suspension limit</h3>
      <AmountForm parameterKey="indemnity.fund_suspend_above_cents" label="Suspend collection above" today={date} />
      <History k="indemnity.fund_resume_below_cents" versions={versions['indemnity.fund_resume_below_cents']} date={date} />
      <h3>Change the resumption limit</h3>
      <AmountForm parameterKey="indemnity.fund_resume_below_cents" label="Resume collection below" today={date} />
    </>
  );
}
