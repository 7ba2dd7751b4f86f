// A card of a side's colour (pp.10-14): activate a unit (command points and
// the order roll for yellow and red units), pass by downgrading, override the
// deck (optional rule), and the special cards 2, Jack, Queen, King, Ace, Joker.
import { RuleError } from '../../engine/errors.ts';
import { call } from '../../engine/procstack.ts';
import { retWith, type Procedure } from '../../engine/flow.ts';
import type { Ctx, LegalAction } from '../../engine/types.ts';
import type { ActivationFrame } from './activation-frame.ts';
import { actBase, activationSteps } from './act.ts';
import { bucketText, rollBucket } from './buckets.ts';
import { disorder, downgrade } from './casualties.ts';
import { act, ignoring, mustBeLegal, yesNo } from './common.ts';
import { qualityShift } from './fire.ts';
import { dist, round2 } from '../../engine/geometry.ts';
import { nearGeneral, tabletop, towardArmy, tu } from './table.ts';
import { attempt, checkGeneralMove, contactPoint, generalDistance, parsePoint } from './tabletop/index.ts';
import {
  actingGeneral,
  alive,
  canActivate,
  cardName,
  cardRank,
  data,
  generalsOf,
  note,
  other,
  sideName,
  type AtkmState,
  type General,
  type Side,
  type Unit,
  unitNamed,
} from './state.ts';

export const CARD_RULE = 'ATKM Playing the Game';
export const CP_RULE = 'ATKM Command Points';

export interface CardFrame {
  proc: 'card';
  step: 'choose';
  side: Side;
  card: string;
  rank: string;
  /** Activations left on this card (the Ace gives two). */
  acts: number;
  /** The general acting on this card (allied generals rotate, p.11). */
  general: string;
  /** Banking Cards: this card was banked earlier and is played instead of the one drawn. */
  fromBank?: boolean;
  [k: string]: unknown;
}

export function cardFrame(s: AtkmState, card: string, side: Side, rank: string): CardFrame {
  // The general of the side's next decision (syncTeams confirms it when the card's decision opens).
  const gs = generalsOf(s, side);
  const g = gs[(s.sides[side].asked ?? 0) % gs.length] ?? actingGeneral(s, side);
  return { proc: 'card', step: 'choose', side, card, rank, acts: rank === 'A' ? 2 : 1, general: g.id };
}

/** Spend one command point: the spend is public, what is left stays secret (p.12). */
export function spendCp(s: AtkmState, side: Side, why: string, ctx: Ctx): void {
  if (s.sides[side].cp <= 0) throw new RuleError(CP_RULE, `${sideName(side)} has no command points left this turn.`);
  s.sides[side].cp--;
  s.sides[side].cpSpent++;
  note(s, ctx, 'cp', `${sideName(side)} spends a command point (${why}); ${s.sides[side].cpSpent} spent this turn.`);
  ctx.emit({
    kind: 'cp-left',
    text: `${sideName(side)}: ${s.sides[side].cp} command point${s.sides[side].cp === 1 ? '' : 's'} left this turn.`,
    to: [side],
  });
}

const orderDice = (s: AtkmState, u: Unit, f: CardFrame): number => {
  const g = s.generals.find((x) => x.id === f.general)!;
  // Guard one die more, militia one fewer (minimum 1), when beyond 12" (p.28).
  return Math.max(1, g.rating + qualityShift(u));
};

/** What near: may say (a yes/no fact; `any`, listed where it does not matter, is matched by the command). */
const NEAR_WORDS = ['yes', 'no', 'true', 'false'];

