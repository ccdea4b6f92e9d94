// Attachment bytes live behind this interface, addressed by a key the attachments table stores.
// The portal ships with local disk (MMP_ATTACHMENTS_DIR, default .data/attachments); an
// S3-compatible store can be added behind the same three methods without touching callers.
export interface AttachmentStorage {
  /** Stores the bytes under `key`, replacing nothing: a key is written once. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the bytes under `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are a few path-like segments of safe characters: nothing can climb out of the store. */
export function isSafeKey(key: string): boolean {
  return /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+){0,4}$/.test(key) && !key.split('/').some((s) => s === '.' || s === '..');
}
