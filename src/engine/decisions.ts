// Decisions: each open prompt gets an id that lasts while that decision stays
// open, whatever other seats do meanwhile. Deadlines and buttons are tied to
// a decision id, so they never fire on, or go stale because of, another one.
import type { Prompt, Role } from './types.ts';

export interface OpenDecision {
  id: number;
  key: string;
}

export interface DecisionBook {
  /** The last id handed out. */
  last: number;
  /** The decision each role is asked now. */
  open: Record<Role, OpenDecision>;
}

export function newDecisionBook(): DecisionBook {
  return { last: 0, open: {} };
}

/** Bring the book up to date with the prompts now: same key keeps its id, a new key gets a new one. */
export function trackDecisions(book: DecisionBook, prompts: Prompt[], phase: string): void {
  const next: Record<Role, OpenDecision> = {};
  for (const p of prompts) {
    if (next[p.role]) continue;
    const key = p.decision ?? phase;
    const was = book.open[p.role];
    next[p.role] = was && was.key === key ? was : { id: ++book.last, key };
  }
  book.open = next;
}

/** The open decision of `role`, if it is asked anything. */
export function decisionOf(book: DecisionBook | undefined, role: Role): OpenDecision | undefined {
  return book?.open[role];
}