function activateChoices(s: AtkmState, f: CardFrame): LegalAction[] {
  const out: LegalAction[] = [];
  for (const u of alive(s, f.side)) {
    if (!canActivate(s, u)) continue;
    const any = (l: LegalAction, why: string) => ignoring(l, 'near', why);
    if (u.color === 'green')
      out.push(
        any(
          act('activate', `Activate ${u.name} (green: no command point)`, { unit: u.id }, { unit: u.name }),
          'green: it obeys wherever it is',
        ),
      );
    else if (u.type === 'skirmisher')
      out.push(
        any(
          act('activate', `Activate ${u.name} (${u.color} skirmishers: 1 command point, always obey)`, { unit: u.id }, { unit: u.name }),
          'skirmishers always obey',
        ),
      );
    else if (tabletop(s)) {
      const near = nearGeneral(s, u);
      const how = near
        ? 'within 12" of a general: 1 command point'
        : `beyond 12": 1 command point and ${orderDice(s, u, f)} ${u.color} order dice`;
      out.push(
        any(
          act('activate', `Activate ${u.name} (${u.color}, ${how})`, { unit: u.id }, { unit: u.name }),
          `the bot measures: ${near ? 'within' : 'beyond'} 12"`,
        ),
      );
    } else {
      const nearly = { unit: u.name, near: 'yes (a general of yours within 12")' };
      out.push(
        yesNo(
          act('activate', `Activate ${u.name} (${u.color}, within 12" of a general: 1 command point)`, { unit: u.id, near: 'yes' }, nearly),
          'near',
        ),
      );
      out.push(
        yesNo(
          act(
            'activate',
            `Activate ${u.name} (${u.color}, beyond 12": 1 command point and ${orderDice(s, u, f)} ${u.color} order dice)`,
            { unit: u.id, near: 'no' },
            { unit: u.name, near: 'no (beyond 12": order roll)' },
          ),
          'near',
        ),
      );
    }
  }
  return out;
}

/** Passing on Activations (p.11): downgrade a green unit; with none, a yellow or red one for a command point. */
function passChoices(s: AtkmState, f: CardFrame): LegalAction[] {
  const units = alive(s, f.side).filter((u) => !u.disorder);
  const green = units.filter((u) => u.color === 'green');
  if (green.length) return green.map((u) => act('pass', `Pass: ${u.name} waits (green → yellow)`, { unit: u.id }, { unit: u.name }));
  if (s.sides[f.side].cp <= 0) return [];
  return units.map((u) =>
    act(
      'pass',
      `Pass: ${u.name} waits (${u.color} → ${u.color === 'yellow' ? 'red' : 'disordered'}; 1 command point)`,
      { unit: u.id },
      { unit: u.name },
    ),
  );
}

export function cardLegal(s: AtkmState, f: CardFrame, role: string): LegalAction[] {
  if (role !== f.side) return [];
  const side = f.side;
  if (f.rank === '2') {
    const units = alive(s, side).filter((u) => !u.disorder);
    const green = units.filter((u) => u.color === 'green');
    const pool = s.sides[side].cp <= 0 && green.length ? green : units;
    return pool.map((u) =>
      act('disorder', `The 2: ${u.name} cannot be activated this turn (disorder marker)`, { unit: u.id }, { unit: u.name }),
    );
  }
  const out = [...activateChoices(s, f), ...passChoices(s, f)];
  if (f.rank === 'K') {
    const g = s.generals.find((x) => x.id === f.general)!;
    if (tabletop(s)) {
      // Listed: toward his army. Any other point within 20" is the open action (checkKing).
      const to = towardArmy(s, g);
      if (to) out.push(act('general', `King: move ${g.name} up to 20" to ${to}, toward his army`, { to }));
      // Listed too: into contact with each unit he can reach to restore its officer or ensign (Special Casualties, p.27).
      for (const u of restorable(s, side)) {
        const at = kingContact(s, g, u);
        if (at)
          out.push(
            act(
              'general',
              `King: move ${g.name} ${at.d}" into contact with ${u.name} and restore its ${!u.officer ? 'officer' : 'ensign'}`,
              { to: at.to, restore: u.id },
              { restore: u.name },
            ),
          );
      }
    } else {
      out.push(act('general', `King: move ${g.name} up to 20" instead (he may move again at the end of the turn)`));
      for (const u of restorable(s, side))
        out.push(
          act(
            'general',
            `King: move ${g.name} into contact with ${u.name} and restore its ${!u.officer ? 'officer' : 'ensign'}`,
            { restore: u.id },
            { restore: u.name },
          ),
        );
    }
  }
  if (f.rank === 'JOKER')
    for (const u of alive(s, other(side)).filter((x) => !x.disorder))
      out.push(act('disorder', `Joker: ${u.name} (enemy) cannot be activated this turn`, { unit: u.id }, { unit: u.name }));
  // Referee mode's default for the rest of the turn: one command instead of one a card (see restDefault).
  if (!tabletop(s) && out.some((l) => l.sub === 'activate' || l.sub === 'pass') && !f.fromBank)
    out.push(act('rest', `Pass on every card of ${sideName(side)}'s colour left this turn (each passed as the rules allow)`));
  if (s.options.override && s.sides[side].cp > 0 && out.length && !f.fromBank)
    out.push(act('override', `Override the deck: ignore the ${cardName(f.card)} and turn the next card (1 command point)`));
  out.push(...bankChoices(s, f));
  return out;
}

