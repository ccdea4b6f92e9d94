import { Alert } from '@/components/alert';
import { DataTable } from '@/components/data-table';
import type { Figure } from '@/lib/reviews/figures';

// Every computed figure with the rule it comes from; flags first, so nothing that needs a look is missed.

export function FlagsSummary({ figures }: { figures: Figure[] }) {
  const flags = figures.filter((f) => f.flag);
  const unconfirmed = figures.filter((f) => f.unconfirmed || f.reading);
  if (!flags.length && !unconfirmed.length) {
    return <Alert type="success" headingLevel={3} heading="No flags">Every computed figure is within its rule.</Alert>;
  }
  return (
    <>
      {flags.length ? (
        <Alert type={flags.some((f) => f.flag!.level === 'error') ? 'error' : 'warning'} headingLevel={3} heading={`${flags.length} item${flags.length === 1 ? '' : 's'} to check`}>
          <ul className="usa-list margin-y-0">
            {flags.map((f) => <li key={f.label}>{f.flag!.text} ({f.citation})</li>)}
          </ul>
        </Alert>
      ) : null}
      {unconfirmed.length ? (
        <Alert type="info" headingLevel={3} heading="Figures that use unconfirmed parameters or readings" className="margin-top-2">
          <p className="margin-top-0">These figures rest on values not yet checked against current statute text, or on the portal’s reading of a rule whose text is silent; read them with their source or reading.</p>
          <ul className="usa-list margin-y-0">
            {unconfirmed.map((f) => <li key={f.label}>{f.label}</li>)}
          </ul>
        </Alert>
      ) : null}
    </>
  );
}

// Sources carry the statute's address; the citation is enough in a table cell.
const withoutUrls = (s: string) => s.replace(/,?\s*https?:\/\/\S+/g, '');

export function FiguresTable({ figures }: { figures: Figure[] }) {
  return (
    <DataTable<Figure>
      caption="Computed figures and the rules they rest on"
      stacked
      rows={figures}
      rowKey={(f) => f.label}
      columns={[
        { key: 'label', header: 'Figure', rowHeader: true, cell: (f) => f.label },
        {
          key: 'value',
          header: 'Value',
          cell: (f) => (
            <>
              {f.flag ? <strong>{f.flag.level === 'error' ? 'Check: ' : 'Note: '}</strong> : null}
              {f.value}
              {f.unconfirmed ? <><br /><span className="text-base-dark">Unconfirmed parameter; source: {withoutUrls(f.unconfirmed)}</span></> : null}
              {f.reading ? <><br /><span className="text-base-dark">Reading to be confirmed by the department: {f.reading}.</span></> : null}
            </>
          ),
        },
        { key: 'rule', header: 'Rule', cell: (f) => f.citation },
      ]}
    />
  );
}
