// IAC 567-65.110(1)"e"(2): a SAFO election ends automatically once more than 500 animal units are
// housed at one time. The daily job records the end (the day of the excess where the owner gave it,
// and the rule's reason) with an audit event.
import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '@/db/client';
import { auditEvents } from '@/db/schema';
import { animalUnitCapacity, parameterValue, safoElection, type AnimalCategory } from '@/lib/rules';

type Elected = { id: string; peak: number; heads: Record<string, number> };

export async function endExceededSafoElections(db: Executor, today: string): Promise<number> {
  // The SQL only narrows the set with the rule's own threshold; safoElection decides each one.
  const max = parameterValue('threshold.safo_max_animal_units');
  const rows = await queryRows<Elected>(
    db,
    sql`select o.id, o.peak_animal_units_housed::float8 as peak,
      (select coalesce(jsonb_object_agg(ai.category, ai.head_at_capacity), '{}'::jsonb)
         from animal_inventory ai where ai.operation_id = o.id) as heads
    from operations o
    where o.safo_elected_on is not null and o.safo_ended_on is null and o.peak_animal_units_housed > ${max}`,
  );
  const ending = rows.flatMap((r) => {
    const election = safoElection({
      animalUnitCapacity: animalUnitCapacity(r.heads as Partial<Record<AnimalCategory, number>>),
      peakAnimalUnitsHoused: Number(r.peak),
    });
    return election.terminated ? [{ id: r.id, reason: election.reason, citation: election.citation }] : [];
  });
  if (!ending.length) return 0;
  return db.transaction(async (tx) => {
    const ended = await queryRows<{ id: string; reason: string; citation: string; endedOn: string }>(
      tx,
      // The day of the excess where the owner gave it (never before the election), else today.
      sql`update operations o set safo_ended_on = greatest(least(coalesce(o.peak_housed_on, ${today}::date), ${today}::date), o.safo_elected_on), safo_end_reason = x.reason, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(ending)}::jsonb) as x(id uuid, reason text, citation text)
        where o.id = x.id and o.safo_ended_on is null
        returning o.id, x.reason, x.citation, o.safo_ended_on::text as "endedOn"`,
    );
    if (ended.length) {
      await tx.insert(auditEvents).values(
        ended.map((e) => ({
          actorUserId: null,
          action: 'operation.safo_election_ended' as const,
          entityType: 'operation',
          entityId: e.id,
          before: { safoEndedOn: null },
          after: { safoEndedOn: e.endedOn, safoEndReason: e.reason, citation: e.citation },
        })),
      );
    }
    return ended.length;
  });
}