/** Most cards a side may bank in a turn: its highest general's rating (p.14). */
export const bankLimit = (s: AtkmState, side: Side): number => Math.max(0, ...generalsOf(s, side).map((g) => g.rating));

/**
 * Banking Cards (optional rule, p.14): on a card of your colour that is not a 2, spend a command point to set it
 * aside (at most your best general's rating a turn), or play a card banked earlier instead of it. Not on a card
 * being played from the bank, nor one already acted on (an Ace's second activation).
 */
function bankChoices(s: AtkmState, f: CardFrame): LegalAction[] {
  const sd = s.sides[f.side];
  if (!s.options.banking || f.rank === '2' || f.fromBank || f.acts < (f.rank === 'A' ? 2 : 1)) return [];
  const out: LegalAction[] = [];
  if (sd.cp > 0 && (sd.bankedCount ?? 0) < bankLimit(s, f.side))
    out.push(
      act(
        'bank',
        `Bank the ${cardName(f.card)} for later this turn (1 command point; ${(sd.bankedCount ?? 0) + 1} of ${bankLimit(s, f.side)})`,
      ),
    );
  for (const c of sd.banked ?? [])
    out.push(act('banked', `Play the banked ${cardName(c)} instead of the ${cardName(f.card)}`, { card: c }, { card: cardName(c) }));
  return out;
}

export function restore(s: AtkmState, u: Unit, by: string, ctx: Ctx): void {
  const what = !u.officer ? 'officer' : 'ensign';
  if (what === 'officer') u.officer = true;
  else u.ensign = true;
  u.restoredTurn = s.turn;
  note(s, ctx, 'restore', `${by} reaches ${u.name}: a new ${what} is appointed.`);
}

/** Units whose officer or ensign a general may restore (once a turn each). */
const restorable = (s: AtkmState, side: Side) => alive(s, side).filter((x) => (!x.officer || !x.ensign) && x.restoredTurn !== s.turn);

/** The point where the general touches the unit, if he can get there this move (within 20", on the table). */
function kingContact(s: AtkmState, g: General, u: Unit): { to: string; d: number } | null {
  const p = contactPoint(g, tu(u));
  const d = attempt(() => checkGeneralMove(s.table!, g, p));
  return d === null || round2(generalDistance(p, tu(u))) > 1 ? null : { to: `${p.x},${p.y}`, d };
}

/**
 * The King on the tabletop (Special Cards, p.10): the general moves to any point up to 20" away on the table;
 * with restore:, the point must touch that unit (within 1", as at the end of the turn). restore: without to:
 * means the listed point by the unit. Throws why not.
 */
