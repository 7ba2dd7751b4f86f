// A sequence of play as data: named procedures, each with its prompt, its
// legal choices, its apply, its automatic steps and what it does when a
// procedure it called returns (in the spirit of Rally the Troops' state
// tables). The frames live on a ProcStack inside the game state, so the
// whole flow is plain JSON and replays exactly. A game ends on its stack
// (procstack.ts endGame), and its result is read from there (result below).
import { RuleError } from './errors.ts';
import { type Frame, type ProcStack, top } from './procstack.ts';
import type { Action, Ctx, Json, LegalAction, OpenAction, Prompt, Result, Role } from './types.ts';

/** An open action of one procedure (see OpenAction): checked, not listed. */
export interface OpenStep<S, F extends Frame = Frame> {
  sub: string;
  check(state: S, frame: F, role: Role, action: Action): void;
  label(state: S, frame: F, role: Role, action: Action): string;
  secret?: boolean;
}

export interface Procedure<S, F extends Frame = Frame> {
  /** Who is asked what while this procedure is on top (default: nobody). */
  prompts?(state: S, frame: F): Prompt[];
  /** The listed choices of `role` now (default: none). */
  legal?(state: S, frame: F, role: Role): LegalAction[];
  /** Carry out a choice; may call, return from or replace procedures. */
  apply?(state: S, frame: F, role: Role, action: Action, ctx: Ctx): void;
  /** Automatic progress with nobody to ask; true when it changed something. */
  auto?(state: S, frame: F, ctx: Ctx): boolean;
  /** A procedure this one called has returned `result`. */
  resume?(state: S, frame: F, result: Json | undefined, ctx: Ctx): void;
  /** Open actions this procedure accepts by their check. */
  open?: Record<string, OpenStep<S, F>>;
}

/** The procedures of one game, by name (Frame.proc). */
export type Flow<S> = Record<string, Procedure<S, any>>;

/** A stack whose finished procedure left a result for its caller. */
interface Returning {
  returned?: { value: Json | null };
}

/** Return from the current procedure with a result for the caller's `resume`. */
export function retWith<F extends Frame>(stack: ProcStack<F>, value: Json | null = null): F {
  const frame = stack.frames.pop();
  if (!frame) throw new Error('return from an empty sequence of play');
  (stack as ProcStack<F> & Returning).returned = { value };
  return frame;
}

export interface FlowOptions<S> {
  /** Where the state keeps its stack. */
  stack(state: S): ProcStack;
  /** The scores reported with the result once the game has ended. */
  scores(state: S): Record<Role, number>;
  /** The rule cited when an action comes at the wrong moment. */
  rule: string;
  /** Bound on automatic steps between two decisions (a loop is a bug). */
  maxSteps?: number;
}

/** Drives a flow table: the prompts, legal list and apply of the top procedure. */
export class FlowMachine<S> {
  constructor(
    readonly procs: Flow<S>,
    readonly opts: FlowOptions<S>,
  ) {}

  private proc(frame: Frame): Procedure<S> {
    const procedure = this.procs[frame.proc];
    if (!procedure) throw new Error(`no procedure "${frame.proc}" in the sequence of play`);
    return procedure;
  }

  current(state: S): Frame {
    return top(this.opts.stack(state));
  }

  /** True once the game has ended (endGame): nothing runs and nobody is asked. */
  over(state: S): boolean {
    return this.opts.stack(state).ended !== undefined;
  }

  /** The game's result (GameRules.result): ongoing until endGame, then its ending and scores. */
  result(state: S): Result {
    const ending = this.opts.stack(state).ended;
    if (!ending) return { status: 'ongoing' };
    return { status: 'over', winners: [...ending.winners], draw: ending.draw, scores: this.opts.scores(state), summary: ending.summary };
  }

  prompts(state: S): Prompt[] {
    if (this.over(state)) return [];
    const frame = this.current(state);
    return this.proc(frame).prompts?.(state, frame) ?? [];
  }

  legal(state: S, role: Role): LegalAction[] {
    if (this.over(state)) return [];
    const frame = this.current(state);
    return this.proc(frame).legal?.(state, frame, role) ?? [];
  }

  /**
   * The module's open actions (GameModule.open): each delegates to the open
   * step of whichever procedure is on top, so the check that accepts an
   * action is the one that explains its refusal.
   */
  openActions(types: { type: string; sub: string; secret?: boolean }[]): Record<string, OpenAction<S>> {
    const out: Record<string, OpenAction<S>> = {};
    for (const type of types) {
      const openStep = (state: S): { frame: Frame; step: OpenStep<S> } => {
        if (this.over(state)) throw new RuleError(this.opts.rule, 'The game is over.');
        const frame = this.current(state);
        const step = this.proc(frame).open?.[type.type];
        if (!step) throw new RuleError(this.opts.rule, `No ${type.type} is asked for now.`);
        return { frame, step };
      };
      out[type.type] = {
        sub: type.sub,
        secret: type.secret,
        check: (state, role, action) => {
          const { frame, step } = openStep(state);
          step.check(state, frame, role, action);
        },
        label: (state, role, action) => {
          const { frame, step } = openStep(state);
          return step.label(state, frame, role, action);
        },
      };
    }
    return out;
  }

  /** Apply to the top procedure, then run automatic steps until someone must decide. */
  apply(state: S, role: Role, action: Action, ctx: Ctx): void {
    if (this.over(state)) throw new RuleError(this.opts.rule, 'The game is over.');
    const frame = this.current(state);
    const procedure = this.proc(frame);
    if (!procedure.apply) throw new RuleError(this.opts.rule, 'Nobody decides anything now.');
    procedure.apply(state, frame, role, action, ctx);
    this.run(state, ctx);
  }

  /** Deliver returns and run automatic steps until a player must decide or the game ends. */
  run(state: S, ctx: Ctx): void {
    const stack = this.opts.stack(state) as ProcStack & Returning;
    const max = this.opts.maxSteps ?? 100_000;
    for (let i = 0; i < max; i++) {
      if (this.over(state)) return;
      if (stack.returned) {
        const { value } = stack.returned;
        delete stack.returned;
        const frame = this.current(state);
        this.proc(frame).resume?.(state, frame, value ?? undefined, ctx);
        continue;
      }
      const frame = this.current(state);
      const auto = this.proc(frame).auto;
      if (!auto?.(state, frame, ctx)) return;
    }
    throw new Error('the sequence of play does not settle');
  }
}
