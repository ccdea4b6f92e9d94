// The PGlite trap: two processes can open one embedded database folder without an error and then
// not see each other's writes. The server marks the folder it serves with its process id, and
// `npm run jobs:run-once` refuses to open a folder a running server holds.
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function serverPidFile(dataDir: string): string {
  return `${path.resolve(/*turbopackIgnore: true*/ process.cwd(), dataDir)}.server.pid`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Called by the server process at start: this folder is served by us until we exit. */
export function markEmbeddedFolderServed(dataDir: string): void {
  const file = serverPidFile(dataDir);
  writeFileSync(file, String(process.pid));
  process.once('exit', () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
    } catch {
      // Already gone: nothing to clean up.
    }
  });
}

/** The id of a running server process that serves this folder, or null. */
export function embeddedServerPid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(serverPidFile(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : null;
}
