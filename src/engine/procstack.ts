// Sequence of play as a state machine with call/return: the top frame is the
// procedure running now (a battle inside a combat phase, an interception
// inside movement, the opponent's decision inside your phase). A game ends
// on its stack too (endGame), the same way in every game.
import type { Role } from './events.ts';

export interface Frame {
  /** Procedure name, e.g. 'movement', 'battle', 'interception'. */
  proc: string;
  /** Named step within the procedure, e.g. 'evasion', 'losses'. */
  step: string;
  [k: string]: unknown;
}

/** How a game ended: the one mark that it is over (endGame), read by the flow's result. */
export interface Ending {
  winners: Role[];
  draw: boolean;
  /** One sentence: how the game ended. */
  summary: string;
}

export interface ProcStack<F extends Frame = Frame> {
  frames: F[];
  /** Set once, by endGame: nothing runs and nobody is asked any more. The frames stay for the views. */
  ended?: Ending;
}

export function top<F extends Frame>(s: ProcStack<F>): F {
  const f = s.frames[s.frames.length - 1];
  if (!f) throw new Error('sequence of play is empty');
  return f;
}

export function call<F extends Frame>(s: ProcStack<F>, frame: F): void {
  s.frames.push(frame);
}

/** Return from the current procedure; the caller's frame resumes. */
export function ret<F extends Frame>(s: ProcStack<F>): F {
  const f = s.frames.pop();
  if (!f) throw new Error('return from an empty sequence of play');
  return f;
}

/** Replace the current frame (a goto within the same level). */
export function goTo<F extends Frame>(s: ProcStack<F>, frame: F): void {
  s.frames[s.frames.length - 1] = frame;
}

export function depth(s: ProcStack): number {
  return s.frames.length;
}

export function describeStack(s: ProcStack): string {
  return s.frames.map((f) => `${f.proc}:${f.step}`).join(' › ');
}

/** End the game: every game ends here, and only here (FlowMachine.result reads it). */
export function endGame(s: ProcStack<any>, ending: Ending): Ending {
  if (s.ended) throw new Error('the game has already ended');
  s.ended = ending;
  return ending;
}

/**
 * States stored before endGame kept their ending in a field of their own
 * (`over`, `winner`): move it onto the stack (GameRules.upgrade). Null or
 * absent: the game was still in play.
 */
export function adoptEnding(s: ProcStack<any>, legacy: Ending | null | undefined): void {
  if (legacy && !s.ended) s.ended = { winners: legacy.winners, draw: legacy.draw, summary: legacy.summary };
}

/** How the game ended, or null while it is in play. */
export function endingOf(s: ProcStack<any>): Ending | null {
  return s.ended ?? null;
}
