import path from 'node:path';
import { getEnv, type Env } from '@/lib/env';
import { LocalDiskStorage } from './local-disk';
import { S3Storage } from './s3';
import type { AttachmentStorage } from './types';

export type { AttachmentStorage } from './types';
export { isSafeKey } from './types';

const KEY = Symbol.for('mmp.attachment.storage');
type Holder = { [KEY]?: AttachmentStorage };

/** The store the configuration names: MMP_STORAGE=s3 (with MMP_S3_BUCKET), else the local disk. */
export function storageFromEnv(env: Env = getEnv()): AttachmentStorage {
  if (env.MMP_STORAGE === 's3') {
    return new S3Storage({
      bucket: env.MMP_S3_BUCKET!,
      prefix: env.MMP_S3_PREFIX,
      endpoint: env.MMP_S3_ENDPOINT,
      region: env.MMP_S3_REGION,
      forcePathStyle: env.MMP_S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalDiskStorage(path.resolve(/*turbopackIgnore: true*/ process.cwd(), env.MMP_ATTACHMENTS_DIR));
}

export function getAttachmentStorage(): AttachmentStorage {
  const holder = globalThis as Holder;
  holder[KEY] ??= storageFromEnv();
  return holder[KEY];
}

/** Tests point the process at a store of their own. */
export function useAttachmentStorage(storage: AttachmentStorage): void {
  (globalThis as Holder)[KEY] = storage;
}
