import 'server-only';
// Database time per request, for the benchmark (MMP_SERVER_TIMING=1 on the portal's server): the
// server runs each request inside a store, the PostgreSQL client adds each query's time to it, and
// the server keeps the totals per path for the benchmark to read. Off by default: nothing is
// measured and nothing is wrapped. One store for the server script and the bundled app alike
// (they are separate module instances in one process), hence the global symbol.
import { AsyncLocalStorage } from 'node:async_hooks';

export type RequestTiming = { dbMs: number; queries: number };

const KEY = Symbol.for('mmp.requestTiming');
type Shared = { storage: AsyncLocalStorage<RequestTiming>; total: RequestTiming };
const g = globalThis as unknown as Record<symbol, Shared | undefined>;
const shared: Shared = (g[KEY] ??= { storage: new AsyncLocalStorage<RequestTiming>(), total: { dbMs: 0, queries: 0 } });

export function serverTimingEnabled(): boolean {
  return process.env.MMP_SERVER_TIMING === '1';
}

export function runTimed<T>(fn: () => T): { timing: RequestTiming; result: T } {
  const timing: RequestTiming = { dbMs: 0, queries: 0 };
  return { timing, result: shared.storage.run(timing, fn) };
}

/**
 * Every query's time since the last call, whichever request ran it. React renders a page's server
 * components outside the request's async context, so the per-request store sees only actions and
 * route handlers; the benchmark, which drives one page at a time, divides this by its requests.
 */
export function takeTotalTiming(): RequestTiming {
  const t = { ...shared.total };
  shared.total = { dbMs: 0, queries: 0 };
  return t;
}

/**
 * Wraps a pg client's query so that each query's time counts toward the current request: the
 * promise form, and the callback form pg's Pool.query uses (drizzle's queries outside a transaction).
 */
export function timeQueries(client: { query: (...args: never[]) => unknown }): void {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const timing = shared.storage.getStore();
    const started = performance.now();
    const done = () => {
      const ms = performance.now() - started;
      shared.total.dbMs += ms;
      shared.total.queries += 1;
      if (timing) {
        timing.dbMs += ms;
        timing.queries += 1;
      }
    };
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (...cbArgs: unknown[]) => {
        done();
        return (last as (...a: unknown[]) => unknown)(...cbArgs);
      };
      return original(...args);
    }
    const out = original(...args);
    if (out && typeof (out as Promise<unknown>).then === 'function') (out as Promise<unknown>).then(done, done);
    return out;
  };
}