function checkKing(
  s: AtkmState,
  f: CardFrame,
  role: string,
  a: Record<string, unknown>,
): { to: { x: number; y: number } | null; r?: Unit } {
  const rule = 'ATKM Special Cards (King)';
  if (role !== f.side) throw new RuleError(rule, `The ${cardName(f.card)} is ${sideName(f.side)}'s card.`);
  if (f.rank !== 'K') throw new RuleError(rule, 'Only the King moves a general during the turn.');
  const g = s.generals.find((x) => x.id === f.general)!;
  const r = typeof a.restore === 'string' && a.restore ? s.units[a.restore] : undefined;
  if (a.restore && (!r || !restorable(s, f.side).includes(r)))
    throw new RuleError(
      rule,
      `${String(a.restore)} is not a unit of yours missing its officer or ensign (and not restored this turn).`,
      restorable(s, f.side).map((u) => u.name),
    );
  if (!tabletop(s)) {
    if (a.to !== undefined && a.to !== '') throw new RuleError(rule, 'Referee mode: move the general on your own table (no to:).');
    return { to: null, ...(r ? { r } : {}) };
  }
  const to = parsePoint(String(a.to ?? '')) ?? (r && (a.to === undefined || a.to === '') ? contactPoint(g, tu(r)) : null);
  if (!to) throw new RuleError(rule, `Say where ${g.name} goes: to:"x,y" in inches, up to 20" from ${g.x},${g.y}.`);
  checkGeneralMove(s.table!, g, to);
  if (r) {
    const d = round2(generalDistance(to, tu(r)));
    if (d > 1) throw new RuleError(rule, `From ${to.x},${to.y} ${g.name} would be ${d}" from ${r.name}: he must reach it (within 1").`);
  }
  return { to, ...(r ? { r } : {}) };
}

/**
 * A side that passes on the rest of its cards (/atkm card rest, referee mode): each card of its colour is used
 * as the rules require of a pass (p.11): the 2 idles a unit, any other card downgrades a green unit (with none, a
 * yellow or red one for a command point); when neither is possible the card is turned over.
 */
function restDefault(s: AtkmState, f: CardFrame, ctx: Ctx): void {
  const legal = cardLegal(s, f, f.side);
  const pick = legal.find((l) => l.sub === 'disorder' && f.rank === '2') ?? legal.find((l) => l.sub === 'pass');
  if (!pick) {
    note(s, ctx, 'card', `${sideName(f.side)} passes: the ${cardName(f.card)} is turned over.`);
    retWith(s.stack, 'card');
    return;
  }
  cardProc.apply!(s, f, f.side, pick.action, ctx);
}

/** Activating (or passing) a unit of yours with a disorder marker: refused saying it is disordered, and why (p.12). */
function refuseDisordered(s: AtkmState, f: CardFrame, a: Record<string, unknown>): void {
  if (a.type !== 'activate' && a.type !== 'pass') return;
  const u = unitNamed(s, a.unit);
  if (!u || u.side !== f.side || u.gone || !u.disorder) return;
  throw new RuleError(
    'ATKM Units Resolve',
    `${u.name} is disordered: ${u.disorderedBy ?? 'it has a disorder marker'}. A unit with a disorder marker cannot be ` +
      `${a.type === 'pass' ? 'activated or passed' : 'activated'} again this turn (it still defends against fire and melee); ` +
      'the marker is removed at the start of the next turn.',
  );
}

/** The decision key of the card in play: a new one per card turned (a banked card set aside counts as turned). */
export const cardDecision = (s: AtkmState): string =>
  `card:${s.turn}:${s.deck.discard.length + (s.sides.red.bankedCount ?? 0) + (s.sides.black.bankedCount ?? 0)}`;

function used(s: AtkmState, f: CardFrame): void {
  f.acts--;
  if (f.acts <= 0) retWith(s.stack, 'card');
}

