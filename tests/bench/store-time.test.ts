// The load bench's store timer (tests/bench/store-time.ts, issue 21 §9): time inside store calls counted once,
// however calls nest or overlap, so the store's share of the main thread never counts a transaction twice.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnionTimer, timeMethods } from './store-time.ts';

afterEach(() => vi.restoreAllMocks());

/** performance.now() on a clock the test moves. */
function clock() {
  const time = { now: 0 };
  vi.spyOn(performance, 'now').mockImplementation(() => time.now);
  return time;
}

describe('UnionTimer', () => {
  it('a call inside a timed call counts once, and time outside every call not at all', () => {
    const time = clock();
    const timer = new UnionTimer();
    class Store {
      inner() {
        time.now += 3;
      }
      outer() {
        time.now += 2;
        this.inner();
      }
    }
    const store = new Store();
    timeMethods(store, timer);
    store.outer();
    time.now += 100; // outside the store
    store.inner();
    expect(timer.ms()).toBe(8);
  });

  it('overlapping asynchronous calls count the time any of them was open', async () => {
    const time = clock();
    const timer = new UnionTimer();
    let finishFirst!: () => void;
    let finishSecond!: () => void;
    const first = timer.wrap(() => new Promise<void>((resolve) => (finishFirst = resolve)))();
    time.now = 10;
    const second = timer.wrap(() => new Promise<void>((resolve) => (finishSecond = resolve)))();
    time.now = 15;
    finishFirst();
    await first;
    time.now = 30;
    finishSecond();
    await second;
    expect(timer.ms()).toBe(30);
    // A call that throws is closed too.
    expect(() =>
      timer.wrap(() => {
        time.now = 35;
        throw new Error('refused');
      })(),
    ).toThrow('refused');
    expect(timer.ms()).toBe(35);
  });
});
