'use client';

import { formatNumber } from '@/lib/format';
import { BALANCE_READING_NOT_CONFIRMED, CROP_FIGURES_NOT_CONFIRMED } from '@/lib/reading-words';
import { balanceInput, landownerStatementWords, planBalance, uncheckedWords } from '@/lib/plans/balance';
import type { FiledAgreement, FiledField, FiledProduction } from '@/lib/plans/document/types';
import type { ReferenceTables } from '@/lib/plans/reference-tables';

// The plan's manure balance as the owner types (IAC 567-65.111): each field's planned manure rate
// against the most it may take, and the manure produced against what the fields take. Computed in
// the browser by the same function the reviewer's check, the filed plan and the letter use.

type Typed = Record<string, unknown>;

const n = (v: number) => formatNumber(Math.round(v * 100) / 100);

type Props = {
  production: Typed | FiledProduction | undefined;
  fields: Typed[] | FiledField[];
  agreements?: Typed[] | FiledAgreement[];
  year: number;
  tables?: ReferenceTables;
  live?: boolean;
};

export function BalancePanel({ production, fields, agreements, year, tables, live = false }: Props) {
  const b = planBalance(balanceInput(production as Typed | undefined, fields as Typed[], agreements as Typed[] | undefined), year, tables);
  const bal = b.balance;
  const top = Math.max(b.producedUnits ?? 0, bal?.plannedUnits ?? 0, bal?.capacityUnits ?? 0, 1);
  const bars: [string, number | null, string][] = [
    ['Produced a year', b.producedUnits, '#71767a'],
    ['Planned on the fields', bal?.plannedUnits ?? null, '#005ea2'],
    ['The fields may take', bal?.capacityUnits ?? null, '#00a91c'],
  ];
  return (
    <section className="margin-top-4 padding-2 border-1px border-base-lighter radius-md" aria-labelledby="balance-heading">
      <h3 id="balance-heading" className="margin-top-0">Manure balance</h3>
      <p className="usa-hint margin-top-0">
        {live ? 'Worked out as you type, from the manure step and the fields' : 'Worked out from the plan’s manure figures and fields'} ({b.citation}), in {b.unit}.
      </p>
      {b.unconfirmed ? (
        <p className="usa-hint" data-testid="balance-unconfirmed" style={{ overflowWrap: 'anywhere' }}>
          {CROP_FIGURES_NOT_CONFIRMED}
        </p>
      ) : null}
      {b.readings.length ? (
        <p className="usa-hint" data-testid="balance-readings">{BALANCE_READING_NOT_CONFIRMED}</p>
      ) : null}
      {b.producedUnits === null ? <p>Enter the manure produced a year (the manure step) to see the balance.</p> : null}
      <div aria-hidden="true" className="margin-bottom-2">
        {bars.map(([label, v, color]) => (
          <div key={label} className="display-flex flex-align-center margin-y-05">
            <span className="font-body-2xs" style={{ width: '11rem', flex: 'none' }}>{label}</span>
            <span className="height-2 radius-sm" style={{ background: color, width: `${v === null ? 0 : Math.max(1, (v / top) * 60)}%` }} />
            <span className="margin-left-1 font-body-2xs">{v === null ? '—' : n(v)}</span>
          </div>
        ))}
      </div>
      <div className="usa-table-container--scrollable" tabIndex={0}>
        <table className="usa-table usa-table--compact usa-table--borderless width-full" data-testid="balance-table">
          <caption className="usa-sr-only">Each field’s planned manure rate against its limit</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Planned per acre</th>
              <th scope="col">Most per acre</th>
              <th scope="col">Check</th>
            </tr>
          </thead>
          <tbody aria-live="polite">
            {b.fields.map((f) => (
              <tr key={f.key}>
                <th scope="row">{f.name}</th>
                <td>{f.plannedRatePerAcre === null ? '—' : n(f.plannedRatePerAcre)}</td>
                <td>{f.limit ? n(f.limit.maxManureRatePerAcre) : '—'}</td>
                <td className="mmp-cell-wrap">
                  {f.overLimit ? <strong className="text-secondary-dark">Above the limit</strong> : f.limit ? 'Within the limit' : f.limitToBeChecked ? 'Limit to be checked' : null}
                  {!f.limit && f.missing ? <span className="display-block usa-hint">{f.missing}</span> : null}
                  {f.limit ? <span className="display-block usa-hint">{f.limit.reason}</span> : null}
                  {f.p2o5Removal ? <span className="display-block usa-hint">P2O5 removal {n(f.p2o5Removal.lbPerAcre)} lb/acre ({f.p2o5Removal.from}); {f.p2o5Removal.yearsWords}</span> : null}
                  {f.statement ? <span className="display-block usa-hint">{landownerStatementWords(f)}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p role="status" aria-live="polite">
        {bal && b.producedUnits !== null
          ? bal.shortfallUnits > 0
            ? `${n(bal.shortfallUnits)} ${b.unit} of the manure produced a year have no planned field.`
            : 'The planned applications use all the manure produced.'
          : null}
      </p>
      {uncheckedWords(b) ? <p className="usa-hint" data-testid="balance-unchecked">{uncheckedWords(b)}</p> : null}
    </section>
  );
}
