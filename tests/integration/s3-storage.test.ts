import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '@/db/schema';
import { readAttachment, removeAttachment, uploadAttachment } from '@/lib/plans/attachments';
import { startPlan } from '@/lib/plans/start';
import { storageFromEnv, useAttachmentStorage } from '@/lib/storage';
import { S3Storage } from '@/lib/storage/s3';
import { LocalDiskStorage } from '@/lib/storage/local-disk';
import { parseEnv } from '@/lib/env';
import { startLocalS3, type LocalS3 } from '@/scripts/support/local-s3';
import { createOperation, createOwner } from './support/factories';
import { databaseLabel, useTestDb } from './support/test-db';

// Attachments in an S3-compatible store, through the same interface the portal uses for the local
// disk, against a real S3 HTTP API (s3rver) on loopback that this file's setup starts.
const PORT = 2640;
const PDF = new TextEncoder().encode('%PDF-1.4\nmap of the north fields\n%%EOF\n');

describe(`attachments in an S3-compatible store on ${databaseLabel}`, () => {
  const t = useTestDb();
  let s3: LocalS3;
  let store: S3Storage;
  let other: S3Storage;

  beforeAll(async () => {
    s3 = await startLocalS3({ port: PORT });
    const options = { bucket: s3.bucket, endpoint: s3.endpoint, prefix: 'portal', credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } };
    store = new S3Storage(options);
    // A second client, as a second server would hold.
    other = new S3Storage(options);
  });
  afterAll(async () => {
    store?.close();
    other?.close();
    await s3?.stop();
  });

  it('puts, gets and deletes bytes; a missing key is null; deleting twice is not an error', async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    await store.put('plans/p1/a.pdf', bytes);
    expect(await other.get('plans/p1/a.pdf')).toEqual(bytes);
    expect(await other.get('plans/p1/missing.pdf')).toBeNull();
    await other.delete('plans/p1/a.pdf');
    expect(await store.get('plans/p1/a.pdf')).toBeNull();
    await expect(store.delete('plans/p1/a.pdf')).resolves.toBeUndefined();
    await expect(store.put('../etc/passwd', bytes)).rejects.toThrow(/Unsafe attachment key/);
  });

  it('an owner uploads a PDF through one server and it is read through another, then removed from the store', async () => {
    const { db } = t.get();
    const hansen = await createOwner({ name: 'Karen Hansen' });
    const rock = await createOperation(hansen, { name: 'Rock Valley Finisher Site', today: '2026-11-30' });
    const { planId } = await startPlan(hansen, { operationId: rock.operationId, kind: 'original' }, '2026-11-30');

    useAttachmentStorage(store);
    const row = await uploadAttachment(hansen, { planId, kind: 'site_map', filename: 'north map.pdf', bytes: PDF });
    const [stored] = await db.select().from(attachments).where(and(eq(attachments.planId, planId), eq(attachments.id, row.id)));
    expect(await other.get(stored!.storageKey)).toEqual(PDF);

    useAttachmentStorage(other);
    expect((await readAttachment(hansen, row.id)).bytes).toEqual(PDF);
    await removeAttachment(hansen, { planId, attachmentId: row.id });
    expect(await store.get(stored!.storageKey)).toBeNull();
  });

  it('is chosen by configuration: MMP_STORAGE=s3 with a bucket, else the local disk', async () => {
    // Credentials come the AWS SDK's usual way (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY here).
    const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
    process.env.AWS_ACCESS_KEY_ID = s3.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = s3.secretAccessKey;
    const fromEnv = storageFromEnv(parseEnv({ ...s3.env, MMP_S3_PREFIX: 'from-env' }));
    expect(fromEnv).toBeInstanceOf(S3Storage);
    try {
      await fromEnv.put('plans/p2/b.pdf', PDF);
    } finally {
      for (const [k, v] of [['AWS_ACCESS_KEY_ID', saved.id], ['AWS_SECRET_ACCESS_KEY', saved.secret]] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
    const direct = new S3Storage({ bucket: s3.bucket, endpoint: s3.endpoint, prefix: 'from-env', credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } });
    expect(await direct.get('plans/p2/b.pdf')).toEqual(PDF);
    direct.close();
    expect(storageFromEnv(parseEnv({}))).toBeInstanceOf(LocalDiskStorage);
    expect(() => parseEnv({ MMP_STORAGE: 's3' })).toThrow(/MMP_S3_BUCKET \(the bucket that holds attachments\) is required with MMP_STORAGE=s3/);
  });
});
