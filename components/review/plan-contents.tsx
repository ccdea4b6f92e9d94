import { DataTable } from '@/components/data-table';
import { formatDate, formatNumber } from '@/lib/format';
import { isIsoDate } from '@/lib/rules';
import type { DocAgreement, DocField, DocStockpile, PlanDocument } from '@/lib/reviews/plan-document';

// The plan as submitted (IAC 567-65.111 content): manure production, fields, stockpiles, agreements.

const d = (v: string) => (isIsoDate(v) ? formatDate(v) : v);
const n = (v: number | null | undefined, unit = '') => (v === null || v === undefined ? '—' : `${formatNumber(v)}${unit}`);

export function PlanContents({ doc, countyNames }: { doc: PlanDocument; countyNames: Record<string, string> }) {
  const mp = doc.content.manureProduction;
  const unit = mp?.unit === 'tons' ? 'ton' : '1,000 gallons';
  const changes = doc.content.changes ?? [];
  return (
    <>
      <p className="text-base-dark">
        {doc.source === 'submission'
          ? `As frozen at submission${doc.submittedOn ? ` on ${d(doc.submittedOn)}` : ''}.`
          : 'As held in the plan record (no frozen submission copy exists for this plan).'}
      </p>
      <h3>Manure production and nutrient content</h3>
      <ul className="usa-list">
        <li>Annual animal production: {n(mp?.annualAnimalProduction, ' head')}</li>
        <li>Manure volume: {n(mp?.manureVolumeGallons, ' gallons')}{mp?.manureWeightTons ? `; weight ${n(mp.manureWeightTons, ' tons')}` : ''}</li>
        <li>Nutrient source: {mp?.nutrientSource === 'sample' ? 'manure sample results' : mp?.nutrientSource === 'standard_values' ? 'standard values' : 'not given'}</li>
        <li>Per {unit}: total N {n(mp?.totalNitrogenPerUnit, ' lb')}, available N {n(mp?.availableNitrogenPerUnit, ' lb')}, P₂O₅ {n(mp?.p2o5PerUnit, ' lb')}</li>
        <li>Soil loss and surface water practices: {doc.content.soilLossPractices || 'not given'}</li>
      </ul>
      <DataTable<DocField>
        caption={`Fields (${doc.fields.length})`}
        stacked
        rows={doc.fields}
        rowKey={(f) => f.name}
        emptyMessage="No fields listed."
        columns={[
          { key: 'name', header: 'Field', rowHeader: true, cell: (f) => f.name },
          { key: 'county', header: 'County', cell: (f) => countyNames[f.countyFips] ?? f.countyFips },
          { key: 'acres', header: 'Acres', cell: (f) => n(f.acres) },
          { key: 'tenure', header: 'Tenure', cell: (f) => f.tenure },
          { key: 'crops', header: 'Crops', cell: (f) => f.cropSchedule.map((c) => `${c.year} ${c.crop}`).join(', ') || '—' },
          { key: 'yield', header: 'Optimum yield', cell: (f) => n(f.optimumYield) },
          { key: 'n', header: 'N rate (lb/acre)', cell: (f) => n(f.nitrogenRateLbPerAcre) },
          {
            key: 'credits',
            header: 'N credits: legume, commercial, carry-over (lb/acre)',
            cell: (f) => [f.legumeCreditLbPerAcre, f.commercialNLbPerAcre, f.carryoverCreditLbPerAcre].map((c) => (c === null ? 'not stated' : n(c))).join(', '),
          },
          { key: 'p', header: 'P-index', cell: (f) => n(f.phosphorusIndex) },
          { key: 'how', header: 'Method and timing', cell: (f) => [f.applicationMethod, f.applicationTiming].filter(Boolean).join(', ') || '—' },
        ]}
      />
      <DataTable<DocStockpile>
        caption={`Dry manure stockpiles (${doc.stockpiles.length})`}
        stacked
        rows={doc.stockpiles}
        rowKey={(s) => s.name}
        emptyMessage="No stockpile sites."
        columns={[
          { key: 'name', header: 'Site', rowHeader: true, cell: (s) => s.name },
          { key: 'd', header: 'Distances (ft)', cell: (s) => Object.entries(s.distancesFt).map(([k, v]) => `${k.replace(/_/g, ' ')}: ${formatNumber(v)}`).join('; ') || '—' },
          { key: 'slope', header: 'Slope', cell: (s) => n(s.slopePercent, '%') },
          { key: 'w', header: 'Grassed waterway', cell: (s) => (s.inGrassedWaterway ? 'Yes' : 'No') },
        ]}
      />
      <DataTable<DocAgreement>
        caption={`Written land agreements (${doc.landAgreements.length})`}
        stacked
        rows={doc.landAgreements}
        rowKey={(a, i) => `${i}-${a.landownerName}`}
        emptyMessage="No written agreements."
        columns={[
          { key: 'who', header: 'Landowner', rowHeader: true, cell: (a) => a.landownerName },
          { key: 'field', header: 'Field', cell: (a) => a.fieldName ?? '—' },
          { key: 'acres', header: 'Acres', cell: (a) => n(a.acres) },
          { key: 'signed', header: 'Signed', cell: (a) => (a.signedOn ? d(a.signedOn) : '—') },
        ]}
      />
      {changes.length ? (
        <>
          <h3>Changes listed by the owner</h3>
          <ul className="usa-list">
            {changes.map((c, i) => <li key={i}>{c.path}: {String(c.before ?? '—')} → {String(c.after ?? '—')}{c.note ? ` (${c.note})` : ''}</li>)}
          </ul>
        </>
      ) : null}
    </>
  );
}