export const cardProc: Procedure<AtkmState, CardFrame> = {
  open: {
    general: {
      sub: 'general',
      check: (s, f, role, a) => void checkKing(s, f, role, a),
      label: (s, f, _r, a) =>
        `King: ${s.generals.find((g) => g.id === f.general)?.name ?? 'the general'} moves ` +
        (a.to ? `to ${String(a.to)}` : 'into contact') +
        (a.restore ? ` and restores ${s.units[String(a.restore)]?.name ?? a.restore}` : ''),
    },
  },
  prompts(s, f) {
    const g = s.generals.find((x) => x.id === f.general)!;
    const special = data().cards.special[f.rank];
    return [
      {
        role: f.side,
        text:
          `${cardName(f.card)}${special ? ` (${special.name})` : ''}: ${g.name} ` +
          (f.rank === '2'
            ? 'must choose a unit of yours to stand idle (/atkm card disorder).'
            : `activates a unit${f.acts > 1 ? ` (${f.acts} activations left)` : ''} (/atkm activate, /atkm pass).`),
        buttons: true,
        decision: cardDecision(s),
      },
    ];
  },
  legal: cardLegal,
  auto(s, f, ctx) {
    if (s.sides[f.side].resting === s.turn && cardLegal(s, f, f.side).length) {
      restDefault(s, f, ctx);
      return true;
    }
    if (cardLegal(s, f, f.side).length) return false;
    note(s, ctx, 'card', `${sideName(f.side)} has nothing to do with the ${cardName(f.card)}: the card is turned over.`);
    retWith(s.stack, 'card');
    return true;
  },
  resume(s, f) {
    used(s, f);
  },
  apply(s, f, role, a, ctx) {
    if (role !== f.side) throw new RuleError(CARD_RULE, `The ${cardName(f.card)} is ${sideName(f.side)}'s card.`);
    if (a.type === 'general' && tabletop(s)) {
      // An open action: any point within 20", checked by the same code that explains a refusal.
      const g = s.generals.find((x) => x.id === f.general)!;
      const { to, r } = checkKing(s, f, role, a);
      const d = round2(dist(g, to!));
      Object.assign(g, to);
      note(s, ctx, 'general', `King: ${g.name} moves ${d}" to ${to!.x},${to!.y}${r ? ` into contact with ${r.name}` : ''}.`);
      if (r) restore(s, r, g.name, ctx);
      used(s, f);
      return;
    }
    if (a.type === 'activate' && a.near !== undefined && !NEAR_WORDS.includes(String(a.near).toLowerCase()))
      throw new RuleError(
        CP_RULE,
        `near: is yes or no (true or false also do): is a general of yours within 12" of the unit? Not "${String(a.near)}".`,
      );
    refuseDisordered(s, f, a);
    // /atkm act (activation.ts actStep): the activation, with its steps carried out by the activation frame.
    const steps = a.type === 'act' ? activationSteps(a) : [];
    if (a.type === 'act') a = actBase(s, a);
    mustBeLegal(
      cardLegal(s, f, role),
      a,
      f.rank === '2' ? 'ATKM Special Cards (2)' : CARD_RULE,
      f.rank === '2'
        ? 'The 2 must be played on one of your own units (it cannot be overridden).'
        : 'Activate, pass or use the card as listed.',
    );
    const g = s.generals.find((x) => x.id === f.general)!;
    const u = typeof a.unit === 'string' ? s.units[a.unit] : undefined;
    switch (a.type) {
      case 'disorder':
        disorder(
          u!,
          f.rank === '2'
            ? `${sideName(f.side)}'s ${cardName(f.card)} idled it for the turn (Special Cards: the 2, p.11)`
            : `${sideName(f.side)}'s Joker idled it for the turn (Special Cards: the Joker, p.11)`,
        );
        note(
          s,
          ctx,
          'card',
          `${cardName(f.card)}: ${u!.name} cannot be activated for the rest of the turn (it still fights back in melee).`,
        );
        s.last = { kind: 'card', text: `${cardName(f.card)}: ${u!.name} disordered`, unit: u!.id };
        retWith(s.stack, 'card');
        return;
      case 'rest': {
        s.sides[f.side].resting = s.turn;
        note(s, ctx, 'card', `${sideName(f.side)} passes on every card of its colour left this turn.`);
        restDefault(s, f, ctx);
        return;
      }
      case 'override':
        spendCp(s, f.side, `override the deck: the ${cardName(f.card)} is ignored`, ctx);
        retWith(s.stack, 'card');
        return;
      case 'bank': {
        const sd = s.sides[f.side];
        spendCp(s, f.side, `bank the ${cardName(f.card)}`, ctx);
        // Set aside from the discard pile until played (or wasted at the end of the turn).
        const i = s.deck.discard.lastIndexOf(f.card);
        if (i >= 0) s.deck.discard.splice(i, 1);
        (sd.banked ??= []).push(f.card);
        sd.bankedCount = (sd.bankedCount ?? 0) + 1;
        note(s, ctx, 'card', `${sideName(f.side)} banks the ${cardName(f.card)} to play later this turn.`);
        s.last = { kind: 'card', text: `${sideName(f.side)} banks the ${cardName(f.card)}` };
        retWith(s.stack, 'card');
        return;
      }
      case 'banked': {
        const sd = s.sides[f.side];
        const c = String(a.card);
        sd.banked = (sd.banked ?? []).filter((x) => x !== c);
        note(s, ctx, 'card', `${sideName(f.side)} ignores the ${cardName(f.card)} and plays the banked ${cardName(c)}.`);
        s.deck.discard.push(c);
        s.card = c;
        Object.assign(f, { card: c, rank: cardRank(c), acts: cardRank(c) === 'A' ? 2 : 1, fromBank: true });
        return;
      }
      case 'general': {
        const r = typeof a.restore === 'string' ? s.units[a.restore] : undefined;
        note(s, ctx, 'general', `King: ${g.name} moves up to 20"${r ? ` into contact with ${r.name}` : ''}.`);
        if (r) restore(s, r, g.name, ctx);
        used(s, f);
        return;
      }
      case 'pass': {
        if (u!.color !== 'green') spendCp(s, f.side, `${u!.name} waits`, ctx);
        const was = u!.color;
        downgrade(u!, 'it was red when it waited on a pass (Passing on Activations, p.11)');
        note(
          s,
          ctx,
          'pass',
          `${sideName(f.side)} passes: ${u!.name} waits where it stands (${was} → ${u!.disorder ? 'disordered' : u!.color}).`,
        );
        used(s, f);
        return;
      }
      case 'activate': {
        const unit = u!;
        if (unit.color !== 'green') {
          spendCp(s, f.side, `to activate ${unit.name}`, ctx);
          const near = tabletop(s) ? nearGeneral(s, unit) : a.near === 'yes';
          if (unit.type !== 'skirmisher' && !near) {
            const b = rollBucket(ctx, orderDice(s, unit, f), unit.color, `${g.name} orders ${unit.name}`);
            if (!b.successes) {
              note(
                s,
                ctx,
                'order',
                `${g.name}'s orders do not reach ${unit.name} (beyond 12"): ${bucketText(b)}. ` +
                  'The command point and the card are wasted; it does nothing and keeps its colour.',
              );
              s.last = { kind: 'order', text: `${unit.name} ignores its orders`, unit: unit.id };
              used(s, f);
              return;
            }
            note(s, ctx, 'order', `${g.name}'s orders reach ${unit.name} (beyond 12"): ${bucketText(b)}.`);
          }
        }
        note(
          s,
          ctx,
          'activate',
          `${g.name} activates ${unit.name} (${unit.color})` +
            `${f.rank === 'Q' ? ' with the Queen: no downgrade' : f.rank === 'J' ? ' with the Jack: full movement' : ''}.`,
        );
        call(s.stack, {
          proc: 'activation',
          step: 'act',
          side: f.side,
          unit: unit.id,
          moved: false,
          formed: false,
          fired: false,
          charged: false,
          queen: f.rank === 'Q',
          jack: f.rank === 'J',
          ...(steps.length ? { steps } : {}),
        } satisfies ActivationFrame);
        return;
      }
    }
  },
};

export { generalsOf };

/**
 * Allied Generals (p.11): players rotate on the cards of their colour. Counted like the engine's decision book
 * (a new prompt key is a new decision), so a team seated in turns has general i played by member i.
 */
export function syncTeams(s: AtkmState, prompts: { role: string; decision?: string }[]): void {
  for (const side of ['red', 'black'] as Side[]) {
    const p = prompts.find((x) => x.role === side);
    const sd = s.sides[side];
    if (!p) {
      sd.lastKey = null;
      continue;
    }
    const key = p.decision ?? '';
    if (sd.lastKey === key) continue;
    sd.asked = (sd.asked ?? 0) + 1;
    sd.lastKey = key;
    const top = s.stack.frames.at(-1)!;
    const card = [...s.stack.frames].reverse().find((f) => f.proc === 'card') as CardFrame | undefined;
    if (card && card.side === side && (top === card || top.proc === 'activation')) {
      const gs = generalsOf(s, side);
      card.general = gs[(sd.asked - 1) % gs.length]!.id;
    }
  }
}
