import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isSafeKey, type AttachmentStorage } from './types';

/** Attachments as files under one folder. Writes go to a temporary name first, then rename. */
export class LocalDiskStorage implements AttachmentStorage {
  constructor(private readonly root: string) {}

  private pathFor(key: string): string {
    if (!isSafeKey(key)) throw new Error(`Unsafe attachment key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathFor(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
    await writeFile(temp, bytes, { flag: 'wx' });
    await rename(temp, target);
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(this.pathFor(key)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }
}
