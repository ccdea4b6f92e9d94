import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attachments, auditEvents, plans } from '@/db/schema';
import type { Actor } from '@/lib/auth/roles';
import { readAttachment, removeAttachment, uploadAttachment } from '@/lib/plans/attachments';
import { MAX_ATTACHMENT_BYTES } from '@/lib/plans/attachment-kinds';
import { startPlan } from '@/lib/plans/start';
import { useAttachmentStorage } from '@/lib/storage';
import { LocalDiskStorage } from '@/lib/storage/local-disk';
import { approvedPlanFor, completeDraft, createOperation, createOwner, createReviewer, createUser } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

const TODAY = '2026-11-30';
const PDF = new TextEncoder().encode('%PDF-1.4\nmap of the north fields\n%%EOF\n');

describe(`plan attachments on ${databaseLabel}`, () => {
  const t = useTestDb();
  let hansen: Actor, vanzee: Actor, sioux: Actor, hamilton: Actor, reviewer: Actor;
  let draftId: string;
  let filedId: string;

  beforeAll(async () => {
    useAttachmentStorage(new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), 'mmp-att-'))));
    const { db } = t.get();
    // Made here: Rock Valley (Sioux County, fields in Sioux and Lyon) with its plan approved in the
    // spring and an annual update in draft; another owner; Sioux's and Hamilton's officials; a reviewer.
    hansen = await createOwner({ name: 'Karen Hansen' });
    vanzee = await createOwner({ name: 'Pieter Van Zee' });
    sioux = await createUser('county_official', { countyFips: '19167' });
    hamilton = await createUser('county_official', { countyFips: '19079' });
    reviewer = await createReviewer();
    const rock = await createOperation(hansen, { name: 'Rock Valley Finisher Site', countyFips: '19167', today: '2026-04-01' });
    filedId = await approvedPlanFor(hansen, rock.operationId, reviewer, { today: '2026-04-01', draft: completeDraft(['19167', '19119']) });
    draftId = (await startPlan(hansen, { operationId: rock.operationId, kind: 'annual_update' }, TODAY)).planId;
    expect((await db.select().from(plans).where(and(eq(plans.id, filedId), eq(plans.status, 'approved')))).length).toBe(1);
  });

  it('stores a PDF with its SHA-256 and an audit event; refuses a file that is not a PDF or is over 20 MB', async () => {
    const row = await uploadAttachment(hansen, { planId: draftId, kind: 'site_map', filename: '../north map.pdf', bytes: PDF });
    expect(row).toMatchObject({ kind: 'site_map', filename: 'north map.pdf', sizeBytes: PDF.length, sha256: createHash('sha256').update(PDF).digest('hex') });
    const { db } = t.get();
    expect(await db.select().from(auditEvents).where(and(eq(auditEvents.entityId, draftId), eq(auditEvents.action, 'attachment.uploaded')))).toHaveLength(1);

    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]);
    await expect(uploadAttachment(hansen, { planId: draftId, kind: 'site_map', filename: 'map.pdf', bytes: png }))
      .rejects.toMatchObject({ code: 'VALIDATION', fieldErrors: { file: ['The file is not a PDF. Save or scan it as a PDF and upload that.'] } });
    const huge = new Uint8Array(MAX_ATTACHMENT_BYTES + 1);
    huge.set(PDF.subarray(0, 5));
    await expect(uploadAttachment(hansen, { planId: draftId, kind: 'site_map', filename: 'big.pdf', bytes: huge }))
      .rejects.toMatchObject({ fieldErrors: { file: [expect.stringMatching(/larger than 20 MB/)] } });
    await expect(uploadAttachment(hansen, { planId: draftId, kind: 'selfie', filename: 'x.pdf', bytes: PDF })).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('no new map on a plan the department holds; someone else cannot upload at all', async () => {
    await expect(uploadAttachment(hansen, { planId: filedId, kind: 'site_map', filename: 'late.pdf', bytes: PDF })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(uploadAttachment(vanzee, { planId: draftId, kind: 'site_map', filename: 'x.pdf', bytes: PDF })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('downloads only within the plan’s scope: the owner yes, a county of a draft no, another county never', async () => {
    const { db } = t.get();
    const [file] = await db.select().from(attachments).where(eq(attachments.planId, draftId));
    expect((await readAttachment(hansen, file!.id)).bytes).toEqual(PDF);
    await expect(readAttachment(sioux, file!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(readAttachment(hamilton, file!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(readAttachment(hansen, 'not-a-uuid')).rejects.toMatchObject({ code: 'NOT_FOUND' });

    // Filed plans: the county the plan touches reads the file; the department does too.
    const [filedPlan] = await db.select().from(plans).where(eq(plans.id, filedId));
    await db.insert(attachments).values({ operationId: filedPlan!.operationId, planId: filedId, kind: 'site_map', filename: 'filed.pdf', contentType: 'application/pdf', sizeBytes: PDF.length, sha256: 'x', storageKey: 'plans/filed/one.pdf' });
    const { getAttachmentStorage } = await import('@/lib/storage');
    await getAttachmentStorage().put('plans/filed/one.pdf', PDF);
    const [filedFile] = await db.select().from(attachments).where(eq(attachments.storageKey, 'plans/filed/one.pdf'));
    expect((await readAttachment(sioux, filedFile!.id)).filename).toBe('filed.pdf');
    expect((await readAttachment(reviewer, filedFile!.id)).filename).toBe('filed.pdf');
    await expect(readAttachment(hamilton, filedFile!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a wrong upload on a draft can be removed, bytes and all', async () => {
    const { db } = t.get();
    const row = await uploadAttachment(hansen, { planId: draftId, kind: 'other', filename: 'wrong.pdf', bytes: PDF });
    await removeAttachment(hansen, { planId: draftId, attachmentId: row.id });
    expect(await db.select().from(attachments).where(eq(attachments.id, row.id))).toHaveLength(0);
    await expect(readAttachment(hansen, row.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
