// Simultaneous secret orders: each seat builds a revisable list of orders
// (add, withdraw, declare final, reopen until everyone is final); when every
// seat is final they are revealed together and resolved in the order the
// module defines. Games keep a Submission in their state and expose it to
// the flow through submissionProcedure.
import { check, RuleError } from './errors.ts';
import type { Procedure } from './flow.ts';
import type { Frame } from './procstack.ts';
import type { Action, Ctx, Json, LegalAction, Role } from './types.ts';

export interface SeatOrders<T extends Json = Json> {
  items: T[];
  final: boolean;
  /** Order in which seats declared final (1 = first): a tie-break some games use. */
  finalAt: number | null;
}

export interface Submission<T extends Json = Json> {
  seats: Record<Role, SeatOrders<T>>;
  /** How many final declarations have been made (numbers finalAt). */
  finals: number;
  revealed: boolean;
}

export function openSubmission<T extends Json>(roles: Role[]): Submission<T> {
  const seats: Record<Role, SeatOrders<T>> = {};
  for (const role of roles) seats[role] = { items: [], final: false, finalAt: null };
  return { seats, finals: 0, revealed: false };
}

function seat<T extends Json>(sub: Submission<T>, role: Role, rule: string): SeatOrders<T> {
  const orders = sub.seats[role];
  if (!orders) throw new RuleError(rule, 'You have no orders to give in this phase.');
  check(!sub.revealed, rule, 'The orders have been revealed; they can no longer change.');
  return orders;
}

export function addOrder<T extends Json>(sub: Submission<T>, role: Role, item: T, rule: string): void {
  const orders = seat(sub, role, rule);
  check(!orders.final, rule, 'Your orders are final. Reopen them first (/game undo or the reopen command) while others are still writing.');
  orders.items.push(item);
}

export function withdrawOrder<T extends Json>(sub: Submission<T>, role: Role, index: number, rule: string): T {
  const orders = seat(sub, role, rule);
  check(!orders.final, rule, 'Your orders are final. Reopen them first.');
  check(
    Number.isInteger(index) && index >= 0 && index < orders.items.length,
    rule,
    `There is no order ${index + 1}; you have ${orders.items.length}.`,
  );
  return orders.items.splice(index, 1)[0];
}

/**
 * Replace a seat's whole list while it is still writing: for games whose
 * orders merge or cascade (a count raised on an order already given, a
 * removal that drops the orders depending on it) rather than append.
 */
export function reviseOrders<T extends Json>(sub: Submission<T>, role: Role, items: T[], rule: string): void {
  const orders = seat(sub, role, rule);
  check(!orders.final, rule, 'Your orders are final. Reopen them first (/game undo or the reopen command) while others are still writing.');
  orders.items = items;
}

/** A seat leaves the phase (it resigned or is out): it no longer blocks the reveal. */
export function leaveOrders(sub: Submission, role: Role): void {
  if (sub.revealed) return;
  delete sub.seats[role];
}

export function finalize(sub: Submission, role: Role, rule: string): void {
  const orders = seat(sub, role, rule);
  check(!orders.final, rule, 'Your orders are already final.');
  orders.final = true;
  orders.finalAt = ++sub.finals;
}

export function reopen(sub: Submission, role: Role, rule: string): void {
  const orders = seat(sub, role, rule);
  check(orders.final, rule, 'Your orders are not final yet; you can still change them.');
  check(!allFinal(sub), rule, 'Every seat is final: the orders are being revealed.');
  orders.final = false;
  orders.finalAt = null;
}

export function allFinal(sub: Submission): boolean {
  return Object.values(sub.seats).every((s) => s.final);
}

/** Seats still writing their orders. */
export function waiting(sub: Submission): Role[] {
  return Object.entries(sub.seats)
    .filter(([, s]) => !s.final)
    .map(([r]) => r);
}

/** Reveal every seat's orders at once, in the order `by` gives (default: who was final first). */
export function reveal<T extends Json>(
  sub: Submission<T>,
  order?: (first: [Role, SeatOrders<T>], second: [Role, SeatOrders<T>]) => number,
): { role: Role; items: T[] }[] {
  sub.revealed = true;
  const entries = Object.entries(sub.seats);
  entries.sort(order ?? ((a, b) => (a[1].finalAt ?? Infinity) - (b[1].finalAt ?? Infinity)));
  return entries.map(([role, s]) => ({ role, items: s.items }));
}

