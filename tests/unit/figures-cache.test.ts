import { afterEach, describe, expect, it } from 'vitest';
import { cachedFigures, figuresCacheSize, invalidateFigures, setFiguresClock } from '@/lib/cache/figures-cache';

// The department's summary figures are read at most about once a minute; the page shows when.
let now = 1_000_000;
setFiguresClock(() => now);

function counter() {
  let reads = 0;
  return { read: async () => ++reads, reads: () => reads };
}

afterEach(() => invalidateFigures(''));

describe('figures cache', () => {
  it('serves a fresh read as is, with the time it was read', async () => {
    const c = counter();
    const first = await cachedFigures('t:a', 60_000, c.read);
    now += 30_000;
    const second = await cachedFigures('t:a', 60_000, c.read);
    expect(second.value).toBe(1);
    expect(second.asOf.getTime()).toBe(first.asOf.getTime());
    expect(c.reads()).toBe(1);
  });

  it('past its time, serves the last figures while one read refreshes them', async () => {
    const c = counter();
    await cachedFigures('t:b', 60_000, c.read);
    now += 61_000;
    const stale = await Promise.all([cachedFigures('t:b', 60_000, c.read), cachedFigures('t:b', 60_000, c.read)]);
    expect(stale.map((s) => s.value)).toEqual([1, 1]);
    await new Promise((r) => setImmediate(r));
    expect(c.reads()).toBe(2);
    expect((await cachedFigures('t:b', 60_000, c.read)).value).toBe(2);
  });

  it('however old the figures, serves them with their time and refreshes behind: no request waits', async () => {
    const c = counter();
    const first = await cachedFigures('t:c', 60_000, c.read);
    now += 10 * 60 * 60_000;
    const old = await cachedFigures('t:c', 60_000, c.read);
    expect(old.value).toBe(1);
    expect(old.asOf).toEqual(first.asOf);
    await new Promise((r) => setImmediate(r));
    const next = await cachedFigures('t:c', 60_000, c.read);
    expect(next.value).toBe(2);
    expect(next.asOf.getTime()).toBe(now);
  });

  it('keeps the last figures when a refresh fails, and tries again on the next request', async () => {
    let fail = false;
    let reads = 0;
    const read = async () => {
      reads++;
      if (fail) throw new Error('database away');
      return reads;
    };
    await cachedFigures('t:fail', 60_000, read);
    fail = true;
    now += 61_000;
    expect((await cachedFigures('t:fail', 60_000, read)).value).toBe(1);
    await new Promise((r) => setImmediate(r));
    fail = false;
    expect((await cachedFigures('t:fail', 60_000, read)).value).toBe(1);
    await new Promise((r) => setImmediate(r));
    expect(reads).toBe(3);
    expect((await cachedFigures('t:fail', 60_000, read)).value).toBe(3);
  });

  it('shares one read between concurrent requests', async () => {
    const c = counter();
    const all = await Promise.all([1, 2, 3].map(() => cachedFigures('t:d', 60_000, c.read)));
    expect(all.map((a) => a.value)).toEqual([1, 1, 1]);
    expect(c.reads()).toBe(1);
  });

  it('a change through the portal drops the figures it touches, and a read begun before it is not kept', async () => {
    const c = counter();
    await cachedFigures('fees:x', 60_000, c.read);
    await cachedFigures('other:x', 60_000, c.read);
    let release!: () => void;
    const slow = cachedFigures('fees:y', 60_000, () => new Promise<number>((r) => (release = () => r(99))));
    invalidateFigures('fees:');
    release();
    expect((await slow).value).toBe(99);
    expect((await cachedFigures('fees:y', 60_000, c.read)).value).toBe(3);
    expect((await cachedFigures('fees:x', 60_000, c.read)).value).toBe(4);
    expect((await cachedFigures('other:x', 60_000, c.read)).value).toBe(2);
  });

  it('holds a bounded number of entries', async () => {
    for (let i = 0; i < 500; i++) await cachedFigures(`t:many:${i}`, 60_000, async () => i);
    expect(figuresCacheSize()).toBeLessThanOrEqual(200);
  });
});
