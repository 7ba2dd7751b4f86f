// Long tests call `await breathe()` in their loops: it lets the worker's event
// loop turn (a macrotask, so vitest's RPC replies are read) once every SLICE_MS
// of work and costs nothing in between. Awaiting a resolved promise is not
// enough: microtasks run before the event loop turns. Why it matters:
// tests/setup/event-loop.ts.
const SLICE_MS = 50;
let lastTurn = performance.now();

export async function breathe(): Promise<void> {
  if (performance.now() - lastTurn < SLICE_MS) return;
  await new Promise((resolve) => setImmediate(resolve));
  lastTurn = performance.now();
}
