// The game turn (pp.10-13): colours back to green, command points rolled in
// secret, the 28 cards shuffled and turned one at a time until the deck is
// out or nobody can act; then the end of the turn (generals restore officers
// and ensigns, scenario objectives) and the next turn.
import { drawCard, discardCard, newDeck } from '../../engine/deck.ts';
import { retWith, type Procedure } from '../../engine/flow.ts';
import { call, endGame, type Ending } from '../../engine/procstack.ts';
import { RuleError } from '../../engine/errors.ts';
import type { Ctx, LegalAction } from '../../engine/types.ts';
import { cardFrame, restore } from './cards.ts';
import { freshColor } from './casualties.ts';
import { act, mustBeLegal } from './common.ts';
import { objectiveHolder, tabletop, towardArmy, tu } from './table.ts';
import { checkGeneralMove, generalDistance, parsePoint } from './tabletop/index.ts';
import { dist, round2 } from '../../engine/geometry.ts';
import type { General } from './state.ts';
import {
  alive,
  atkmDeck,
  canActivate,
  cardName,
  cardRank,
  cardSide,
  data,
  generalsOf,
  note,
  other,
  SIDES,
  sideName,
  type AtkmState,
  type Side,
} from './state.ts';
import { plural } from '../../messages/text.ts';

export const TURN_RULE = 'ATKM Playing the Game';

export interface TurnFrame {
  proc: 'turn';
  step: 'start' | 'draw' | 'end';
  [k: string]: unknown;
}

export interface EndTurnFrame {
  proc: 'endTurn';
  step: 'go';
  ready: Side[];
  /** Generals who restored a unit this end of turn. */
  used: string[];
  held: Side | null;
  /** Tabletop: generals already placed this end of turn. */
  moved?: string[];
  [k: string]: unknown;
}

/** Command points (p.12): each general rolls his rating in dice in secret; the side's highest single die is its points. */
export function rollCommandPoints(s: AtkmState, side: Side, ctx: Ctx): void {
  const rolls: string[] = [];
  let best = 0;
  for (const g of generalsOf(s, side)) {
    const faces = Array.from({ length: g.rating }, () => ctx.dice.d6(`${sideName(side)} command die (${g.name})`, [side]));
    best = Math.max(best, ...faces);
    rolls.push(`${g.name} ${faces.join(', ')}`);
  }
  s.sides[side].cp = best;
  s.sides[side].cpSpent = 0;
  ctx.emit({
    kind: 'cp',
    text: `${sideName(side)} command points this turn: ${best} (${rolls.join('; ')}). Secret until spent.`,
    to: [side],
  });
}

export function startTurn(s: AtkmState, ctx: Ctx): void {
  s.turn++;
  s.notes = [];
  for (const u of alive(s)) {
    u.color = freshColor(u);
    u.disorder = false;
    delete u.disorderedBy;
  }
  note(
    s,
    ctx,
    'turn',
    `Turn ${s.turn}: every unit is back to green (leaderless red, without ensign yellow); both armies roll for command points in secret; the deck is shuffled.`,
  );
  for (const side of SIDES) rollCommandPoints(s, side, ctx);
  s.deck = newDeck(atkmDeck(), ctx.dice);
  s.card = null;
  // Banked cards not played are wasted: the new deck has all 28 again (Banking Cards, p.14).
  for (const side of SIDES) {
    s.sides[side].banked = [];
    s.sides[side].bankedCount = 0;
  }
}

const anyoneCanAct = (s: AtkmState) => alive(s).some((u) => canActivate(s, u));

export const turnProc: Procedure<AtkmState, TurnFrame> = {
  auto(s, f, ctx) {
    if (f.step === 'start') {
      startTurn(s, ctx);
      f.step = 'draw';
      return true;
    }
    if (f.step === 'draw') {
      s.card = null;
      if (!s.deck.draw.length || !anyoneCanAct(s)) {
        note(
          s,
          ctx,
          'turn',
          s.deck.draw.length ? `No unit in either army can be activated: turn ${s.turn} ends.` : `The deck is out: turn ${s.turn} ends.`,
        );
        f.step = 'end';
        call(s.stack, { proc: 'endTurn', step: 'go', ready: [], used: [], held: null } satisfies EndTurnFrame);
        return true;
      }
      const card = drawCard(s.deck, ctx.dice, false)!;
      discardCard(s.deck, card);
      s.card = card;
      const side = cardSide(card);
      note(s, ctx, 'card', `Card: ${cardName(card)} (${sideName(side)}).`);
      call(s.stack, cardFrame(s, card, side, cardRank(card)));
      return true;
    }
    return false;
  },
  resume(s, f, _r, ctx) {
    if (f.step === 'end') {
      endOfTurnResult(s, ctx);
      f.step = 'start';
    }
  },
};

