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
  [key: string]: unknown;
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

export function top<F extends Frame>(stack: ProcStack<F>): F {
  const frame = stack.frames[stack.frames.length - 1];
  if (!frame) throw new Error('sequence of play is empty');
  return frame;
}

export function call<F extends Frame>(stack: ProcStack<F>, frame: F): void {
  stack.frames.push(frame);
}

/** Return from the current procedure; the caller's frame resumes. */
export function ret<F extends Frame>(stack: ProcStack<F>): F {
  const frame = stack.frames.pop();
  if (!frame) throw new Error('return from an empty sequence of play');
  return frame;
}

/** Replace the current frame (a goto within the same level). */
export function goTo<F extends Frame>(stack: ProcStack<F>, frame: F): void {
  stack.frames[stack.frames.length - 1] = frame;
}

export function depth(stack: ProcStack): number {
  return stack.frames.length;
}

export function describeStack(stack: ProcStack): string {
  return stack.frames.map((f) => `${f.proc}:${f.step}`).join(' › ');
}

/** End the game: every game ends here, and only here (FlowMachine.result reads it). */
export function endGame(stack: ProcStack<any>, ending: Ending): Ending {
  if (stack.ended) throw new Error('the game has already ended');
  stack.ended = ending;
  return ending;
}

/**
 * States stored before endGame kept their ending in a field of their own
 * (`over`, `winner`): move it onto the stack (GameRules.upgrade). Null or
 * absent: the game was still in play.
 */
export function adoptEnding(stack: ProcStack<any>, legacy: Ending | null | undefined): void {
  if (legacy && !stack.ended) stack.ended = { winners: legacy.winners, draw: legacy.draw, summary: legacy.summary };
}

/** How the game ended, or null while it is in play. */
export function endingOf(stack: ProcStack<any>): Ending | null {
  return stack.ended ?? null;
}
