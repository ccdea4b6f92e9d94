import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { feeLines, operationSignatories, ownerships, parties, planSubmissions, plans, users } from '@/db/schema';
import { seedDatabase } from '@/lib/demo';
import { PORTFOLIO_SAFO_INDEX, PORTFOLIO_TRANSFER_INDEX, portfolioOperationName } from '@/lib/demo/demo-portfolio';
import type { Actor } from '@/lib/auth/roles';
import { today } from '@/lib/clock';
import { getInvoice } from '@/lib/payments/invoice';
import { renderInvoicePdf } from '@/lib/payments/invoice-pdf';
import { fileNoChangeUpdates, previewNoChange } from '@/lib/portfolio/no-change';
import { applyPortfolioFilters, listPortfolioForExport, listPortfolioPage, listPortfolioRows, PORTFOLIO_PAGE_SIZE } from '@/lib/portfolio/queries';
import { portfolioFilterSchema } from '@/lib/validation/portfolio';
import { nameSignatory } from '@/lib/signing/signatories';
import { batchSigningFor } from '../support/signing';
import { databaseLabel, useTestDb } from './support/test-db';

// The consultant's portfolio on the demo with its 40 clients: search, buckets, paging, and bulk
// "no change" updates where one refused operation is named and the rest are filed once each.
const T = today();
const ctx = { today: T, origin: 'https://mmp.test' };
const filters = (raw: Record<string, unknown> = {}) => portfolioFilterSchema.parse(raw);

