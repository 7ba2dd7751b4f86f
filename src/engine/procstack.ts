// Sequence of play as a state machine with call/return: the top frame is the
// procedure running now (a battle inside a combat phase, an interception
// inside movement, the opponent's decision inside your phase).

export interface Frame {
  /** Procedure name, e.g. 'movement', 'battle', 'interception'. */
  proc: string;
  /** Named step within the procedure, e.g. 'evasion', 'losses'. */
  step: string;
  [k: string]: unknown;
}

export interface ProcStack<F extends Frame = Frame> {
  frames: F[];
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
