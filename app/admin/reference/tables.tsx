import { DataTable } from '@/components/data-table';
import { formatDate } from '@/lib/format';
import type { CountyYield, CropFactor } from '@/lib/plans/reference-tables';

// The reference tables as the admin page shows them: every figure with its source, effective date
// and whether the department confirmed it.

export function ConfirmedTag({ confirmed }: { confirmed: boolean }) {
  return confirmed ? <span className="usa-tag bg-success-darker text-white">Confirmed</span> : <span className="usa-tag bg-gold text-ink">Unconfirmed</span>;
}

const figure = (n: number | null, unit: string) => (n === null ? 'No figure' : `${n} lb per ${unit}`);

export function CropFactorTable({ caption, rows, recordedBy }: { caption: string; rows: (CropFactor & { id?: string; recordedByName?: string | null })[]; recordedBy?: boolean }) {
  return (
    <DataTable<(typeof rows)[number]>
      caption={caption}
      stacked
      rows={rows}
      rowKey={(r, i) => r.id ?? `${r.crop}-${i}`}
      emptyMessage="No rows recorded yet: the shipped rows above apply."
      columns={[
        { key: 'crop', header: 'Crop', rowHeader: true, cell: (r) => `${r.label} (${r.crop})` },
        { key: 'n', header: 'Nitrogen need', cell: (r) => figure(r.nLbPerYieldUnit, r.yieldUnit === 'bu' ? 'bu' : 'ton') },
        { key: 'p', header: 'P2O5 removal', cell: (r) => figure(r.p2o5LbPerYieldUnit, r.yieldUnit === 'bu' ? 'bu' : 'ton') },
        { key: 'from', header: 'In force from', cell: (r) => formatDate(r.effectiveFrom) },
        { key: 'status', header: 'Status', cell: (r) => <ConfirmedTag confirmed={r.confirmed} /> },
        ...(recordedBy ? [{ key: 'by', header: 'Recorded by', cell: (r: (typeof rows)[number]) => r.recordedByName ?? '—' }] : []),
        { key: 'source', header: 'Source', cell: (r) => r.source },
      ]}
    />
  );
}

export function CountyYieldTable({ rows, countyName, cropLabel }: { rows: CountyYield[]; countyName: (fips: string) => string; cropLabel: (crop: string) => string }) {
  return (
    <DataTable<CountyYield>
      caption={`County average yields in force today (${rows.length.toLocaleString('en-US')})`}
      stacked
      rows={rows}
      rowKey={(r) => `${r.countyFips}-${r.crop}`}
      emptyMessage="No county average yields recorded yet: owners state their own optimum yield with its basis until the department imports Appendix A."
      columns={[
        { key: 'county', header: 'County', rowHeader: true, cell: (r) => `${countyName(r.countyFips)} (${r.countyFips})` },
        { key: 'crop', header: 'Crop', cell: (r) => cropLabel(r.crop) },
        { key: 'yield', header: 'Average yield', cell: (r) => `${r.yield} ${r.unit} an acre` },
        { key: 'years', header: 'Years', cell: (r) => r.years },
        { key: 'from', header: 'In force from', cell: (r) => formatDate(r.effectiveFrom) },
        { key: 'status', header: 'Status', cell: (r) => <ConfirmedTag confirmed={r.confirmed} /> },
        { key: 'source', header: 'Source', cell: (r) => r.source },
      ]}
    />
  );
}
