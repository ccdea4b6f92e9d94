import { DataTable } from '@/components/data-table';
import { ReadingNotConfirmed, Unconfirmed } from '@/components/law/unconfirmed';
import type { ActionResult } from '@/lib/errors';
import { adjacencyReading, type StructureAnswer } from '@/lib/feedlots/assess';
import { feetWords } from '@/lib/feedlots/geometry';
import type { OperationFeedlotView } from '@/lib/feedlots/queries';
import { formatDate } from '@/lib/format';
import type { ControlRecords } from '@/lib/feedlots/control';
import { ControlSection } from './control-forms';
import { EffluentSystemForm, StructureForm, type StructureFormValues } from './structure-form';

// The operation page's "Structures and what they count as" (Iowa Code 459A.103(1), (2), (4)).

type Props = {
  view: OperationFeedlotView;
  canEdit: boolean;
  staff: boolean;
  today: string;
  saveStructure: (input: unknown) => Promise<ActionResult<{ id: string }>>;
  setEffluentSystem: (input: unknown) => Promise<ActionResult>;
  /** Who owns and manages the operation, as recorded, and the actions that add to or remove from it. */
  control: {
    records: ControlRecords;
    addInterest: (input: unknown) => Promise<ActionResult<{ id: string }>>;
    addManager: (input: unknown) => Promise<ActionResult<{ id: string }>>;
    addFamilyLink: (input: unknown) => Promise<ActionResult<{ id: string }>>;
    remove: (input: unknown) => Promise<ActionResult>;
  };
};

function footprintText(s: StructureAnswer): string {
  return (s.footprint?.coordinates?.[0] ?? []).map(([lon, lat]) => `${lat}, ${lon}`).join('\n');
}

function formValues(operationId: string, s?: StructureAnswer): StructureFormValues {
  return {
    operationId, structureId: s?.id ?? '', kind: s?.kind ?? '', name: s?.name ?? '', latitude: s ? String(s.latitude) : '', longitude: s ? String(s.longitude) : '',
    footprint: s ? footprintText(s) : '', excavationOn: s?.excavationOn ?? '', formsInstalledOn: s?.formsInstalledOn ?? '', pipingInstalledOn: s?.pipingInstalledOn ?? '',
    animalCategory: s?.animalCategory ?? '', headAtCapacity: s?.headAtCapacity != null ? String(s.headAtCapacity) : '',
    abandoned: s?.abandoned ?? false, abandonedOn: s?.abandonedOn ?? '',
  };
}

export function FeedlotSection({ view, canEdit, staff, today, saveStructure, setEffluentSystem, control }: Props) {
  const mine = view.structures.filter((s) => s.operationId === view.operationId);
  const group = view.groups.find((g) => g.operationIds.includes(view.operationId));
  const washes = view.truckWashes.filter((w) => mine.some((s) => s.id === w.structureId) || w.partOf.some((p) => p.operationId === view.operationId));
  const capacity = view.capacities.find((c) => c.operationId === view.operationId);
  const nameOf = new Map(view.structures.map((s) => [s.id, s.name]));
  return (
    <section aria-labelledby="structures-heading" className="margin-top-4">
      <h2 id="structures-heading">Structures and what they count as</h2>
      <DataTable<StructureAnswer>
        caption="Structures of this operation"
        captionHidden
        stacked
        rows={mine}
        rowKey={(s) => s.id}
        emptyMessage="No structures recorded yet."
        columns={[
          { key: 'name', header: 'Structure', rowHeader: true, cell: (s) => s.name },
          { key: 'kind', header: 'Kind', cell: (s) => s.kindLabel },
          { key: 'constructed', header: 'Constructed', cell: (s) => (<>{s.constructedOn ? formatDate(s.constructedOn) : 'Not yet'}<span className="display-block font-body-2xs">{s.constructedWhy}</span></>) },
          { key: 'where', header: 'Where', cell: (s) => `${s.latitude}, ${s.longitude}${s.footprint ? ' (footprint drawn)' : ''}` },
          { key: 'abandoned', header: 'Abandoned', cell: (s) => (s.abandoned ? `Yes${s.abandonedOn ? `, ${formatDate(s.abandonedOn)}` : ''} (not counted, 459A.103(6))` : 'No') },
        ]}
      />
      {canEdit ? (
        <>
          {mine.map((s) => (
            <details key={s.id} className="margin-top-1">
              <summary>Edit or mark abandoned: {s.name}</summary>
              <StructureForm today={today} defaults={formValues(view.operationId, s)} action={saveStructure} />
            </details>
          ))}
          <details className="margin-top-2">
            <summary>Add a structure</summary>
            <StructureForm today={today} defaults={formValues(view.operationId)} action={saveStructure} />
          </details>
          {view.isOpenFeedlot ? <EffluentSystemForm operationId={view.operationId} label={view.effluentSystemLabel ?? ''} action={setEffluentSystem} /> : null}
        </>
      ) : null}

      <h3 id="counts-as-heading">What your operations count as, and why</h3>
      {group ? (
        <div className={group.joined ? 'border-2px border-warning radius-md padding-2' : undefined}>
          <p className="text-bold margin-top-0">{group.joined ? `One open feedlot operation: ${group.names.join(' and ')}` : 'An open feedlot operation of its own'}</p>
          <p>{group.reason} ({group.citation})</p>
          {group.distances.length ? (
            <ul className="usa-list">
              {group.distances.slice(0, 10).map((d) => (
                <li key={`${d.a}-${d.b}`}>{nameOf.get(d.a)} to {nameOf.get(d.b)}: {feetWords(d.feet)} between closest points (Iowa Code 459A.103(7))</li>
              ))}
            </ul>
          ) : null}
          {staff ? <Unconfirmed what={adjacencyReading()} source="Iowa Code 459A.103(1)“b”(1), as the portal reads it" /> : <ReadingNotConfirmed />}
        </div>
      ) : (
        <p>Not an open feedlot operation: no open feedlot lot, settled effluent basin or solids settling facility is recorded (Iowa Code 459A.103(1)).</p>
      )}
      {group ? (
        <p>
          Ownership and management, as recorded:{' '}
          {view.control.length
            ? view.control.map((c) => `${c.name}, ${c.words}`).join('; ')
            : 'none recorded, so the owner on record is taken as holding the operation as sole proprietor'}
          {' '}(Iowa Code 459A.103(1)“c”, “d”; a spouse’s or dependent child’s interest counts as the person’s own).
        </p>
      ) : null}
      <ControlSection operationId={view.operationId} records={control.records} canEdit={canEdit} addInterest={control.addInterest}
        addManager={control.addManager} addFamilyLink={control.addFamilyLink} remove={control.remove} />
      {capacity ? <p>Animal unit capacity of the open feedlot: {capacity.reason} ({capacity.citation})</p> : null}
      {washes.map((w) => (
        <p key={w.structureId}>{w.reason} ({w.citation})</p>
      ))}
      {washes.length ? <p className="font-body-xs">{view.mixedEffluent}</p> : null}
    </section>
  );
}