/** The side that reports the scenario's objective at the end of a turn (referee mode). */
export function objectiveReporter(s: AtkmState): Side | null {
  const v = data().victory.scenarios[s.options.scenario];
  if (!v || v.kind === 'collapse') return null;
  return v.kind === 'hold' ? v.side : v.attacker;
}

export function objectivePlace(s: AtkmState): string {
  const v = data().victory.scenarios[s.options.scenario];
  return v && v.kind !== 'collapse' ? v.place : '';
}

function endLegal(s: AtkmState, f: EndTurnFrame, role: string): LegalAction[] {
  const side = role as Side;
  if (!SIDES.includes(side) || f.ready.includes(side)) return [];
  const out: LegalAction[] = [];
  if (tabletop(s))
    for (const g of generalsOf(s, side).filter((x) => !(f.moved ?? []).includes(x.id))) {
      const to = towardArmy(s, g);
      if (to) out.push(act('place', `Move ${g.name} to ${to} (toward the army)`, { general: g.id, to }, { general: g.name }));
    }
  for (const g of generalsOf(s, side).filter((x) => !f.used.includes(x.id)))
    for (const u of alive(s, side).filter(
      (x) => (!x.officer || !x.ensign) && x.restoredTurn !== s.turn && (!tabletop(s) || generalDistance(g, tu(x)) <= 1),
    ))
      out.push(
        act(
          'restore',
          `${g.name} moves into contact with ${u.name} and appoints a new ${!u.officer ? 'officer' : 'ensign'}`,
          { unit: u.id, general: g.id },
          { unit: u.name, general: g.name },
        ),
      );
  if (objectiveReporter(s) === side && !tabletop(s)) {
    out.push(act('ready', `End of turn: ${sideName(side)} holds ${objectivePlace(s)}`, { held: 'yes' }));
    out.push(act('ready', `End of turn: ${sideName(side)} does not hold ${objectivePlace(s)}`, { held: 'no' }));
  } else out.push(act('ready', `End of turn: ${sideName(side)}'s generals are placed (up to 20" each)`));
  return out;
}

function checkPlace(s: AtkmState, f: EndTurnFrame, role: string, a: Record<string, unknown>): { g: General; to: { x: number; y: number } } {
  const g = s.generals.find((x) => x.id === a.general && x.side === role);
  if (!g)
    throw new RuleError(
      'ATKM You Are the General',
      `Name one of your generals: ${generalsOf(s, role as Side)
        .map((x) => x.name)
        .join(', ')}.`,
    );
  if ((f.moved ?? []).includes(g.id)) throw new RuleError('ATKM You Are the General', `${g.name} has already moved this end of turn.`);
  const to = parsePoint(String(a.to ?? ''));
  if (!to) throw new RuleError('ATKM You Are the General', 'Give the point as to:"x,y" in inches.');
  checkGeneralMove(s.table!, g, to);
  return { g, to };
}

function placeGeneral(s: AtkmState, f: EndTurnFrame, side: Side, a: Record<string, unknown>, ctx: Ctx): void {
  const { g, to } = checkPlace(s, f, side, a);
  const d = round2(dist(g, to));
  g.x = to.x;
  g.y = to.y;
  (f.moved ??= []).push(g.id);
  note(s, ctx, 'general', `${g.name} moves ${d}" to ${to.x},${to.y}.`);
}

