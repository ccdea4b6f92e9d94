import path from 'node:path';
import { LocalDiskStorage } from './local-disk';
import type { AttachmentStorage } from './types';

export type { AttachmentStorage } from './types';
export { isSafeKey } from './types';

const KEY = Symbol.for('mmp.attachment.storage');
type Holder = { [KEY]?: AttachmentStorage };

export function getAttachmentStorage(): AttachmentStorage {
  const holder = globalThis as Holder;
  holder[KEY] ??= new LocalDiskStorage(
    path.resolve(/*turbopackIgnore: true*/ process.cwd(), process.env.MMP_ATTACHMENTS_DIR || '.data/attachments'),
  );
  return holder[KEY];
}

/** Tests point the process at a store of their own. */
export function useAttachmentStorage(storage: AttachmentStorage): void {
  (globalThis as Holder)[KEY] = storage;
}
