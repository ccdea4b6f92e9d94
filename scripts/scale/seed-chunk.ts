import { sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { addDays, animalUnitCapacity, annualComplianceFee, filingFees } from '@/lib/rules';

// One chunk of the scale data set. Legal figures (AU capacity, fees) come from lib/rules in
// JavaScript; SQL only spreads the rows out with generate_series and joins.
type Chunk = { from: number; to: number; counties: string[]; today: string };

function operationRows(c: Chunk) {
  const rows = [];
  for (let g = c.from; g <= c.to; g++) {
    const head = 1250 + ((g * 37) % 3750);
    const au = animalUnitCapacity({ swine_over_55_lb: head });
    const contract = g % 5 === 0;
    rows.push({
      g,
      head,
      au,
      county: c.counties[(g * 7919) % c.counties.length]!,
      second: c.counties[(g * 104_729) % c.counties.length]!,
      contract,
      filing: filingFees({ kind: 'original', constructionPermitRequired: false }).totalCents,
      compliance: annualComplianceFee({ animalUnitCapacity: au, contractProducer: contract }).cents,
      due: addDays(c.today, ((g * 13) % 420) - 45),
    });
  }
  return rows;
}

export async function seedChunk(tx: Tx, c: Chunk): Promise<void> {
  const ops = JSON.stringify(operationRows(c));
  const today = c.today;
  await tx.execute(sql`create temp table chunk_ops (id uuid, g int, au numeric, county text, second text, contract boolean,
    filing int, compliance int, due date, owner uuid) on commit drop`);
  await tx.execute(sql`create temp table chunk_plans (id uuid, operation_id uuid, g int, y int, status plan_status, kind plan_kind,
    received_on date, decided_on date) on commit drop`);
  await tx.execute(sql`
    with src as (select * from jsonb_to_recordset(${ops}::jsonb) as x(g int, head int, au numeric, county text, second text,
      contract boolean, filing int, compliance int, due date)),
    contractor as (insert into parties (kind, name, is_active_contractor) values ('organization', 'Scale Contractor ' || ${c.from}, true) returning id),
    ins as (insert into operations (name, facility_id, kind, county_fips, township, range, section, quarter_section,
        constructed_on, construction_permit_status, contract_producer, active_contractor_id)
      select 'Scale Finisher ' || g, 'S' || g, 'confinement', county, (90 + g % 10) || 'N', (40 + g % 10) || 'W', 1 + g % 36,
        (array['NE','NW','SE','SW'])[1 + g % 4], date '1998-01-01' + (g % 7000), 'issued', contract,
        case when contract then (select id from contractor) end
      from src returning id, facility_id)
    insert into chunk_ops (id, g, au, county, second, contract, filing, compliance, due)
    select ins.id, src.g, src.au, src.county, src.second, src.contract, src.filing, src.compliance, src.due
    from ins join src on 'S' || src.g = ins.facility_id`);
  // One owner (an organization) per three operations.
  await tx.execute(sql`
    with owners as (insert into parties (kind, name, email)
      select 'organization', 'Scale Owner ' || n, 'scale-owner-' || n || '@example.com'
      from (select distinct g / 3 as n from chunk_ops) s returning id, name)
    update chunk_ops o set owner = owners.id from owners where owners.name = 'Scale Owner ' || (o.g / 3)`);
  await tx.execute(sql`insert into ownerships (operation_id, owner_id, acquired_on) select id, owner, date '1998-01-01' + (g % 7000) from chunk_ops`);
  await tx.execute(sql`insert into animal_inventory (operation_id, category, head_at_capacity)
    select id, 'swine_over_55_lb', round(au / 0.4)::int from chunk_ops`);
  await tx.execute(sql`insert into due_date_assignments (operation_id, due_on, policy, reason) select id, due, 'even_by_month', 'Scale data set' from chunk_ops`);
  // Ten plans per operation: an original and nine annual updates; the newest in any state.
  await tx.execute(sql`
    with p as (
      select o.id as operation_id, o.g, y, o.au,
        case when y < 9 or o.g % 100 < 80 then 'approved'
             when o.g % 100 < 86 then 'under_review' when o.g % 100 < 90 then 'submitted'
             when o.g % 100 < 93 then 'incomplete' when o.g % 100 < 97 then 'draft' else 'disapproved' end::plan_status as status,
        case when y < 9 then date '2017-01-10' + y * 365 + (o.g % 300)
             when o.g % 100 < 80 then ${today}::date - 200 - (o.g % 100)
             when o.g % 100 < 86 then ${today}::date - (o.g % 58)
             when o.g % 100 < 93 then ${today}::date - (o.g % 6)
             when o.g % 100 < 97 then null else ${today}::date - 90 end as received_on
      from chunk_ops o cross join generate_series(0, 9) y),
    ins as (insert into plans (operation_id, kind, update_kind, channel, status, animal_unit_capacity, submitted_on, received_on,
        complete_received_on, decision_due_on, decided_on, decision, decision_reasons)
      select operation_id, case when y = 0 then 'original' else 'annual_update' end::plan_kind,
        case when y = 0 then null else (array['no_change_statement','list_of_changes','complete_plan'])[1 + y % 3] end::update_kind,
        case when g % 10 = 0 then 'hard_copy' else 'electronic' end::submission_channel, status, au, received_on, received_on,
        case when status in ('under_review','approved','disapproved') then received_on end,
        case when status in ('under_review','approved','disapproved') then received_on + 60 end,
        case when status in ('approved','disapproved') then received_on + 30 + (g % 25) end,
        case when status in ('approved','disapproved') then status::text end::plan_decision,
        case when status = 'disapproved' then 'Phosphorus index above 15 on a field in the application schedule.' end
      from p returning id, operation_id, status, kind, received_on, decided_on)
    insert into chunk_plans (id, operation_id, status, kind, received_on, decided_on)
    select id, operation_id, status, kind, received_on, decided_on from ins`);
  await tx.execute(sql`insert into plan_counties (plan_id, county_fips, relation)
    select p.id, o.county, 'located_in'::county_relation from chunk_plans p join chunk_ops o on o.id = p.operation_id
    union all select p.id, o.county, 'land_applied_in'::county_relation from chunk_plans p join chunk_ops o on o.id = p.operation_id
    union all select p.id, o.second, 'land_applied_in'::county_relation from chunk_plans p join chunk_ops o on o.id = p.operation_id
      where o.g % 3 = 0 and o.second <> o.county`);
  await tx.execute(sql`insert into plan_clock_events (plan_id, kind, occurred_on)
    select id, 'received'::clock_event_kind, received_on from chunk_plans where received_on is not null
    union all select id, 'found_complete'::clock_event_kind, received_on + 3 from chunk_plans where status in ('under_review','approved','disapproved')
    union all select id, 'returned_incomplete'::clock_event_kind, received_on + 2 from chunk_plans where status = 'incomplete'
    union all select id, 'decided'::clock_event_kind, decided_on from chunk_plans where decided_on is not null`);
  await tx.execute(sql`
    with f as (insert into fee_lines (operation_id, plan_id, code, amount_cents, citation, payer_kind, payer_party_id, status, due_on)
      select o.id, p.id, case when p.kind = 'original' then 'mmp_filing' else 'annual_compliance' end::fee_code,
        case when p.kind = 'original' then o.filing else o.compliance end,
        case when p.kind = 'original' then 'IAC 567-65.110(7)' else 'IAC 567-65.110(3)"c"' end,
        case when p.kind <> 'original' and o.contract then 'active_contractor' else 'owner' end::payer_kind,
        case when p.kind <> 'original' and o.contract then (select active_contractor_id from operations where id = o.id) else o.owner end,
        case when p.status = 'approved' then 'paid' else 'due' end::fee_status, p.received_on
      from chunk_plans p join chunk_ops o on o.id = p.operation_id where p.received_on is not null
      returning id, amount_cents, status, due_on)
    insert into payments (fee_line_id, amount_cents, method, reference, received_on)
    select id, amount_cents, 'check', 'SCALE', due_on from f where status = 'paid'`);
  await tx.execute(sql`insert into audit_events (action, entity_type, entity_id, after)
    select case when decided_on is not null then 'plan.decided' when received_on is not null then 'plan.submitted' else 'plan.draft_saved' end,
      'plan', id::text, jsonb_build_object('status', status) from chunk_plans`);
}
