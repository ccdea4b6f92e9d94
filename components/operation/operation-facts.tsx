import { formatDate, formatNumber } from '@/lib/format';
import type { OperationDetail } from '@/lib/operations/detail';
import { PERMIT_LABELS, STORAGE_LABELS } from '@/lib/validation/operations';

/** The operation's registered facts: location, animals, storage, contract, SAFO, owners. */
export function OperationFacts({ d }: { d: OperationDetail }) {
  const op = d.operation;
  const rows: [string, string][] = [
    ['Kind', op.kind === 'confinement' ? 'Confinement feeding operation' : 'Open feedlot'],
    ['Legal location', `${op.quarterSection ?? '—'} quarter, section ${op.section ?? '—'}, township ${op.township ?? '—'}, range ${op.range ?? '—'}, ${d.countyName} County`],
    ['911 address', op.address911 ?? '—'],
    ['Map pin', op.latitude != null && op.longitude != null ? `${op.latitude}, ${op.longitude}` : 'not given'],
    ['Constructed', op.constructedOn ? formatDate(op.constructedOn) : '—'],
    ['Last expanded', op.lastExpandedOn ? formatDate(op.lastExpandedOn) : '—'],
    ['Construction permit', PERMIT_LABELS[op.constructionPermitStatus]],
    ['Contract producer', op.contractProducer ? `Yes; active contractor: ${d.contractorName ?? 'not named yet'} (pays the annual compliance fee)` : 'No'],
    ['Research college', op.researchCollege ? 'Yes' : 'No'],
    [
      'SAFO election',
      d.safo.inForce
        ? `In force since ${formatDate(d.safo.electedOn!)} (IAC 567-65.110(1)“e”(2))`
        : d.safo.endedOn
          ? `Ended ${formatDate(d.safo.endedOn)}: ${d.safo.endReason ?? ''}`
          : 'None',
    ],
  ];
  return (
    <>
      <h2>About the operation</h2>
      <dl>
        {rows.map(([k, v]) => (
          <div key={k} className="margin-bottom-1">
            <dt className="text-bold">{k}</dt>
            <dd className="margin-left-0">{v}</dd>
          </div>
        ))}
      </dl>
      <h3>Animals at capacity</h3>
      <ul className="usa-list">
        {d.inventory.lines.map((l) => (
          <li key={l.category}>
            {l.label}: {formatNumber(l.head)} head × {l.factor} = {formatNumber(l.animalUnits)} AU
          </li>
        ))}
      </ul>
      <h3>Manure storage structures</h3>
      {d.storage.length ? (
        <ul className="usa-list">
          {d.storage.map((s) => (
            <li key={s.id}>
              {s.name}: {STORAGE_LABELS[s.kind]}
              {s.capacityGallons != null ? `, ${formatNumber(s.capacityGallons)} gallons` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p>None listed.</p>
      )}
      <h3>Owners</h3>
      <ul className="usa-list">
        {d.owners.map((o) => (
          <li key={`${o.ownerId}-${o.acquiredOn}`}>
            {o.name}: from {formatDate(o.acquiredOn)}
            {o.releasedOn ? ` to ${formatDate(o.releasedOn)}` : ' (current owner)'}
          </li>
        ))}
      </ul>
    </>
  );
}
