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
  /** How many decisions each role has been asked so far (a 'turns' team passes each new one on). */
  asked?: Record<Role, number>;
}

export function newDecisionBook(): DecisionBook {
  return { last: 0, open: {} };
}

/** Bring the book up to date with the prompts now: same key keeps its id, a new key gets a new one. */
export function trackDecisions(book: DecisionBook, prompts: Prompt[], phase: string): void {
  const next: Record<Role, OpenDecision> = {};
  for (const prompt of prompts) {
    if (next[prompt.role]) continue;
    const key = prompt.decision ?? phase;
    const was = book.open[prompt.role];
    if (was && was.key === key) next[prompt.role] = was;
    else {
      next[prompt.role] = { id: ++book.last, key };
      book.asked = { ...book.asked, [prompt.role]: (book.asked?.[prompt.role] ?? 0) + 1 };
    }
  }
  book.open = next;
}

/** The open decision of `role`, if it is asked anything. */
export function decisionOf(book: DecisionBook | undefined, role: Role): OpenDecision | undefined {
  return book?.open[role];
}
