import { DataTable } from '@/components/data-table';
import { formatDate } from '@/lib/format';
import type { PlanPageData } from '@/lib/plans/view';
import { Wrap } from './wrap';

type Row = { fips: string; name: string; located: boolean; applied: boolean; receivedOn: string | null; receivedByName: string | null; attachmentId: string | null };

/** The counties the plan touches (IAC 567-65.110(3)"b"), and for a hard copy whether each received it. */
export function PlanCounties({ data }: { data: PlanPageData }) {
  const hardCopy = data.plan.channel === 'hard_copy' && data.plan.status !== 'draft';
  const byFips = new Map<string, Row>();
  for (const c of data.counties) {
    const receipt = data.receipts.find((r) => r.countyFips === c.fips);
    const row = byFips.get(c.fips) ?? { fips: c.fips, name: c.name, located: false, applied: false, receivedOn: receipt?.receivedOn ?? null, receivedByName: receipt?.receivedByName ?? null, attachmentId: receipt?.attachmentId ?? null };
    if (c.relation === 'located_in') row.located = true;
    else row.applied = true;
    byFips.set(c.fips, row);
  }
  const rows = [...byFips.values()];
  if (!rows.length) return <p>The counties are worked out from the fields when the plan is filed.</p>;
  return (
    <DataTable<Row>
      caption="Counties that receive this plan"
      captionHidden
      stacked
      rows={rows}
      rowKey={(r) => r.fips}
      columns={[
        { key: 'county', header: 'County', rowHeader: true, cell: (r) => `${r.name} County` },
        { key: 'why', header: 'Why', cell: (r) => <Wrap>{[r.located ? 'operation located here' : null, r.applied ? 'manure applied here' : null].filter(Boolean).join('; ')}</Wrap> },
        ...(hardCopy
          ? [
              {
                key: 'receipt',
                header: 'Hard copy received',
                cell: (r: Row) =>
                  r.receivedOn ? (
                    <Wrap>
                      Covered: received {formatDate(r.receivedOn)} by {r.receivedByName}
                      {r.attachmentId ? (
                        <>
                          {' '}(<a href={`/api/attachments/${r.attachmentId}`}>signed receipt</a>)
                        </>
                      ) : null}
                    </Wrap>
                  ) : (
                    <Wrap><strong>Not covered: no receipt recorded yet</strong></Wrap>
                  ),
              },
            ]
          : []),
      ]}
    />
  );
}
