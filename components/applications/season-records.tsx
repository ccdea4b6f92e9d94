import { Alert } from '@/components/alert';
import { DataTable } from '@/components/data-table';
import { Unconfirmed } from '@/components/law/unconfirmed';
import { UNIT_WORDS } from '@/lib/applications/check';
import type { ApplicationRow, ApplicationSeason } from '@/lib/applications/queries';
import { formatDate, formatNumber } from '@/lib/format';
import { METHOD_LABELS } from '@/lib/validation/plan-fields';

// A season's application records (DNR form 542-8002) against the approved plan: the over-rate ones
// first, in plain words, then every record and the season's total per field. The owner's applications
// page and the reviewer's page of the next annual update show the same list.

type Totals = ApplicationSeason['totals'][number];

export function SeasonRecords({ season, headingLevel = 2, audience = 'owner' }: { season: ApplicationSeason; headingLevel?: 2 | 3; audience?: 'owner' | 'reviewer' }) {
  const H = `h${headingLevel + 1}` as 'h3' | 'h4';
  const over = season.records.filter((r) => r.check.status === 'over_rate');
  const abovePlanned = season.records.filter((r) => r.check.status === 'over_planned');
  const other = season.records.filter((r) => r.check.status !== 'over_rate' && r.check.status !== 'over_planned' && r.check.message);
  return (
    <>
      {over.length ? (
        <Alert type="error" headingLevel={headingLevel === 2 ? 3 : 4}
          heading={`${over.length} ${over.length === 1 ? 'application was' : 'applications were'} above the approved plan’s limit`}>
          <ul className="usa-list">{over.map((r) => <li key={r.id}>{formatDate(r.appliedOn)}: {r.check.message}</li>)}</ul>
          {audience === 'owner' ? <p>Rates above the plan break IAC 567-65.111. Apply no more on these fields this season, and talk to your preparer about the plan.</p> : null}
        </Alert>
      ) : null}
      {abovePlanned.length ? (
        <Alert type="warning" headingLevel={headingLevel === 2 ? 3 : 4}
          heading={`${abovePlanned.length} ${abovePlanned.length === 1 ? 'application was' : 'applications were'} above the planned rate, with no legal limit to check`}>
          <ul className="usa-list">{abovePlanned.map((r) => <li key={r.id}>{formatDate(r.appliedOn)}: {r.check.message}</li>)}</ul>
        </Alert>
      ) : null}
      {other.length ? (
        <Alert type="warning" headingLevel={headingLevel === 2 ? 3 : 4} heading="Not checked against the approved plan">
          <ul className="usa-list">{other.map((r) => <li key={r.id}>{formatDate(r.appliedOn)}: {r.check.message}</li>)}</ul>
        </Alert>
      ) : null}
      <DataTable<ApplicationRow>
        caption={`Application records, crop year ${season.cropYear}`}
        stacked
        rows={season.records}
        rowKey={(r) => r.id}
        emptyMessage={`No applications recorded for crop year ${season.cropYear}.`}
        columns={[
          { key: 'date', header: 'Date', rowHeader: true, cell: (r) => formatDate(r.appliedOn) },
          { key: 'field', header: 'Field', cell: (r) => r.fieldName },
          { key: 'method', header: 'Method', cell: (r) => METHOD_LABELS[r.method] },
          { key: 'amount', header: 'Amount', cell: (r) => `${formatNumber(r.amountApplied)} ${UNIT_WORDS[r.amountUnit]}` },
          { key: 'acres', header: 'Acres', cell: (r) => formatNumber(r.acres) },
          { key: 'rate', header: 'Rate per acre', cell: (r) => `${formatNumber(r.ratePerAcre)}${r.check.maxRatePerAcre !== null ? ` (limit ${formatNumber(r.check.maxRatePerAcre)})` : ''}` },
          { key: 'applicator', header: 'Applicator', cell: (r) => `${r.applicatorName}${r.applicatorCertification ? `, cert. ${r.applicatorCertification}` : ', no certification number'}` },
          { key: 'weather', header: 'Weather (before / of / after)', cell: (r) => `${r.weatherDayBefore} / ${r.weatherDayOf} / ${r.weatherDayAfter}` },
          { key: 'fertilizer', header: 'Commercial N / P2O5 (lb per acre)', cell: (r) => `${r.commercialNLbPerAcre ?? '—'} / ${r.commercialP2o5LbPerAcre ?? '—'}` },
          { key: 'check', header: 'Against the plan', cell: (r) => (r.check.status === 'within' ? 'Within the limit' : r.check.status === 'over_rate' ? <strong>Above the limit</strong> : r.check.status === 'over_planned' ? <strong>Above the planned rate</strong> : 'Not checked') },
        ]}
      />
      {season.totals.length ? (
        <>
          <H>Season’s total per field</H>
          <DataTable<Totals>
            caption={`Total applied per field, crop year ${season.cropYear}, against the plan`}
            captionHidden
            stacked
            rows={season.totals}
            rowKey={(t) => t.fieldName}
            columns={[
              { key: 'field', header: 'Field', rowHeader: true, cell: (t) => t.fieldName },
              { key: 'applied', header: 'Applied', cell: (t) => `${formatNumber(t.appliedUnits)} ${season.planUnit ?? ''}`.trim() },
              { key: 'per-acre', header: 'Per acre of the field', cell: (t) => (t.appliedPerAcre === null ? '—' : formatNumber(t.appliedPerAcre)) },
              { key: 'planned', header: 'Planned rate', cell: (t) => (t.plannedRatePerAcre === null ? (t.inPlan ? 'Not stated' : 'Not in the plan') : formatNumber(t.plannedRatePerAcre)) },
              { key: 'limit', header: 'Limit', cell: (t) => (t.maxRatePerAcre === null ? '—' : formatNumber(t.maxRatePerAcre)) },
              { key: 'status', header: 'Season', cell: (t) => (t.overLimit ? <strong>Above the limit</strong> : t.overPlanned ? 'Above the planned rate' : 'Within the plan') },
            ]}
          />
        </>
      ) : null}
      {season.unconfirmed ? <Unconfirmed what="The crop nitrogen factor behind each field’s limit" source={season.unconfirmed} /> : null}
    </>
  );
}