export const endTurnProc: Procedure<AtkmState, EndTurnFrame> = {
  open: {
    place: {
      sub: 'place',
      check(s, f, role, a) {
        if (!tabletop(s)) throw new RuleError('ATKM You Are the General', 'In referee mode move your generals on your own table.');
        if (f.ready.includes(role as Side)) throw new RuleError('ATKM You Are the General', 'You are ready: your generals are placed.');
        checkPlace(s, f, role, a);
      },
      label: (s, _f, _r, a) => `Move ${s.generals.find((g) => g.id === a.general)?.name ?? a.general} to ${String(a.to)}`,
    },
  },
  prompts(s, f) {
    return SIDES.filter((x) => !f.ready.includes(x)).map((side) => ({
      role: side,
      text:
        `End of turn ${s.turn}: move your generals up to 20" each; restore officers or ensigns of units they reach (/atkm restore), ` +
        `then /atkm ready${objectiveReporter(s) === side && !tabletop(s) ? ` and say whether you hold ${objectivePlace(s)}` : ''}.`,
      decision: `end:${s.turn}`,
    }));
  },
  legal: endLegal,
  // Referee mode: a side that passed on the rest of its cards (/atkm card rest) and has nothing to report at the
  // end of the turn (no unit to restore, no objective to report) is ready without a command; its generals move on
  // the real table.
  auto(s, f, ctx) {
    if (tabletop(s)) return false;
    const side = SIDES.find((x) => {
      if (s.sides[x].resting !== s.turn) return false;
      const l = endLegal(s, f, x);
      return l.length === 1 && l[0]!.sub === 'ready' && l[0]!.args.held === undefined;
    });
    if (!side) return false;
    note(s, ctx, 'ready', `${sideName(side)} has nothing to report at the end of the turn: ready.`);
    endTurnProc.apply!(s, f, side, { type: 'ready' }, ctx);
    return true;
  },
  apply(s, f, role, a, ctx) {
    mustBeLegal(endLegal(s, f, role), a, 'ATKM You Are the General', 'Restore a unit your general reaches, or say you are ready.');
    const side = role as Side;
    if (a.type === 'place') {
      placeGeneral(s, f, side, a, ctx);
      return;
    }
    if (a.type === 'restore') {
      const g = s.generals.find((x) => x.id === a.general)!;
      f.used.push(g.id);
      restore(s, s.units[String(a.unit)]!, g.name, ctx);
      return;
    }
    if (a.held === 'yes') f.held = side;
    f.ready.push(side);
    note(
      s,
      ctx,
      'ready',
      `${sideName(side)} is ready for the next turn${a.held ? ` (${a.held === 'yes' ? 'holds' : 'does not hold'} ${objectivePlace(s)})` : ''}.`,
    );
    if (f.ready.length === 2) {
      s.objective.holder = tabletop(s) ? objectiveHolder(s) : f.held;
      retWith(s.stack, 'end');
    }
  },
};

/** Scenario victory at the end of a turn (p.28), and the turn limit (ours). */
export function endOfTurnResult(s: AtkmState, ctx: Ctx): void {
  if (s.stack.ended) return;
  const ending = scenarioEnding(s);
  if (!ending) return;
  endGame(s.stack, ending);
  note(s, ctx, 'victory', ending.summary);
}

/** How the battle ends at the end of this turn, or null when it goes on (counts the turns an objective is held). */
function scenarioEnding(s: AtkmState): Ending | null {
  const v = data().victory.scenarios[s.options.scenario];
  if (!v) throw new RuleError('ATKM Army Collapse', `Unknown scenario ${s.options.scenario}.`);
  if (v.kind === 'hold') {
    s.objective.heldTurns = s.objective.holder === v.side ? s.objective.heldTurns + 1 : 0;
    if (s.objective.heldTurns >= v.turns)
      return { winners: [v.side], draw: false, summary: `${sideName(v.side)} has held ${v.place} for ${v.turns} full turns.` };
  }
  if (v.kind === 'dislodge') {
    if (s.objective.holder === v.attacker)
      return {
        winners: [v.attacker],
        draw: false,
        summary: `${sideName(v.attacker)} has dislodged the defenders of ${v.place} by turn ${s.turn}.`,
      };
    if (s.turn >= v.byTurn)
      return {
        winners: [v.defender],
        draw: false,
        summary: `${sideName(v.defender)} still holds ${v.place} at nightfall (turn ${v.byTurn}).`,
      };
  }
  if (s.turn < v.maxTurns) return null;
  const share = (side: Side) => alive(s, side).length / s.sides[side].startUnits;
  const red = share('red');
  const black = share('black');
  if (red === black) return { winners: [], draw: true, summary: `After ${plural(s.turn, 'turn')} neither army has broken: a draw.` };
  const ahead: Side = red > black ? 'red' : 'black';
  return {
    winners: [ahead],
    draw: false,
    summary:
      `After ${plural(s.turn, 'turn')} ${sideName(ahead)} holds the field with the larger share of its army ` +
      `(${alive(s, ahead).length} units to ${alive(s, other(ahead)).length}).`,
  };
}

export { other };
