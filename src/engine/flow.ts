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
  check(s: S, f: F, role: Role, action: Action): void;
  label(s: S, f: F, role: Role, action: Action): string;
  secret?: boolean;
}

export interface Procedure<S, F extends Frame = Frame> {
  /** Who is asked what while this procedure is on top (default: nobody). */
  prompts?(s: S, f: F): Prompt[];
  /** The listed choices of `role` now (default: none). */
  legal?(s: S, f: F, role: Role): LegalAction[];
  /** Carry out a choice; may call, return from or replace procedures. */
  apply?(s: S, f: F, role: Role, action: Action, ctx: Ctx): void;
  /** Automatic progress with nobody to ask; true when it changed something. */
  auto?(s: S, f: F, ctx: Ctx): boolean;
  /** A procedure this one called has returned `result`. */
  resume?(s: S, f: F, result: Json | undefined, ctx: Ctx): void;
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
export function retWith<F extends Frame>(s: ProcStack<F>, value: Json | null = null): F {
  const f = s.frames.pop();
  if (!f) throw new Error('return from an empty sequence of play');
  (s as ProcStack<F> & Returning).returned = { value };
  return f;
}

export interface FlowOptions<S> {
  /** Where the state keeps its stack. */
  stack(s: S): ProcStack;
  /** The scores reported with the result once the game has ended. */
  scores(s: S): Record<Role, number>;
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

  private proc(f: Frame): Procedure<S> {
    const p = this.procs[f.proc];
    if (!p) throw new Error(`no procedure "${f.proc}" in the sequence of play`);
    return p;
  }

  current(s: S): Frame {
    return top(this.opts.stack(s));
  }

  /** True once the game has ended (endGame): nothing runs and nobody is asked. */
  over(s: S): boolean {
    return this.opts.stack(s).ended !== undefined;
  }

  /** The game's result (GameRules.result): ongoing until endGame, then its ending and scores. */
  result(s: S): Result {
    const ending = this.opts.stack(s).ended;
    if (!ending) return { status: 'ongoing' };
    return { status: 'over', winners: [...ending.winners], draw: ending.draw, scores: this.opts.scores(s), summary: ending.summary };
  }

  prompts(s: S): Prompt[] {
    if (this.over(s)) return [];
    const f = this.current(s);
    return this.proc(f).prompts?.(s, f) ?? [];
  }

  legal(s: S, role: Role): LegalAction[] {
    if (this.over(s)) return [];
    const f = this.current(s);
    return this.proc(f).legal?.(s, f, role) ?? [];
  }

  /**
   * The module's open actions (GameModule.open): each delegates to the open
   * step of whichever procedure is on top, so the check that accepts an
   * action is the one that explains its refusal.
   */
  openActions(types: { type: string; sub: string; secret?: boolean }[]): Record<string, OpenAction<S>> {
    const out: Record<string, OpenAction<S>> = {};
    for (const t of types) {
      const step = (s: S): { f: Frame; o: OpenStep<S> } => {
        if (this.over(s)) throw new RuleError(this.opts.rule, 'The game is over.');
        const f = this.current(s);
        const o = this.proc(f).open?.[t.type];
        if (!o) throw new RuleError(this.opts.rule, `No ${t.type} is asked for now.`);
        return { f, o };
      };
      out[t.type] = {
        sub: t.sub,
        secret: t.secret,
        check: (s, role, a) => {
          const { f, o } = step(s);
          o.check(s, f, role, a);
        },
        label: (s, role, a) => {
          const { f, o } = step(s);
          return o.label(s, f, role, a);
        },
      };
    }
    return out;
  }

  /** Apply to the top procedure, then run automatic steps until someone must decide. */
  apply(s: S, role: Role, action: Action, ctx: Ctx): void {
    if (this.over(s)) throw new RuleError(this.opts.rule, 'The game is over.');
    const f = this.current(s);
    const p = this.proc(f);
    if (!p.apply) throw new RuleError(this.opts.rule, 'Nobody decides anything now.');
    p.apply(s, f, role, action, ctx);
    this.run(s, ctx);
  }

  /** Deliver returns and run automatic steps until a player must decide or the game ends. */
  run(s: S, ctx: Ctx): void {
    const stack = this.opts.stack(s) as ProcStack & Returning;
    const max = this.opts.maxSteps ?? 100_000;
    for (let i = 0; i < max; i++) {
      if (this.over(s)) return;
      if (stack.returned) {
        const { value } = stack.returned;
        delete stack.returned;
        const f = this.current(s);
        this.proc(f).resume?.(s, f, value ?? undefined, ctx);
        continue;
      }
      const f = this.current(s);
      const auto = this.proc(f).auto;
      if (!auto?.(s, f, ctx)) return;
    }
    throw new Error('the sequence of play does not settle');
  }
}
