import 'server-only';
// The operations file: one row per operation, keyed by the department's facility ID. Animal units,
// whether an MMP is required and the annual compliance fee are computed by lib/rules for each row.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '@/db/client';
import { animalInventory, auditEvents, counties, operations, parties } from '@/db/schema';
import { formatMoney, formatNumber } from '@/lib/format';
import { ANIMAL_CATEGORY_IDS, animalUnitCapacity, annualComplianceFee, mmpRequirement, type AnimalCategory } from '@/lib/rules';
import { FACILITY_ID, refuseDuplicates, type CheckedRow, type ImportKind } from './kind';
import { RowReader } from './values';

const HEAD = ANIMAL_CATEGORY_IDS.map((c) => `head_${c}` as const);
const PERMITS = ['not_required', 'required_not_applied', 'applied', 'issued'] as const;

type OperationValue = {
  facilityId: string; name: string; countyFips: string; township: string | null; range: string | null; section: number | null;
  quarterSection: string | null; address911: string | null; constructedOn: string | null; lastExpandedOn: string | null;
  constructionPermitStatus: (typeof PERMITS)[number]; contractProducer: boolean; contractorName: string | null;
  /** The contractor's email: with the name, it tells two contractors of one name apart. */
  contractorEmail: string | null;
  heads: Partial<Record<AnimalCategory, number>>;
  existingId?: string;
  /** The active contractor on record this row names, when there is one. */
  contractorId?: string;
};

const COMPARED = ['name', 'countyFips', 'township', 'range', 'section', 'quarterSection', 'address911', 'constructedOn', 'lastExpandedOn', 'constructionPermitStatus', 'contractProducer', 'contractorName'] as const;

type Existing = Omit<OperationValue, 'existingId' | 'contractorEmail' | 'contractorId'> & { id: string; contractorId: string | null };