/** What a game tells the engine about its orders. */
export interface OrdersSpec<S, T extends Json, F extends Frame = Frame> {
  /** Rule cited on refusals, e.g. 'R&A Action Phase'. */
  rule: string;
  submission(state: S, frame: F): Submission<T>;
  /** One sentence for a seat still writing. */
  prompt(state: S, frame: F, role: Role): string;
  /** Orders that can be listed for `role` now (buttons, autocomplete, bots, fuzz). */
  choices(
    state: S,
    frame: F,
    role: Role,
  ): { item: T; label: string; sub: string; args: Record<string, string>; argLabels?: Record<string, string> }[];
  /** Throws a RuleError when `item` may not be added to `role`'s orders now: accepts and explains. */
  check(state: S, frame: F, role: Role, item: T): void;
  /** Label of an order, seen only by its seat and the umpire until the reveal. */
  label(state: S, frame: F, role: Role, item: T): string;
  /** Called once every seat is final: reveal and carry out the orders. */
  resolve(state: S, frame: F, ctx: Ctx): void;
  /** Subcommand names for the engine's own actions. */
  subs?: { order?: string; withdraw?: string; final?: string; reopen?: string };
}

const asItem = <T extends Json>(a: Action): T => a.item as T;

/**
 * A flow procedure for a simultaneous secret phase. Its actions: `order`
 * (open: any item the module's check accepts), `withdraw`, `final`, `reopen`.
 * Every order action is declared secret; `final` says only that a seat is done.
 */
export function ordersProcedure<S, T extends Json, F extends Frame = Frame>(spec: OrdersSpec<S, T, F>): Procedure<S, F> {
  const subs = { order: 'order', withdraw: 'withdraw', final: 'final', reopen: 'reopen', ...spec.subs };
  const handlers: Record<string, (state: S, frame: F, role: Role, action: Action) => void> = {
    order: (state, frame, role, action) => {
      const sub = spec.submission(state, frame);
      check(sub.seats[role] && !sub.seats[role].final, spec.rule, 'Your orders are final. Reopen them to change them.');
      spec.check(state, frame, role, asItem<T>(action));
      addOrder(sub, role, asItem<T>(action), spec.rule);
    },
    withdraw: (state, frame, role, action) => void withdrawOrder(spec.submission(state, frame), role, Number(action.index), spec.rule),
    final: (s, f, role) => finalize(spec.submission(s, f), role, spec.rule),
    reopen: (s, f, role) => reopen(spec.submission(s, f), role, spec.rule),
  };
  return {
    prompts(state, frame) {
      const sub = spec.submission(state, frame);
      return waiting(sub).map((role) => ({ role, text: spec.prompt(state, frame, role), decision: `orders:${role}` }));
    },
    legal(state, frame, role) {
      const sub = spec.submission(state, frame);
      const mine = sub.seats[role];
      if (!mine || sub.revealed) return [];
      if (mine.final) return allFinal(sub) ? [] : [{ action: { type: 'reopen' }, label: 'Reopen your orders', sub: subs.reopen, args: {} }];
      const out: LegalAction[] = spec.choices(state, frame, role).map((choice) => ({
        action: { type: 'order', item: choice.item },
        label: choice.label,
        sub: choice.sub,
        args: choice.args,
        argLabels: choice.argLabels,
        secret: true,
      }));
      mine.items.forEach((item, index) =>
        out.push({
          action: { type: 'withdraw', index },
          label: `Withdraw order ${index + 1}: ${spec.label(state, frame, role, item)}`,
          sub: subs.withdraw,
          args: { index: String(index + 1) },
          secret: true,
        }),
      );
      out.push({ action: { type: 'final' }, label: 'Declare your orders final', sub: subs.final, args: {} });
      return out;
    },
    apply(state, frame, role, action) {
      const handler = handlers[action.type];
      if (!handler)
        throw new RuleError(spec.rule, `Orders are being written now: add, withdraw, declare final or reopen (not ${action.type}).`);
      handler(state, frame, role, action);
    },
    auto(state, frame, ctx) {
      const sub = spec.submission(state, frame);
      if (sub.revealed || !allFinal(sub)) return false;
      spec.resolve(state, frame, ctx);
      return true;
    },
    open: {
      order: {
        sub: subs.order,
        secret: true,
        check: (state, frame, role, action) => {
          const sub = spec.submission(state, frame);
          check(sub.seats[role] && !sub.revealed, spec.rule, 'You have no orders to give now.');
          check(!sub.seats[role].final, spec.rule, 'Your orders are final. Reopen them to change them.');
          spec.check(state, frame, role, asItem<T>(action));
        },
        label: (s, f, role, a) => spec.label(s, f, role, asItem<T>(a)),
      },
    },
  };
}