describe(`preparer portfolio and bulk no-change updates on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;
  let preparer: Actor;
  let owner: Actor;

  beforeAll(async () => {
    await seedDatabase(db(), { demo: true, today: T, portfolio: true });
    const get = async (email: string) => {
      const [u] = await db().select().from(users).where(eq(users.email, email));
      return { id: u!.id, role: u!.role, name: u!.name, email: u!.email, countyFips: u!.countyFips, partyId: u!.partyId };
    };
    preparer = await get('preparer@example.com');
    owner = await get('owner.hansen@example.com');
  });

  /**
   * Where the consultant may not sign yet, the client names them (signed in as the owner of record;
   * a client without an account of its own gets one here to do so).
   */
  async function clientsNamePreparer(operationIds: string[]) {
    for (const operationId of operationIds) {
      const [named] = await db().select({ id: operationSignatories.id }).from(operationSignatories).where(and(eq(operationSignatories.operationId, operationId), eq(operationSignatories.userId, preparer.id), isNull(operationSignatories.revokedAt)));
      if (named) continue;
      const [own] = await db().select({ partyId: ownerships.ownerId }).from(ownerships).where(and(eq(ownerships.operationId, operationId), isNull(ownerships.releasedOn)));
      let [u] = await db().select().from(users).where(and(eq(users.partyId, own!.partyId), eq(users.role, 'owner')));
      if (!u) {
        const [party] = await db().select().from(parties).where(eq(parties.id, own!.partyId));
        [u] = await db().insert(users).values({ email: `signer-${party!.id}@example.test`, name: party!.name, role: 'owner', partyId: party!.id, emailVerifiedAt: new Date() }).returning();
      }
      const client: Actor = { id: u!.id, role: u!.role, name: u!.name, email: u!.email, countyFips: u!.countyFips, partyId: u!.partyId };
      await nameSignatory(client, { operationId, email: preparer.email, capacity: 'Preparer authorized by the owner' });
    }
  }

  it('lists all 42 operations the preparer acts for (40 clients, 2 of Hansen) and nobody else’s', async () => {
    const rows = await listPortfolioRows(preparer, T);
    expect(rows).toHaveLength(42);
    expect(rows.map((r) => r.name)).not.toContain('Hull Contract Finisher');
    // An owner's read of the same list holds only her own.
    expect((await listPortfolioRows(owner, T)).every((r) => r.ownerName === 'Hansen Family Farms LLC')).toBe(true);
  });

  it('searches by name, facility ID, owner and county; filters by bucket, county and next filing; sorts by due date; pages on the server', async () => {
    const rows = await listPortfolioRows(preparer, T);
    expect(applyPortfolioFilters(rows, filters({ q: 'albers' })).rows).toHaveLength(4);
    expect(applyPortfolioFilters(rows, filters({ q: '70005' })).rows.map((r) => r.name)).toEqual([portfolioOperationName(4)]);
    expect(applyPortfolioFilters(rows, filters({ q: 'Gerdes Livestock' })).rows.every((r) => r.ownerName === 'Gerdes Livestock')).toBe(true);
    expect(applyPortfolioFilters(rows, filters({ q: 'sac' })).rows.every((r) => r.countyName === 'Sac')).toBe(true);
    const overdue = applyPortfolioFilters(rows, filters({ due: 'overdue' }));
    expect(overdue.rows.length).toBeGreaterThan(0);
    expect(overdue.rows.every((r) => r.dueDaysLeft! < 0)).toBe(true);
    expect(overdue.counts.overdue).toBe(overdue.rows.length);
    const soon = applyPortfolioFilters(rows, filters({ due: '30' }));
    expect(soon.rows.every((r) => r.dueDaysLeft! >= 0 && r.dueDaysLeft! <= 30)).toBe(true);
    expect(soon.counts.within60).toBeGreaterThanOrEqual(soon.counts.within30);
    const days = applyPortfolioFilters(rows, filters()).rows.map((r) => r.dueDay ?? '9999');
    expect(days).toEqual([...days].sort());
    const county = applyPortfolioFilters(rows, filters({ county: '19161' })).rows;
    expect(county.length).toBe(4);
    expect(applyPortfolioFilters(rows, filters({ next: 'none' })).rows.map((r) => r.name)).toEqual([portfolioOperationName(PORTFOLIO_SAFO_INDEX)]);
    const page2 = await listPortfolioPage(preparer, T, filters({ page: 2 }));
    expect(page2).toMatchObject({ page: 2, pageCount: 2, matched: 42 });
    expect(page2.rows).toHaveLength(17);
  });

  it('the page and the CSV, filtered in SQL, hold exactly the rows and counts the same filters give over every row', async () => {
    const all = await listPortfolioRows(preparer, T);
    const combos: Record<string, unknown>[] = [
      {}, { sort: 'name' }, { q: 'albers' }, { q: '70005' }, { q: 'Gerdes Livestock' }, { q: 'sac' }, { q: '100%_' }, { due: 'overdue' }, { due: '30' }, { due: '60', sort: 'name' },
      { county: '19161' }, { next: 'none' }, { next: 'annual_update', due: '60' }, { status: 'approved' }, { status: 'none' }, { status: 'draft', q: 'finisher' }, { page: 2 }, { page: 9 },
    ];
    for (const raw of combos) {
      const f = filters(raw);
      const expected = applyPortfolioFilters(all, f);
      const page = await listPortfolioPage(preparer, T, f);
      const label = JSON.stringify(raw);
      expect(page.counts, label).toEqual(expected.counts);
      expect(page.matched, label).toBe(expected.rows.length);
      const from = (page.page - 1) * PORTFOLIO_PAGE_SIZE;
      expect(page.rows.map((r) => r.id), label).toEqual(expected.rows.slice(from, from + PORTFOLIO_PAGE_SIZE).map((r) => r.id));
      expect(page.rows, label).toEqual(expected.rows.slice(from, from + PORTFOLIO_PAGE_SIZE));
      expect((await listPortfolioForExport(preparer, T, f)).map((r) => r.id), label).toEqual(expected.rows.map((r) => r.id));
    }
    expect((await listPortfolioPage(preparer, T, filters())).counties).toEqual([...new Map(all.map((r) => [r.countyFips, r.countyName])).entries()].sort((a, b) => a[1].localeCompare(b[1])));
  });

  it('files ten no-change updates, each its own submission, receipt and fee; names the refused SAFO and the one with a pending transfer', async () => {
    const rows = applyPortfolioFilters(await listPortfolioRows(preparer, T), filters({ next: 'annual_update' })).rows.filter((r) => r.noChangeReady && !r.pendingTransfer && r.name.includes('Finisher') && !r.name.startsWith('Rock') && !r.name.startsWith('Iowa'));
    const ten = rows.slice(0, 10);
    const safo = (await listPortfolioRows(preparer, T)).find((r) => r.name === portfolioOperationName(PORTFOLIO_SAFO_INDEX))!;
    const transfer = (await listPortfolioRows(preparer, T)).find((r) => r.name === portfolioOperationName(PORTFOLIO_TRANSFER_INDEX))!;
    await clientsNamePreparer(ten.map((r) => r.id));
    const preview = await previewNoChange(preparer, [ten[0]!.id, safo.id], T);
    expect(preview.find((p) => p.operationId === safo.id)!.refusal).toMatch(/SAFO/);
    expect(preview.find((p) => p.operationId === ten[0]!.id)).toMatchObject({ refusal: null, fee: { payer: expect.any(String) } });

    const items = [...ten, safo, transfer].map((r) => ({ operationId: r.id, idempotencyKey: randomUUID() }));
    const signing = await batchSigningFor(preparer);
    const result = await fileNoChangeUpdates(preparer, items, ctx, signing);
    expect(result.filed).toHaveLength(10);
    expect(result.refused.map((r) => r.name).sort()).toEqual([safo.name, transfer.name].sort());
    expect(result.refused.find((r) => r.operationId === transfer.id)!.reason).toMatch(/transfer/);
    const planIds = result.filed.map((f) => f.planId);
    const filed = await db().select().from(plans).where(inArray(plans.id, planIds));
    expect(filed.every((p) => p.status === 'submitted' && p.updateKind === 'no_change_statement' && p.kind === 'annual_update')).toBe(true);
    expect(new Set(result.filed.map((f) => f.submissionId)).size).toBe(10);
    const fees = await db().select().from(feeLines).where(and(inArray(feeLines.planId, planIds), eq(feeLines.code, 'annual_compliance')));
    expect(fees).toHaveLength(10);
    for (const f of result.filed) expect(fees.find((x) => x.planId === f.planId)!.amountCents).toBe(f.feeCents);

    // Each submission has its invoice: its fee, payer, due date and reference, as a PDF; nobody else's to read.
    const invoice = await getInvoice(preparer, result.filed[0]!.submissionId);
    expect(invoice.lines).toHaveLength(1);
    expect(invoice.lines[0]).toMatchObject({ code: 'annual_compliance', amountCents: result.filed[0]!.feeCents, dueOn: T, reference: expect.stringMatching(/^FEE-/) });
    const pdf = await renderInvoicePdf(invoice, ctx.origin);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await expect(getInvoice(owner, result.filed[0]!.submissionId)).rejects.toMatchObject({ code: 'NOT_FOUND' });

    // The same request again (a double click, a retry, its one-time code already spent): it answers
    // with what was filed, asks nothing again, and nothing new is filed or billed.
    const again = await fileNoChangeUpdates(preparer, items, ctx, signing);
    expect(again.filed.every((f) => f.replayed)).toBe(true);
    expect(await db().select().from(planSubmissions).where(inArray(planSubmissions.planId, planIds))).toHaveLength(10);
    expect(await db().select().from(feeLines).where(inArray(feeLines.planId, planIds))).toHaveLength(10);
  });

  it('an operation outside the filer’s scope is refused without being described', async () => {
    const [hull] = await listPortfolioRows({ ...owner, role: 'department_staff' }, T).then((r) => r.filter((x) => x.name === 'Hull Contract Finisher'));
    const result = await fileNoChangeUpdates(preparer, [{ operationId: hull!.id, idempotencyKey: randomUUID() }], ctx, await batchSigningFor(preparer));
    expect(result).toMatchObject({ filed: [], refused: [{ name: 'An operation you cannot act for' }] });
  });
});
