// Entry of a render worker thread (plain JS: a worker starts without the
// parent's TypeScript loader when the parent runs under vitest). It registers
// tsx's loader for this thread, then serves render-task.ts's default export.
import { register } from 'tsx/esm/api';

register();
const task = await import('./render-task.ts');
export default task.default;
