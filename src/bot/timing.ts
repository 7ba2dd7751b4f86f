// Racing handler work against Discord's 3-second acknowledgement window.

/**
 * Await `work`; if it is still running after `afterMs`, run `ack` (defer the
 * interaction) and keep waiting. Errors from `work` surface to the caller.
 */
export async function ackIfSlow<T>(work: Promise<T>, afterMs: number, ack: () => Promise<void>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), afterMs);
  });
  const settled = work.then(
    () => 'done' as const,
    () => 'done' as const,
  );
  try {
    if ((await Promise.race([settled, late])) === 'late') await ack();
  } finally {
    clearTimeout(timer);
  }
  return work;
}

/** `work`'s value, or `fallback` when it takes longer than `ms`. */
export async function within<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
