// Throttled progress edits: handlers may report progress as often as they
// like; Discord sees at most one edit per `minGapMs`, always the latest line,
// and no edit lands after close() (so the final reply is never overwritten).
import type { Logger } from './log.ts';

export interface Progress {
  push(line: string): void;
  /** Drop anything pending and wait for an edit in flight. */
  close(): Promise<void>;
}

export function throttledProgress(edit: (line: string) => Promise<unknown>, minGapMs: number, log: Logger): Progress {
  let last = 0; // when the previous edit finished
  let pending: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  let busy = false;
  let closed = false;
  let inFlight: Promise<unknown> = Promise.resolve();

  const schedule = () => {
    if (closed || busy || timer || pending === null) return;
    timer = setTimeout(fire, Math.max(0, last + minGapMs - Date.now()));
  };
  // One edit at a time: a slow REST call delays the next edit instead of queueing more.
  const fire = () => {
    timer = undefined;
    if (closed || pending === null) return;
    const line = pending;
    pending = null;
    busy = true;
    inFlight = edit(line)
      .catch((e) => log.warn(`progress edit failed: ${String(e)}`))
      .finally(() => {
        busy = false;
        last = Date.now();
        schedule();
      });
  };

  return {
    push(line) {
      if (closed) return;
      pending = line;
      if (!busy && !timer && Date.now() - last >= minGapMs) fire();
      else schedule();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending = null;
      await inFlight;
    },
  };
}
