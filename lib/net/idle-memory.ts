import 'server-only';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// A burst of requests leaves garbage that V8 collects only when it next needs room, and a heap that
// grew for the burst keeps its size: a server at rest would hold twice or more the memory it uses.
// Once no request has been in flight for a while, one full collection that also releases the emptied
// pages gives it back. Never during traffic: collecting the whole heap takes tens of milliseconds.
// Later than the database pool closes its idle connections (POOL_IDLE_MS in db/client.ts, 5 s), so
// that what they held is collected too.
export const IDLE_COLLECT_MS = 10_000;

export type Gc = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async'; flavor?: 'regular' | 'last-resort' }) => void;

/** V8's own collector, reached without starting node with --expose-gc. */
export function v8Collector(): Gc {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as Gc;
}

type Closable = { once: (event: 'close', listener: () => void) => unknown };

/** Counts responses in flight; `idleMs` after the last one closes, collects once (until the next request). */
export function idleCollector(options: { idleMs?: number; gc?: Gc } = {}): { track: (res: Closable) => void } {
  const idleMs = options.idleMs ?? IDLE_COLLECT_MS;
  const gc = options.gc ?? v8Collector();
  let inFlight = 0;
  let served = false;
  let timer: NodeJS.Timeout | undefined;
  const collect = () => {
    if (inFlight > 0 || !served) return;
    served = false;
    // 'last-resort': the collection that also compacts and hands emptied pages back to the system.
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  };
  return {
    track(res) {
      inFlight += 1;
      served = true;
      if (timer) clearTimeout(timer);
      res.once('close', () => {
        inFlight -= 1;
        if (inFlight === 0) {
          timer = setTimeout(collect, idleMs);
          timer.unref();
        }
      });
    },
  };
}
