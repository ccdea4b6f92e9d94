import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ownershipTransfers } from '@/db/schema';
import * as policy from '@/lib/auth/policy';
import { today } from '@/lib/clock';
import { addDays } from '@/lib/rules';
import { useAttachmentStorage } from '@/lib/storage';
import { LocalDiskStorage } from '@/lib/storage/local-disk';
import { decideTransfer } from '@/lib/transfers/decide';
import { requestTransfer } from '@/lib/transfers/request';
import { respondAsOwner } from '@/lib/transfers/respond';
import { createOperation, createOwner, createReviewer } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// Filing, answering and deciding a transfer request check access inside the transaction that makes
// the change, under its row locks: the check reads the ownership the change is made on.
vi.mock('@/lib/auth/policy', async (original) => {
  const real = await original<typeof import('@/lib/auth/policy')>();
  return { ...real, authorize: vi.fn(real.authorize) };
});

const T = today();
const ctx = { today: T, origin: 'https://mmp.test' };
const PDF = { filename: 'deed.pdf', bytes: new TextEncoder().encode('%PDF-1.4\n%%EOF\n') };

describe(`transfer requests authorize inside their transaction on ${databaseLabel}`, () => {
  const t = useTestDb();
  const db = () => t.get().db;
  const checkedOn = (action: string) => vi.mocked(policy.authorize).mock.calls.filter((c) => c[1] === action).at(-1)?.[3];

  beforeAll(async () => {
    useAttachmentStorage(new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), 'mmp-transfer-'))));
  });

  it('filing a request, the owner on record answering it, the department deciding one', async () => {
    const prairie = await createOwner({ name: 'Prairie Egg Cooperative' });
    const hansen = await createOwner({ name: 'Hansen Family Farms LLC' });
    const rock = await createOperation(hansen, { name: 'Rock Valley Finisher Site', today: T });
    const { transferId } = await requestTransfer(prairie, { facilityId: rock.facilityId, countyFips: rock.countyFips, acquiredOn: addDays(T, -3) }, PDF, ctx);
    expect(checkedOn('transfer.request')).toBeInstanceOf(PgTransaction);
    await respondAsOwner(hansen, { transferId, response: 'dispute', note: 'Not sold.' }, ctx);
    expect(checkedOn('transfer.respond')).toBeInstanceOf(PgTransaction);
    const [row] = await db().select().from(ownershipTransfers).where(eq(ownershipTransfers.id, transferId));
    await decideTransfer(await createReviewer(), { transferId, version: row!.version, decision: 'refused', reason: 'The seller says it was not sold.' }, ctx);
    expect(checkedOn('transfer.decide')).toBeInstanceOf(PgTransaction);
  });
});
