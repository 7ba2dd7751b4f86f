// Who may see what: one place that knows which viewers see every secret.
import type { Role, Viewer } from './types.ts';

/** Moderators and the umpire see everything (they rule on it). */
export function seesAll(viewer: Viewer): boolean {
  return viewer.kind === 'moderator' || viewer.kind === 'umpire';
}

/** May this viewer see something addressed to `to` (undefined: public)? */
export function maysee(viewer: Viewer, to: readonly Role[] | undefined): boolean {
  if (!to) return true;
  if (seesAll(viewer)) return true;
  return viewer.kind === 'seat' && to.includes(viewer.role);
}
