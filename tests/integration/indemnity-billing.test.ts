import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { feeLines, planSubmissions, plans } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { registerOperation } from '@/lib/operations/commands';
import { setParameterValue } from '@/lib/parameters/values';
import { uploadAttachment } from '@/lib/plans/attachments';
import { saveDraft } from '@/lib/plans/drafts';
import { getPlanEditor } from '@/lib/plans/editor';
import { startPlan } from '@/lib/plans/start';
import { submitSigned } from '../support/signing';
import { LocalDiskStorage } from '@/lib/storage/local-disk';
import { useAttachmentStorage } from '@/lib/storage';
import { operationSchema } from '@/lib/validation/operations';
import { parseOrThrow } from '@/lib/validation/parse';
import { completeDraft } from '../../scripts/scale/drills/fixtures';
import { createOwner, createUser } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// IAC 567-65.110(6) and Iowa Code 459.503, 459.503A: an original MMP carries the indemnity fee on
// the schedule an administrator keeps, except for operations built before May 31, 1995 without a
// construction permit, and not while collection is suspended because the fund is above $3 million.
const TODAY = '2026-11-30';
const ctx = { today: TODAY, origin: 'http://portal.test' };
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe(`the indemnity fee billed with an original plan on ${databaseLabel}`, () => {
  const t = useTestDb();
  let hansen: Actor;
  let admin: Actor;
  let n = 0;

  /** Registers an operation of 2,480 head of finishing swine (992 AU) and saves a complete original plan for it. */
  async function draftOriginal(constructedOn: string, on = TODAY) {
    n += 1;
    const op = await registerOperation(hansen, parseOrThrow(operationSchema, {
      name: `Indemnity Finisher ${n}`, kind: 'confinement', countyFips: '19021', township: '91N', range: '37W', section: String(n), quarterSection: 'NE',
      address911: `${100 + n} 510th St, Storm Lake, IA 50588`, constructedOn, constructionPermitStatus: 'not_required',
      inventory: [{ category: 'swine_over_55_lb', head: '2480' }], storage: [], contractProducer: false, researchCollege: false, safoElect: false,
    }), on);
    const { planId } = await startPlan(hansen, { operationId: op.id, kind: 'original' }, on);
    await uploadAttachment(hansen, { planId, kind: 'site_map', filename: 'site map.pdf', bytes: PDF });
    const [row] = await t.get().db.select({ version: plans.version }).from(plans).where(eq(plans.id, planId));
    const saved = await saveDraft(hansen, { planId, version: row!.version, draft: completeDraft() });
    return { planId, version: saved.version };
  }

  /** Files a complete original plan and returns its fee lines and what the submission recorded. */
  async function fileOriginal(constructedOn: string, on = TODAY) {
    const { planId, version } = await draftOriginal(constructedOn, on);
    await submitSigned(hansen, { planId, version, idempotencyKey: randomUUID() }, { ...ctx, today: on });
    const lines = await t.get().db.select().from(feeLines).where(eq(feeLines.planId, planId));
    const [submission] = await t.get().db.select().from(planSubmissions).where(eq(planSubmissions.planId, planId));
    return { planId, lines: lines.map((l) => [l.code, l.amountCents, l.status]).sort(), snapshot: submission!.snapshot as { indemnity: unknown } };
  }

  beforeAll(async () => {
    useAttachmentStorage(new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), 'mmp-att-'))));
    hansen = await createOwner({ name: 'Hansen Family Farms LLC' });
    admin = await createUser('admin');
  });

  it('bills nothing but the filing fee while no schedule is kept, and says why in the submission record', async () => {
    const filed = await fileOriginal('2019-04-01');
    expect(filed.lines).toEqual([['mmp_filing', 25000, 'due']]);
    expect(filed.snapshot.indemnity).toMatchObject({ status: 'no_schedule', cents: 0 });
  });

  it('bills the scheduled rate per animal unit, once, next to the $250 filing fee', async () => {
    await setParameterValue(admin, {
      key: 'indemnity.fee_schedule',
      value: [{ description: 'Confinement feeding operations', centsPerAnimalUnit: 1.5, appliesTo: 'all' }],
      effectiveFrom: '2026-07-01',
      source: 'Iowa Code 459.503 (department notice)',
      confirmed: true,
    });
    const filed = await fileOriginal('2019-04-01');
    // 992 AU x 1.5 cents = 1,488 cents = $14.88.
    expect(filed.lines).toEqual([['indemnity', 1488, 'due'], ['mmp_filing', 25000, 'due']]);
    // The owner sees the same fee on the form before submitting.
    const draft = await draftOriginal('2019-04-01');
    const editor = await getPlanEditor(hansen, draft.planId, TODAY);
    expect(editor.editable && editor.indemnityFee).toMatchObject({ code: 'indemnity', cents: 1488, payer: 'owner' });
  });

  it('exempts an operation built before May 31, 1995 without a construction permit', async () => {
    const filed = await fileOriginal('1990-05-01');
    expect(filed.lines).toEqual([['mmp_filing', 25000, 'due']]);
    expect(filed.snapshot.indemnity).toMatchObject({ status: 'exempt' });
  });

  it('bills nothing while collection is suspended because the fund was above $3 million at the end of the last quarter (Iowa Code 459.503A)', async () => {
    for (const [key, value] of [['indemnity.fund_suspend_above_cents', 300_000_000], ['indemnity.fund_resume_below_cents', 200_000_000], ['indemnity.fund_balance_cents', 310_000_000]] as const) {
      // Recorded in August: the quarter ending September 30 waives the fee from October 1.
      await setParameterValue(admin, { key, value, effectiveFrom: '2026-08-01', source: 'Iowa Code 459.503A', confirmed: true });
    }
    const filed = await fileOriginal('2019-04-01');
    expect(filed.lines).toEqual([['mmp_filing', 25000, 'due']]);
    expect(filed.snapshot.indemnity).toMatchObject({ status: 'waived', cents: 0 });
  });
});
