import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditEvents, feeLines, importRuns, operations, ownerships, parties, plans } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { canSeePlan } from '@/lib/auth/policy';
import { today } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { generateImportFiles } from '@/lib/imports/generate';
import { applyImport, checkImport, findEarlierApplication, getImportRun, outcomesCsv, recoverInterruptedImports, type ImportFileKind } from '@/lib/imports/runs';
import { parsePublicStatusFilter } from '@/lib/public/status-filter';
import { searchPublicStatus } from '@/lib/public/status-search';
import { createUser } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

const T = today();
const N = 120;
const HEADER = 'facility_id,name,county,head_swine_over_55_lb,constructed_on';

describe(`importing the department’s records on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;
  let admin: Actor;
  const files = generateImportFiles(N, T, 'TS');
  const enc = (s: string) => new TextEncoder().encode(s);
  const count = async (table: typeof operations | typeof auditEvents | typeof plans | typeof feeLines | typeof ownerships | typeof parties) =>
    (await db().select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  const check = (kind: ImportFileKind, content: string | Uint8Array, filename = `${kind}.csv`) => checkImport(admin, { kind, filename, bytes: typeof content === 'string' ? enc(content) : content }, T);

  beforeAll(async () => {
    admin = await createUser('admin');
  });

  it('checks a file without writing, then applies it; the same file again changes nothing', async () => {
    const before = await count(operations);
    const runId = await check('operations', files.operations);
    const run = await getImportRun(admin, runId);
    expect(run.status).toBe('checked');
    expect(run.summary).toEqual({ rows: N, create: N, change: 0, unchanged: 0, refuse: 0 });
    expect(run.outcomes[0]).toMatchObject({ row: 2, facilityId: 'TS000001', outcome: 'create', details: expect.stringMatching(/AU; MMP (not )?required \(IAC 567-65\.110\(1\)[^)]*\)?.*annual compliance fee \$[\d,.]+ paid by the/) });
    expect(await count(operations)).toBe(before);

    const progress: number[] = [];
    const applied = await applyImport(admin, runId, { today: T, onProgress: (done) => progress.push(done) });
    expect(applied.create).toBe(N);
    expect(progress.at(-1)).toBe(N);
    expect(await count(operations)).toBe(before + N);
    await expect(applyImport(admin, runId, { today: T })).rejects.toMatchObject({ code: 'CONFLICT' });

    for (const kind of ['owners', 'plan_history', 'unpaid_fees'] as const) {
      const id = await check(kind, files[kind]);
      expect((await getImportRun(admin, id)).summary.refuse, kind).toBe(0);
      await applyImport(admin, id, { today: T });
    }
    const snapshot = { ops: await count(operations), plans: await count(plans), fees: await count(feeLines), owners: await count(ownerships), parties: await count(parties), audit: await count(auditEvents) };
    for (const kind of ['operations', 'owners', 'plan_history', 'unpaid_fees'] as const) {
      const id = await check(kind, files[kind]);
      const s = await applyImport(admin, id, { today: T });
      expect(s, kind).toMatchObject({ create: 0, change: 0, refuse: 0 });
    }
    // Only the runs' own audit events (checked, applied) were added.
    const { audit: auditBefore, ...records } = snapshot;
    expect({ ops: await count(operations), plans: await count(plans), fees: await count(feeLines), owners: await count(ownerships), parties: await count(parties) }).toEqual(records);
    expect(await count(auditEvents)).toBe(auditBefore + 8);
  });

  it('imported records read like the portal’s own: public search, county scope, fees by the rules', async () => {
    const { rows } = await searchPublicStatus(parsePublicStatusFilter({ q: 'TS000010' }));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ planStatus: 'approved', lastApprovedOn: expect.any(String), nextDueOn: expect.any(String) });
    const [op] = await db().select().from(operations).where(eq(operations.facilityId, 'TS000010'));
    const [plan] = await db().select().from(plans).where(eq(plans.operationId, op!.id));
    const official = (countyFips: string): Actor => ({ id: admin.id, role: 'county_official', name: 'x', email: 'x@example.com', countyFips, partyId: null });
    expect(await canSeePlan(official(op!.countyFips), plan!.id)).toBe(op!.id);
    expect(await canSeePlan(official(op!.countyFips === '19167' ? '19079' : '19167'), plan!.id)).toBeNull();
    const fee = await db().select().from(feeLines).where(eq(feeLines.operationId, op!.id));
    expect(fee).toHaveLength(1);
    expect(fee[0]).toMatchObject({ code: 'annual_compliance', status: 'due', citation: expect.stringContaining('65.110') });
    // One owner with two operations is one party: they claim both at once.
    const owners = await db().select({ owner: ownerships.ownerId }).from(ownerships).innerJoin(operations, eq(operations.id, ownerships.operationId)).where(sql`${operations.facilityId} in ('TS000001', 'TS000002')`);
    expect(new Set(owners.map((o) => o.owner)).size).toBe(1);
  });

  it('a changed row is reported as a change, and applying it writes the change with an audit event', async () => {
    const name = /\nTS000003,([^,]+),/.exec(files.operations)![1]!;
    const changed = files.operations.replace(`TS000003,${name},`, `TS000003,${name} (renamed),`);
    expect(changed).not.toBe(files.operations);
    const id = await check('operations', changed);
    const run = await getImportRun(admin, id);
    expect(run.summary).toMatchObject({ change: 1, unchanged: N - 1 });
    expect(run.outcomes.find((o) => o.outcome === 'change')).toMatchObject({ facilityId: 'TS000003', messages: [{ message: 'Changes name.' }] });
    await applyImport(admin, id, { today: T });
    const [op] = await db().select().from(operations).where(eq(operations.facilityId, 'TS000003'));
    expect(op!.name).toBe(`${name} (renamed)`);
    const audit = await db().select().from(auditEvents).where(sql`${auditEvents.action} = 'operation.import_changed' and ${auditEvents.entityId} = ${op!.id}`);
    expect(audit).toHaveLength(1);
  });

  it('refuses bad files with the rows and columns named, and writes nothing', async () => {
    const before = { ops: await count(operations), runs: (await db().select({ n: sql<number>`count(*)::int` }).from(importRuns))[0]!.n };
    const refused = async (kind: ImportFileKind, content: string | Uint8Array) => {
      const run = await getImportRun(admin, await check(kind, content));
      expect(run.status).toBe('refused');
      await expect(applyImport(admin, run.id, { today: T })).rejects.toBeInstanceOf(AppError);
      return run;
    };
    expect((await refused('operations', 'facility_id,name,cnty\nX1,A,Sioux\n')).fileError).toMatch(/missing column county; unknown column cnty/);
    expect((await refused('operations', new Uint8Array([...enc(`${HEADER}\nX1,M`), 0xfc, ...enc('ller Farm,Sioux,10,2001-01-01\n')]))).fileError).toMatch(/not UTF-8/);
    expect((await refused('operations', new Uint8Array([0xff, 0xfe, 0x66, 0x00]))).fileError).toMatch(/UTF-16/);
    expect((await refused('operations', `${HEADER}\nX1,A,Sioux,10\n`)).fileError).toMatch(/wrong number of columns/);

    const bad = await refused(
      'operations',
      [HEADER, 'X1,Alpha,Sioux,100,2001-01-01', 'X1,Alpha again,Sioux,100,2001-01-01', 'X2,Beta,Atlantis,100,2001-01-01', 'X3,Gamma,Lyon,-5,2001-01-01', 'X4,Delta,Lyon,12.5,2001-01-01', 'X5,Eps,19119,99999999999,2001-01-01', 'X6,Zeta,Lyon,,2001-01-01', 'X7,Eta,lyon county,100,2001-13-40', 'X8,Theta,Lyon,100,2001-01-01'].join('\n'),
    );
    const why = (row: number) => bad.outcomes.find((o) => o.row === row)!;
    expect(why(2)).toMatchObject({ outcome: 'refuse', messages: [{ column: 'facility_id', message: 'Facility ID X1 is on rows 2, 3: each operation once per file.' }] });
    expect(why(3).outcome).toBe('refuse');
    expect(why(4).messages).toEqual([{ column: 'county', message: expect.stringContaining('“Atlantis” is not an Iowa county') }]);
    expect(why(5).messages).toEqual([{ column: 'head_swine_over_55_lb', message: expect.stringContaining('-5 is impossible') }]);
    expect(why(6).messages).toEqual([{ column: 'head_swine_over_55_lb', message: expect.stringContaining('12.5 is impossible') }]);
    expect(why(7).messages).toEqual([{ column: 'head_swine_over_55_lb', message: expect.stringContaining('is impossible') }]);
    expect(why(8).messages).toEqual([{ column: null, message: expect.stringContaining('No head at capacity') }]);
    expect(why(9).messages).toEqual([{ column: 'constructed_on', message: expect.stringContaining('not a date') }]);
    expect(why(10).outcome).toBe('create');
    expect(bad.summary).toMatchObject({ rows: 9, refuse: 8, create: 1 });
    const report = outcomesCsv(bad);
    expect(report).toContain('Row,Facility ID,Outcome,Column,Why');
    expect(report).toContain('4,X2,Refused,county,');

    // Owners of an unknown operation, or a different owner than the one on record, are refused.
    const owners = await refused('owners', 'facility_id,owner_name,acquired_on\nNOPE1,Someone,2020-01-01\nTS000001,Not The Owner LLC,2020-01-01\n');
    expect(owners.outcomes.map((o) => o.messages[0]!.message)).toEqual([expect.stringContaining('No operation has facility ID NOPE1'), expect.stringContaining('The owner on record is Owner 1 Farms')]);
    const fees = await refused('unpaid_fees', `facility_id,fee,due_on,amount\nTS000020,annual_compliance,${T},1.00\n`);
    expect(fees.outcomes[0]!.messages[0]).toMatchObject({ column: 'amount', message: expect.stringContaining('is not the') });

    expect(await count(operations)).toBe(before.ops);
    const runs = (await db().select({ n: sql<number>`count(*)::int` }).from(importRuns))[0]!.n;
    expect(runs).toBe(before.runs + 7);
  });

  it('an owner new to a later file joins the one on record only when the contact agrees', async () => {
    // Two operations new to the portal, then their owners: one gives the name and email of an owner
    // already on record with another address (two different people, or a typo: refused, not merged),
    // the other the same contact (the same owner: joined, and the dry run says so).
    const ops = await check('operations', `${HEADER}\nTM0001,Merge One,Sioux,100,2001-01-01\nTM0002,Merge Two,Sioux,100,2001-01-01\n`);
    await applyImport(admin, ops, { today: T });
    const owner = files.owners.split('\n')[1]!.split(',');
    const [, name, kind, email, phone] = owner;
    const [onRecord] = await db().select().from(parties).where(eq(parties.name, name!));
    const address = (a: string) => `"${a.replaceAll('"', '""')}"`;
    const header = 'facility_id,owner_name,owner_kind,email,phone,mailing_address,acquired_on';
    const run = await getImportRun(admin, await check('owners', [
      header,
      `TM0001,${name},${kind},${email},${phone},${address('9 Elsewhere Rd\nAmes, IA 50010')},2020-01-01`,
    ].join('\n')));
    expect(run.status).toBe('refused');
    expect(run.outcomes[0]).toMatchObject({ outcome: 'refuse', messages: [{ column: 'mailing_address', message: expect.stringContaining(`An owner already on record as ${name} has a different mailing address`) }] });
    const joined = await getImportRun(admin, await check('owners', [
      header,
      `TM0002,${name},${kind},${email},${phone},${address(onRecord!.mailingAddress ?? '')},2020-01-01`,
    ].join('\n')));
    expect(joined.outcomes[0]).toMatchObject({ outcome: 'create', messages: [{ column: null, message: `Joins the owner already on record as ${name}.` }] });
    await applyImport(admin, joined.id, { today: T });
    const [op] = await db().select({ id: operations.id }).from(operations).where(eq(operations.facilityId, 'TM0002'));
    const [own] = await db().select().from(ownerships).where(eq(ownerships.operationId, op!.id));
    expect(own!.ownerId).toBe(onRecord!.id);
  });

  it('the report speaks of what applying did once applied, and a file applied before says so when uploaded again', async () => {
    const content = `${HEADER}\nTW0001,Words One,Sioux,100,2001-01-01\nTW0002,Words Two,Sioux,100,2001-01-01\n`;
    const first = await check('operations', content);
    expect(outcomesCsv(await getImportRun(admin, first))).toContain('2,TW0001,Would create');
    await applyImport(admin, first, { today: T });
    const applied = await getImportRun(admin, first);
    expect(outcomesCsv(applied)).toContain('2,TW0001,Created');
    expect(outcomesCsv(applied)).not.toContain('Would create');

    const again = await getImportRun(admin, await check('operations', content, 'same-file-again.csv'));
    expect(again.summary).toMatchObject({ create: 0, change: 0, unchanged: 2 });
    expect(await findEarlierApplication(admin, again)).toMatchObject({ id: first });
    const other = await getImportRun(admin, await check('operations', content.replace('Words Two', 'Words Two (renamed)')));
    expect(await findEarlierApplication(admin, other)).toBeNull();
  });

  it('an import left applying when the portal stopped is marked stopped with how far it got, and applies again', async () => {
    const id = await check('operations', `${HEADER}\nTX0001,Stopped One,Lyon,100,2001-01-01\nTX0002,Stopped Two,Lyon,100,2001-01-01\n`);
    // As the process left it: applying, one batch written, no one applying it any more.
    await db().update(importRuns).set({ status: 'applying', processedRows: 1 }).where(eq(importRuns.id, id));
    expect(await recoverInterruptedImports()).toBe(1);
    const run = await getImportRun(admin, id);
    expect(run.status).toBe('failed');
    expect(run.fileError).toMatch(/^Applying stopped when the portal stopped, after 1 of 2 rows\. The batch in progress then was rolled back/);
    const audit = await db().select().from(auditEvents).where(sql`${auditEvents.action} = 'import.interrupted' and ${auditEvents.entityId} = ${id}`);
    expect(audit).toHaveLength(1);
    expect(await recoverInterruptedImports()).toBe(0);
    expect(await applyImport(admin, id, { today: T })).toMatchObject({ create: 2 });
    expect((await getImportRun(admin, id)).status).toBe('applied');
  });

  it('contractors are told apart by email, never merged by name alone', async () => {
    const header = 'facility_id,name,county,head_swine_over_55_lb,contract_producer,contractor_name,contractor_email';
    const [a, b] = await db()
      .insert(parties)
      .values([
        { kind: 'organization', name: 'Twin Pork LLC', email: 'north@twinpork.example', isActiveContractor: true },
        { kind: 'organization', name: 'Twin Pork LLC', email: 'south@twinpork.example', isActiveContractor: true },
      ])
      .returning();
    const ambiguous = await getImportRun(admin, await check('operations', `${header}\nTC0001,Twin A,Sioux,1000,yes,Twin Pork LLC,\n`));
    expect(ambiguous.status).toBe('refused');
    expect(ambiguous.outcomes[0]).toMatchObject({ outcome: 'refuse', messages: [{ column: 'contractor_email', message: expect.stringContaining('2 active contractors on record are named “Twin Pork LLC” (north@twinpork.example, south@twinpork.example)') }] });

    const mixed = await getImportRun(admin, await check('operations', `${header}\nTC0002,New A,Sioux,1000,yes,Fresh Hogs Inc,a@fresh.example\nTC0003,New B,Sioux,1000,yes,Fresh Hogs Inc,\n`));
    expect(mixed.outcomes.find((o) => o.row === 3)).toMatchObject({ outcome: 'refuse', messages: [{ column: 'contractor_email', message: expect.stringContaining('is named with a contractor_email on other rows') }] });

    const run = await check('operations', `${header}\nTC0004,Twin B,Sioux,1000,yes,Twin Pork LLC,SOUTH@twinpork.example\nTC0005,New C,Sioux,1000,yes,Fresh Hogs Inc,a@fresh.example\nTC0006,New D,Sioux,1000,yes,Fresh Hogs Inc,b@fresh.example\n`);
    expect((await getImportRun(admin, run)).summary).toMatchObject({ create: 3, refuse: 0 });
    await applyImport(admin, run, { today: T });
    const contractorOf = async (fid: string) => (await db().select({ c: operations.activeContractorId }).from(operations).where(eq(operations.facilityId, fid)))[0]!.c;
    expect(await contractorOf('TC0004')).toBe(b!.id);
    expect(await contractorOf('TC0004')).not.toBe(a!.id);
    const c5 = await contractorOf('TC0005');
    const c6 = await contractorOf('TC0006');
    expect(c5).not.toBe(c6);
    const fresh = await db().select({ email: parties.email }).from(parties).where(eq(parties.name, 'Fresh Hogs Inc'));
    expect(fresh.map((p) => p.email).sort()).toEqual(['a@fresh.example', 'b@fresh.example']);
  });

  it('only an administrator imports', async () => {
    await expect(checkImport({ ...admin, role: 'department_supervisor' }, { kind: 'operations', filename: 'x.csv', bytes: enc(files.operations) }, T)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