async function loadExisting(db: Executor, ids: string[]): Promise<Map<string, Existing>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<Existing>(
    db,
    sql`select o.id, o.facility_id as "facilityId", o.name, o.county_fips as "countyFips", o.township, o.range, o.section,
        o.quarter_section as "quarterSection", o.address_911 as "address911", o.constructed_on::text as "constructedOn",
        o.last_expanded_on::text as "lastExpandedOn", o.construction_permit_status::text as "constructionPermitStatus",
        o.contract_producer as "contractProducer", c.name as "contractorName", o.active_contractor_id as "contractorId",
        (select coalesce(jsonb_object_agg(ai.category, ai.head_at_capacity) filter (where ai.head_at_capacity > 0), '{}'::jsonb)
          from animal_inventory ai where ai.operation_id = o.id) as heads
      from operations o left join parties c on c.id = o.active_contractor_id
      where o.facility_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  );
  return new Map(rows.map((r) => [r.facilityId, r]));
}

const sameHeads = (a: Partial<Record<string, number>>, b: Partial<Record<string, number>>) =>
  ANIMAL_CATEGORY_IDS.every((c) => (a[c] ?? 0) === (b[c] ?? 0));

export const operationsKind: ImportKind<OperationValue> = {
  label: 'Operations',
  columns: {
    required: ['facility_id', 'name', 'county'],
    optional: ['township', 'range', 'section', 'quarter_section', 'address_911', ...HEAD, 'constructed_on', 'last_expanded_on', 'construction_permit', 'contract_producer', 'contractor_name', 'contractor_email'],
  },

  async check(db, file, { today }) {
    const countyRows = await db.select({ fips: counties.fips, name: counties.name }).from(counties);
    const county = new Map<string, string>();
    for (const c of countyRows) {
      county.set(c.fips, c.fips);
      county.set(c.name.toLowerCase(), c.fips);
      county.set(`${c.name.toLowerCase()} county`, c.fips);
    }
    const out: CheckedRow<OperationValue>[] = file.rows.map(({ row, values }) => {
      const r = new RowReader(values);
      const facilityId = r.text('facility_id', { required: true, max: 20 });
      if (facilityId && !FACILITY_ID.test(facilityId)) r.problems.push({ column: 'facility_id', message: `facility_id “${facilityId}” is not a facility ID (letters, digits and dashes).` });
      const name = r.text('name', { required: true, max: 200 });
      const countyText = r.text('county', { required: true });
      const countyFips = countyText ? county.get(countyText.toLowerCase()) : undefined;
      if (countyText && !countyFips) r.problems.push({ column: 'county', message: `county “${countyText}” is not an Iowa county (a name such as Sioux, or its FIPS code such as 19167).` });
      const heads: Partial<Record<AnimalCategory, number>> = {};
      for (const [i, col] of HEAD.entries()) {
        const n = r.wholeNumber(col, { max: 10_000_000 });
        if (n) heads[ANIMAL_CATEGORY_IDS[i]!] = n;
      }
      const constructedOn = r.date('constructed_on', { notAfter: today });
      const lastExpandedOn = r.date('last_expanded_on', { notAfter: today });
      if (constructedOn && lastExpandedOn && lastExpandedOn < constructedOn) r.problems.push({ column: 'last_expanded_on', message: `last_expanded_on ${lastExpandedOn} is before constructed_on ${constructedOn}.` });
      const contractProducer = r.yesNo('contract_producer');
      const contractorName = r.text('contractor_name', { max: 200 });
      const contractorEmail = r.email('contractor_email');
      if (contractorEmail && !contractorName) r.problems.push({ column: 'contractor_name', message: 'contractor_email is given without contractor_name: name the contractor too.' });
      if (contractorName && !contractProducer) r.problems.push({ column: 'contractor_name', message: 'contractor_name is given but contract_producer is not yes: only a contract producer has an active contractor (Iowa Code 202.1).' });
      const section = r.wholeNumber('section', { min: 1, max: 36 });
      const value: OperationValue = {
        facilityId: facilityId ?? '', name: name ?? '', countyFips: countyFips ?? '', township: r.text('township', { max: 10 }), range: r.text('range', { max: 10 }), section,
        quarterSection: r.text('quarter_section', { max: 10 }), address911: r.text('address_911', { max: 200 }), constructedOn, lastExpandedOn,
        constructionPermitStatus: r.oneOf('construction_permit', PERMITS, 'not_required'), contractProducer, contractorName, contractorEmail: contractorEmail?.toLowerCase() ?? null, heads,
      };
      let details: string | undefined;
      if (!Object.keys(heads).length && !r.problems.some((p) => p.column?.startsWith('head_'))) {
        r.problems.push({ column: null, message: 'No head at capacity in any head_ column: an operation holds animals.' });
      } else if (!r.problems.length) {
        const au = animalUnitCapacity(heads);
        const req = mmpRequirement({ filer: 'confinement_owner', animalUnitCapacity: au, constructedOn: constructedOn ?? undefined, lastExpandedOn: lastExpandedOn ?? undefined });
        const fee = annualComplianceFee({ animalUnitCapacity: au, contractProducer });
        details = `${formatNumber(au)} AU; MMP ${req.required ? 'required' : 'not required'} (${req.citation}); annual compliance fee ${formatMoney(fee.cents)} paid by the ${fee.payer === 'owner' ? 'owner' : 'active contractor'} (${fee.citation})`;
      }
      return { row, facilityId, outcome: r.problems.length ? 'refuse' : 'create', messages: r.problems, details, value };
    });
    refuseDuplicates(out);
    await matchContractors(db, out);
    const existing = await loadExisting(db, out.flatMap((r) => (r.facilityId ? [r.facilityId] : [])));
    for (const r of out) {
      const e = r.facilityId ? existing.get(r.facilityId) : undefined;
      if (!e || r.outcome === 'refuse' || !r.value) continue;
      r.value.existingId = e.id;
      const changed: string[] = COMPARED.filter((k) => (e[k] ?? null) !== (r.value![k] ?? null));
      // Same name, another contractor (told apart by email): the operation changes hands.
      if (!changed.includes('contractorName') && r.value.contractorId && e.contractorId !== r.value.contractorId) changed.push('contractorName');
      if (!sameHeads(e.heads, r.value.heads)) changed.push('head at capacity');
      r.outcome = changed.length ? 'change' : 'unchanged';
      if (changed.length) r.messages.push({ column: null, message: `Changes ${changed.join(', ')}.` });
    }
    return out;
  },

  async write(tx, rows, ctx) {
    // Contractors the check found on record are used as found; any other is recorded once for the
    // whole batch, one per name and email.
    const contractorId = new Map<string, string>();
    const newContractors = new Map<string, { name: string; email: string | null }>();
    for (const r of rows) {
      const v = r.value;
      if (v?.contractorName && !v.contractorId) newContractors.set(contractorKey(v.contractorName, v.contractorEmail), { name: v.contractorName, email: v.contractorEmail });
    }
    if (newContractors.size) {
      const made = await tx
        .insert(parties)
        .values([...newContractors.values()].map((c) => ({ kind: 'organization' as const, name: c.name, email: c.email, isActiveContractor: true })))
        .returning({ id: parties.id, name: parties.name, email: parties.email });
      for (const m of made) contractorId.set(contractorKey(m.name, m.email), m.id);
    }
    const record = (v: OperationValue) => ({
      facilityId: v.facilityId, name: v.name, kind: 'confinement' as const, countyFips: v.countyFips, township: v.township, range: v.range, section: v.section,
      quarterSection: v.quarterSection, address911: v.address911, constructedOn: v.constructedOn, lastExpandedOn: v.lastExpandedOn,
      constructionPermitStatus: v.constructionPermitStatus, contractProducer: v.contractProducer,
      activeContractorId: v.contractorName ? (v.contractorId ?? contractorId.get(contractorKey(v.contractorName, v.contractorEmail))!) : null,
    });
    const creates = rows.filter((r) => r.outcome === 'create');
    const changes = rows.filter((r) => r.outcome === 'change');
    const ids = new Map<string, string>();
    if (creates.length) {
      const made = await tx.insert(operations).values(creates.map((r) => ({ ...record(r.value!), createdByUserId: ctx.actorUserId }))).returning({ id: operations.id, facilityId: operations.facilityId });
      for (const m of made) ids.set(m.facilityId!, m.id);
    }
    for (const r of changes) {
      await tx.update(operations).set({ ...record(r.value!), updatedAt: new Date() }).where(sql`${operations.id} = ${r.value!.existingId!}`);
      ids.set(r.value!.facilityId, r.value!.existingId!);
    }
    const touched = [...creates, ...changes];
    if (!touched.length) return;
    if (changes.length) await tx.delete(animalInventory).where(sql`${animalInventory.operationId} in ${changes.map((r) => r.value!.existingId!)}`);
    const inventory = touched.flatMap((r) => Object.entries(r.value!.heads).map(([category, head]) => ({ operationId: ids.get(r.value!.facilityId)!, category: category as AnimalCategory, headAtCapacity: head! })));
    if (inventory.length) await tx.insert(animalInventory).values(inventory);
    await tx.insert(auditEvents).values(
      touched.map((r) => ({
        actorUserId: ctx.actorUserId,
        action: r.outcome === 'create' ? ('operation.imported' as const) : ('operation.import_changed' as const),
        entityType: 'operation',
        entityId: ids.get(r.value!.facilityId)!,
        after: { importRunId: ctx.runId, row: r.row, facilityId: r.value!.facilityId, details: r.details ?? null, changes: r.outcome === 'change' ? r.messages.map((m) => m.message) : undefined },
      })),
    );
  },
};

const contractorKey = (name: string, email: string | null) => `${name.trim().toLowerCase()}|${email?.toLowerCase() ?? ''}`;

/**
 * Finds the active contractor each row names. A name is enough while one active contractor on record
 * bears it; where two or more do, the row must give contractor_email, and a contractor_email that
 * none of them has is a new contractor. Contractors are never merged by name alone.
 */
async function matchContractors(db: Executor, rows: CheckedRow<OperationValue>[]): Promise<void> {
  const named = rows.filter((r) => r.outcome !== 'refuse' && r.value?.contractorName);
  if (!named.length) return;
  const names = [...new Set(named.map((r) => r.value!.contractorName!.trim().toLowerCase()))];
  const onRecord = await queryRows<{ id: string; name: string; email: string | null }>(
    db,
    sql`select id, name, email from parties where is_active_contractor and lower(trim(name)) in (select jsonb_array_elements_text(${JSON.stringify(names)}::jsonb)) order by created_at`,
  );
  const byName = new Map<string, typeof onRecord>();
  for (const p of onRecord) byName.set(p.name.trim().toLowerCase(), [...(byName.get(p.name.trim().toLowerCase()) ?? []), p]);
  // One name given with an email on one row and without on another: which contractor is meant?
  const emailsOf = new Map<string, Set<string>>();
  for (const r of named) {
    const k = r.value!.contractorName!.trim().toLowerCase();
    emailsOf.set(k, (emailsOf.get(k) ?? new Set()).add(r.value!.contractorEmail ?? ''));
  }
  for (const r of named) {
    const v = r.value!;
    if (!v.contractorEmail && (emailsOf.get(v.contractorName!.trim().toLowerCase())?.size ?? 0) > 1) {
      r.outcome = 'refuse';
      r.messages.push({ column: 'contractor_email', message: `“${v.contractorName}” is named with a contractor_email on other rows of this file: give it here too, so the rows are not taken for one contractor by name alone.` });
      continue;
    }
    const same = byName.get(v.contractorName!.trim().toLowerCase()) ?? [];
    if (v.contractorEmail) {
      const match = same.find((p) => p.email?.toLowerCase() === v.contractorEmail);
      if (match) v.contractorId = match.id;
      else if (same.length === 1 && !same[0]!.email) v.contractorId = same[0]!.id;
    } else if (same.length === 1) {
      v.contractorId = same[0]!.id;
    } else if (same.length > 1) {
      r.outcome = 'refuse';
      r.messages.push({
        column: 'contractor_email',
        message: `${same.length} active contractors on record are named “${v.contractorName}”${same.some((p) => p.email) ? ` (${same.map((p) => p.email ?? 'no email').join(', ')})` : ''}: give contractor_email to say which, or a new address for another contractor.`,
      });
    }
  }
}
