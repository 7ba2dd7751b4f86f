// The season report: lines for everyone (public facts) or for some nations.
import type { Role } from '../../engine/types.ts';
import type { Wk4State } from './state.ts';

/** Add a report line for `to` (null: public). */
export function say(s: Wk4State, to: Role[] | null, text: string): void {
  s.report.push({ text, to: to ? [...new Set(to)] : null });
}

export function linesFor(s: Wk4State, n: Role | 'all' | 'public'): string[] {
  return s.report.filter((l) => n === 'all' || l.to === null || (n !== 'public' && l.to.includes(n))).map((l) => l.text);
}
