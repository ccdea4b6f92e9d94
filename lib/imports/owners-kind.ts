import 'server-only';
// The owners file: each operation's owner of record with the contact address the department holds.
// One party per owner (same name and email), so an owner of several operations claims them at once.
import { sql } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { auditEvents, ownerships, parties } from '@/db/schema';
import { FACILITY_ID, refuseDuplicates, type CheckedRow, type ImportKind } from './kind';
import { loadOperationRefs, notImported } from './shared';
import { RowReader } from './values';

type OwnerValue = {
  facilityId: string; operationId: string; name: string; kind: 'person' | 'organization'; email: string | null; phone: string | null;
  mailingAddress: string | null; acquiredOn: string; partyId?: string;
};

const ownerKey = (v: { name: string; email: string | null }) => `${v.name.trim().toLowerCase()}|${v.email ?? ''}`;

export const ownersKind: ImportKind<OwnerValue> = {
  label: 'Owners and contacts',
  columns: { required: ['facility_id', 'owner_name', 'acquired_on'], optional: ['owner_kind', 'email', 'phone', 'mailing_address'] },

  async check(db, file, { today }) {
    const out: CheckedRow<OwnerValue>[] = file.rows.map(({ row, values }) => {
      const r = new RowReader(values);
      const facilityId = r.text('facility_id', { required: true, max: 20 });
      if (facilityId && !FACILITY_ID.test(facilityId)) r.problems.push({ column: 'facility_id', message: `facility_id “${facilityId}” is not a facility ID.` });
      const value: OwnerValue = {
        facilityId: facilityId ?? '', operationId: '', name: r.text('owner_name', { required: true, max: 200 }) ?? '', kind: r.oneOf('owner_kind', ['person', 'organization'] as const, 'organization'),
        email: r.email('email'), phone: r.text('phone', { max: 40 }), mailingAddress: r.text('mailing_address', { max: 500 }), acquiredOn: r.date('acquired_on', { required: true, notAfter: today }) ?? '',
      };
      return { row, facilityId, outcome: r.problems.length ? 'refuse' : 'create', messages: r.problems, value };
    });
    refuseDuplicates(out);
    // One owner (name and email) named with two different phones or addresses: which is right?
    const firstOf = new Map<string, CheckedRow<OwnerValue>>();
    for (const r of out) {
      if (r.outcome === 'refuse' || !r.value) continue;
      const first = firstOf.get(ownerKey(r.value));
      if (!first) firstOf.set(ownerKey(r.value), r);
      else
        for (const k of ['phone', 'mailingAddress'] as const) {
          if ((first.value![k] ?? null) !== (r.value[k] ?? null)) {
            r.outcome = 'refuse';
            r.messages.push({ column: k === 'phone' ? 'phone' : 'mailing_address', message: `${r.value.name} has a different ${k === 'phone' ? 'phone' : 'mailing address'} on row ${first.row}: give one owner the same contact on every row.` });
          }
        }
    }
    const ops = await loadOperationRefs(db, out.flatMap((r) => (r.facilityId ? [r.facilityId] : [])));
    const partyIds = [...new Set([...ops.values()].flatMap((o) => (o.ownerPartyId ? [o.ownerPartyId] : [])))];
    const current = new Map(
      (partyIds.length ? await queryRows<{ id: string; name: string; email: string | null; phone: string | null; mailingAddress: string | null; kind: string }>(db, sql`select id, name, email, phone, mailing_address as "mailingAddress", kind::text as kind from parties where id in ${partyIds}`) : []).map((p) => [p.id, p]),
    );
    const newKeys = [...new Set(out.flatMap((r) => (r.outcome !== 'refuse' && r.value && !ops.get(r.value.facilityId)?.ownerPartyId ? [ownerKey(r.value)] : [])))];
    const known = new Map(
      (newKeys.length
        ? await queryRows<{ key: string; name: string; phone: string | null; mailingAddress: string | null }>(
            db,
            sql`select distinct on (lower(trim(name)) || '|' || coalesce(email, '')) lower(trim(name)) || '|' || coalesce(email, '') as key, name, phone, mailing_address as "mailingAddress"
              from parties where not is_active_contractor and (lower(trim(name)) || '|' || coalesce(email, '')) in (select jsonb_array_elements_text(${JSON.stringify(newKeys)}::jsonb))
              order by lower(trim(name)) || '|' || coalesce(email, ''), created_at`,
          )
        : []
      ).map((p) => [p.key, p]),
    );
    for (const r of out) {
      if (r.outcome === 'refuse' || !r.value) continue;
      const op = ops.get(r.value.facilityId);
      if (!op) {
        r.outcome = 'refuse';
        r.messages.push({ column: 'facility_id', message: notImported(r.value.facilityId) });
        continue;
      }
      r.value.operationId = op.id;
      if (!op.ownerPartyId) {
        // A new owner of record. One already in the portal under the same name and email (or the
        // same name, without an email) is the same owner only if the contact agrees; otherwise two
        // different people would be merged and one's letters sent to the other.
        const same = known.get(ownerKey(r.value));
        if (same) {
          const differs = (['phone', 'mailingAddress'] as const).filter((k) => (same[k] ?? null) !== (r.value![k] ?? null));
          if (differs.length) {
            r.outcome = 'refuse';
            r.messages.push({ column: differs[0] === 'phone' ? 'phone' : 'mailing_address', message: `An owner already on record as ${same.name} has a different ${differs.map((k) => (k === 'phone' ? 'phone' : 'mailing address')).join(' and ')}. If this is the same owner, give the contact on record; if not, tell them apart (an email address).` });
          } else {
            r.messages.push({ column: null, message: `Joins the owner already on record as ${same.name}.` });
          }
        }
        continue;
      }
      const p = current.get(op.ownerPartyId)!;
      if (p.name.trim().toLowerCase() !== r.value.name.trim().toLowerCase()) {
        r.outcome = 'refuse';
        r.messages.push({ column: 'owner_name', message: `The owner on record is ${p.name}. A change of owner is recorded through an ownership transfer, not an import.` });
        continue;
      }
      r.value.partyId = p.id;
      const changed = (['email', 'phone', 'mailingAddress'] as const).filter((k) => (p[k] ?? null) !== (r.value![k] ?? null));
      r.outcome = changed.length ? 'change' : 'unchanged';
      if (changed.length) r.messages.push({ column: null, message: `Changes the owner’s ${changed.join(', ')}.` });
    }
    return out;
  },

  async write(tx, rows, ctx) {
    // Owners new to the portal: one party per name and email, shared by their operations.
    const creates = rows.filter((r) => r.outcome === 'create');
    const byKey = new Map<string, OwnerValue>();
    for (const r of creates) if (!byKey.has(ownerKey(r.value!))) byKey.set(ownerKey(r.value!), r.value!);
    const partyOf = new Map<string, string>();
    if (byKey.size) {
      const keys = [...byKey.keys()];
      const found = await queryRows<{ id: string; key: string }>(
        tx,
        sql`select distinct on (lower(trim(name)) || '|' || coalesce(email, '')) id, lower(trim(name)) || '|' || coalesce(email, '') as key from parties
          where not is_active_contractor and (lower(trim(name)) || '|' || coalesce(email, '')) in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))
          order by lower(trim(name)) || '|' || coalesce(email, ''), created_at`,
      );
      for (const f of found) partyOf.set(f.key, f.id);
      const missing = keys.filter((k) => !partyOf.has(k)).map((k) => byKey.get(k)!);
      if (missing.length) {
        const made = await tx.insert(parties).values(missing.map((v) => ({ kind: v.kind, name: v.name, email: v.email, phone: v.phone, mailingAddress: v.mailingAddress }))).returning({ id: parties.id, name: parties.name, email: parties.email });
        for (const m of made) partyOf.set(ownerKey({ name: m.name, email: m.email }), m.id);
      }
      await tx.insert(ownerships).values(creates.map((r) => ({ operationId: r.value!.operationId, ownerId: partyOf.get(ownerKey(r.value!))!, acquiredOn: r.value!.acquiredOn })));
    }
    const changes = rows.filter((r) => r.outcome === 'change');
    for (const r of changes) {
      await tx.update(parties).set({ email: r.value!.email, phone: r.value!.phone, mailingAddress: r.value!.mailingAddress }).where(sql`${parties.id} = ${r.value!.partyId!}`);
    }
    const touched = [...creates, ...changes];
    if (touched.length) {
      await tx.insert(auditEvents).values(
        touched.map((r) => ({
          actorUserId: ctx.actorUserId,
          action: r.outcome === 'create' ? ('ownership.imported' as const) : ('owner_contact.import_changed' as const),
          entityType: 'operation',
          entityId: r.value!.operationId,
          after: { importRunId: ctx.runId, row: r.row, owner: r.value!.name, partyId: r.value!.partyId ?? partyOf.get(ownerKey(r.value!)) },
        })),
      );
    }
  },
};
