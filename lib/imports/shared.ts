import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '@/db/client';

export type OperationRef = { id: string; facilityId: string; countyFips: string; contractProducer: boolean; activeContractorId: string | null; heads: Record<string, number>; ownerPartyId: string | null; ownerName: string | null; filedPlans: number };

/** The operations a file names, by facility ID, with their current owner. */
export async function loadOperationRefs(db: Executor, facilityIds: string[]): Promise<Map<string, OperationRef>> {
  if (!facilityIds.length) return new Map();
  const rows = await queryRows<OperationRef>(
    db,
    sql`select o.id, o.facility_id as "facilityId", o.county_fips as "countyFips", o.contract_producer as "contractProducer",
        o.active_contractor_id as "activeContractorId",
        (select coalesce(jsonb_object_agg(ai.category, ai.head_at_capacity), '{}'::jsonb) from animal_inventory ai where ai.operation_id = o.id) as heads,
        w.owner_id as "ownerPartyId", p.name as "ownerName",
        (select count(*)::int from plans pl where pl.operation_id = o.id and pl.status <> 'draft'
          and not exists (select 1 from imported_plan_history h where h.plan_id = pl.id)) as "filedPlans"
      from operations o
      left join ownerships w on w.operation_id = o.id and w.released_on is null
      left join parties p on p.id = w.owner_id
      where o.facility_id in (select jsonb_array_elements_text(${JSON.stringify(facilityIds)}::jsonb))`,
  );
  return new Map(rows.map((r) => [r.facilityId, r]));
}

export const notImported = (facilityId: string) => `No operation has facility ID ${facilityId}: import it in an operations file first.`;
