import type { Metadata } from 'next';
import Link from 'next/link';
import { Unconfirmed } from '@/components/law/unconfirmed';
import { PageHeading } from '@/components/page-heading';
import { requireCapability } from '@/lib/auth/gates';
import { adjacencyReading, noTruckWashWords } from '@/lib/feedlots/assess';
import { feetWords } from '@/lib/feedlots/geometry';
import { listJoinedFeedlotGroups } from '@/lib/feedlots/queries';
import { formatDate } from '@/lib/format';

export const metadata: Metadata = { title: 'Open feedlots joined into one operation' };

// The department's worklist of Iowa Code 459A.103(1): each group of open feedlots the rule makes one
// operation, with its structures and the distances between them; truck washes under (4) below.

export default async function FeedlotGroupsPage() {
  const actor = await requireCapability('review.read_worklist', '/review/feedlots');
  const { groups, assessment } = await listJoinedFeedlotGroups(actor);
  const washes = assessment.truckWashes.filter((w) => w.partOf.length);
  return (
    <>
      <PageHeading
        title="Open feedlots joined into one operation"
        lead="Open feedlots under common ownership or management that are adjacent, or share an area or system for effluent disposal, are one open feedlot operation (Iowa Code 459A.103(1)). Distances are computed from the recorded locations, between closest points (459A.103(7))."
      />
      <Unconfirmed what={adjacencyReading()} source="Iowa Code 459A.103(1)“b”(1), as the portal reads it" />
      <h2>{groups.length === 1 ? 'One group' : `${groups.length} groups`}</h2>
      {groups.length ? null : <p>No open feedlots are joined by the rule.</p>}
      {groups.map((g) => (
        <section key={g.operationIds.join('-')} aria-label={g.names.join(' and ')} className="border-1px border-base-lighter radius-md padding-2 margin-bottom-3">
          <h3 className="margin-top-0">
            {g.operationIds.map((id, i) => (
              <span key={id}>{i ? ' and ' : ''}<Link href={`/operations/${id}`}>{g.names[i]}</Link></span>
            ))}
          </h3>
          <p>{g.reason} ({g.citation})</p>
          <h4>Structures</h4>
          <ul className="usa-list">
            {assessment.structures.filter((s) => g.operationIds.includes(s.operationId)).map((s) => (
              <li key={s.id}>
                {s.name} ({s.kindLabel}, {g.names[g.operationIds.indexOf(s.operationId)]}): {s.constructedOn ? `constructed ${formatDate(s.constructedOn)}` : 'not yet constructed'}
                {s.abandoned ? '; abandoned, not counted' : ''}
              </li>
            ))}
          </ul>
          <h4>Distances between structures of different feedlots</h4>
          <ul className="usa-list">
            {g.distances.map((d) => (
              <li key={`${d.a}-${d.b}`}>{d.aName} to {d.bName}: {feetWords(d.feet)}</li>
            ))}
          </ul>
        </section>
      ))}
      <h2>Animal truck washes that are part of an operation</h2>
      {washes.length ? (
        <ul className="usa-list">
          {washes.map((w) => <li key={w.structureId}>{w.reason} ({w.citation})</li>)}
        </ul>
      ) : (
        <p>{noTruckWashWords()}</p>
      )}
      <p className="font-body-xs">{assessment.mixedEffluent}</p>
    </>
  );
}
