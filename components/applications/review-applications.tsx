import Link from 'next/link';
import { listApplicationsForSeason } from '@/lib/applications/queries';
import type { Actor } from '@/lib/auth/roles';
import { SeasonRecords } from './season-records';

// The reviewer's view of an annual update (DNR form 542-8002 beside the plan): the operation's
// application records for the season before the update, each checked against the approved plan.

/** The season an annual update looks back on: the crop year before the one it was received in. */
export function previousSeason(receivedOn: string | null, today: string): number {
  return Number((receivedOn ?? today).slice(0, 4)) - 1;
}

export async function ReviewApplications({ actor, operationId, season }: { actor: Actor; operationId: string; season: number }) {
  const records = await listApplicationsForSeason(actor, operationId, season);
  return (
    <section aria-labelledby="applications-heading">
      <h2 id="applications-heading">Application records, season {season}</h2>
      {records.records.length ? null : <p>The owner recorded no manure applications for crop year {season} on the portal.</p>}
      {records.records.length ? <SeasonRecords season={records} headingLevel={2} audience="reviewer" /> : null}
      <p>
        <Link href={`/operations/${operationId}/applications?season=${season}`}>All of this operation’s application records</Link>
      </p>
    </section>
  );
}
