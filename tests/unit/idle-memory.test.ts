import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POOL_IDLE_MS } from '@/db/client';
import { IDLE_COLLECT_MS, idleCollector, v8Collector, type Gc } from '@/lib/net/idle-memory';

// The server gives back the memory a burst of requests left behind once it is at rest, and never
// collects the whole heap while someone waits for a page.
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const response = () => new EventEmitter() as EventEmitter & { once: (e: 'close', l: () => void) => unknown };

describe('the idle collection', () => {
  it('runs once, ten seconds after the last request, and not again until more are served', () => {
    const gc = vi.fn<Gc>();
    const idle = idleCollector({ idleMs: 10_000, gc });
    const a = response();
    const b = response();
    idle.track(a);
    idle.track(b);
    a.emit('close');
    vi.advanceTimersByTime(60_000);
    expect(gc).not.toHaveBeenCalled();
    b.emit('close');
    vi.advanceTimersByTime(9_999);
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    vi.advanceTimersByTime(60_000);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it('waits again when a request comes during the quiet period', () => {
    const gc = vi.fn<Gc>();
    const idle = idleCollector({ idleMs: 10_000, gc });
    const a = response();
    idle.track(a);
    a.emit('close');
    vi.advanceTimersByTime(8_000);
    const b = response();
    idle.track(b);
    vi.advanceTimersByTime(8_000);
    expect(gc).not.toHaveBeenCalled();
    b.emit('close');
    vi.advanceTimersByTime(10_000);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it('reaches V8’s collector in a process started without --expose-gc', () => {
    vi.useRealTimers();
    const before = process.memoryUsage().heapUsed;
    let garbage: unknown[] | null = Array.from({ length: 200_000 }, (_, i) => ({ i, text: `row ${i}` }));
    expect(garbage.length).toBe(200_000);
    garbage = null;
    v8Collector()({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    expect(process.memoryUsage().heapUsed).toBeLessThan(before + 5 * 2 ** 20);
  });

  it('comes after the database pool has closed the connections the burst opened', () => {
    // Otherwise those connections close just after the collection, and their read buffers (as large
    // as the largest answer each received) stay in the heap until traffic comes back.
    expect(POOL_IDLE_MS).toBeLessThanOrEqual(IDLE_COLLECT_MS - 2_000);
  });
});
