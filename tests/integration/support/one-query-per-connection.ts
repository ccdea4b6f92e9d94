// Every integration test, on PostgreSQL: no connection is asked a second statement while it is still
// answering the first. A transaction holds one connection, so statements sent "at once" inside it
// (Promise.all on a transaction) queue there: pg 8 accepts that with a deprecation warning, pg 9
// refuses it. `allOf` (db/client.ts) is the way to read several things on a database or a transaction.
// Embedded runs do not go through pg's client, so there it checks nothing.
import { afterEach, expect } from 'vitest';
import pg from 'pg';

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

const busy = new WeakMap<object, number>();
const overlaps: string[] = [];
const proto = pg.Client.prototype as unknown as { query: Query; __oneAtATime?: true };

if (!proto.__oneAtATime) {
  const original = proto.query;
  proto.__oneAtATime = true;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    const running = busy.get(this) ?? 0;
    if (running > 0) {
      // Where it was sent from, in the portal's own code, so the failure names the place to fix.
      const from = (new Error().stack ?? '').split('\n').filter((l) => /\/(lib|db|app)\//.test(l) && !l.includes('node_modules')).slice(0, 3).map((l) => l.trim());
      overlaps.push(`${text.replace(/\s+/g, ' ').slice(0, 120)}\n    ${from.join('\n    ')}`);
    }
    busy.set(this, running + 1);
    const done = () => busy.set(this, (busy.get(this) ?? 1) - 1);
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (...cb: unknown[]) => {
        done();
        return (last as (...a: unknown[]) => unknown)(...cb);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done);
    else done();
    return result;
  };
}

afterEach(() => {
  const found = overlaps.splice(0);
  expect(found, 'statements sent to a connection that was still answering another (use allOf in a transaction)').toEqual([]);
});
