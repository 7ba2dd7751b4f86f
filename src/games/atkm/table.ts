// Tabletop mode: the rules ask the virtual tabletop (src/games/atkm/tabletop)
// for what referee-mode players report — in range and in sight, within 12" of
// a general, flank or rear, cover, high ground, a building, contact — and move
// units by the orders it checks. Pure functions of the state.
import { RuleError } from '../../engine/errors.ts';
import { dist, headingOf, headingVec, round2 } from '../../engine/geometry.ts';
import type { AttackFacts } from './facts.ts';
import {
  atkmScenario,
  autoDeploy,
  checkFireGeometry,
  checkMove,
  escapeMove,
  holder,
  nearestGeneral,
  tableFacts,
  withinCommand,
  type MoveResult,
  type Table,
  type TableUnit,
} from './tabletop/index.ts';
import { alive, generalsOf, type AtkmState, type General, type Side, type Unit } from './state.ts';

export const tabletop = (s: AtkmState): boolean => s.options.mode === 'tabletop' && !!s.table;

/** The unit as the tabletop sees it (a mob is a formation there). */
export function tu(u: Unit): TableUnit {
  return {
    id: u.id,
    name: u.name,
    side: u.side,
    type: u.type,
    formation: u.mob ? 'mob' : u.formation,
    figures: u.figures,
    x: u.x,
    y: u.y,
    facing: u.facing,
  };
}

export const tableUnits = (s: AtkmState): TableUnit[] => alive(s).map(tu);
export const tableOf = (s: AtkmState): Table => s.table!;

/** Any part of the unit within 12" of a general of its side (p.12; allied generals, p.13). */
export function nearGeneral(s: AtkmState, u: Unit): boolean {
  return generalsOf(s, u.side).some((g) => withinCommand(g, tu(u)));
}

export function nearestOf(s: AtkmState, u: Unit): General {
  return nearestGeneral(generalsOf(s, u.side), u.side, tu(u)) ?? generalsOf(s, u.side)[0]!;
}

/** The facts of a fire attack measured on the table; throws the tabletop's refusal (range, arc, sight). */
export function measuredFire(s: AtkmState, u: Unit, t: Unit): AttackFacts & { distance: number } {
  const g = checkFireGeometry(tableOf(s), tableUnits(s), tu(u), tu(t));
  return { ...tableFacts(tableOf(s), tu(u), tu(t), 'fire'), distance: g.distance };
}

/** A charge on the table: the move into front-centre contact (p.20), checked; and the melee facts. */
export function measuredCharge(s: AtkmState, u: Unit, t: Unit, jack: boolean): { move: MoveResult; facts: AttackFacts } {
  const move = checkMove(tableOf(s), tableUnits(s), u.id, `toward:${t.name} stop:contact`, { fullMovement: jack });
  if (move.charged !== t.id) throw new RuleError('ATKM Making Contact', `${u.name} does not reach ${t.name} with its front centre.`);
  return { move, facts: tableFacts(tableOf(s), move.unit, tu(t), 'melee') };
}

export function place(u: Unit, r: MoveResult): void {
  u.x = r.unit.x;
  u.y = r.unit.y;
  u.facing = r.unit.facing;
  if (r.unit.formation !== 'mob') u.formation = r.unit.formation as Unit['formation'];
}

/** An escape movement (p.22) on the table: directly away, round units and impassable ground; null when there is no way out. */
export function escape(s: AtkmState, u: Unit, from: Unit, inches: number, face: boolean, heading?: number): boolean {
  const r = escapeMove(tableOf(s), tableUnits(s), u.id, from.id, inches, {
    faceAttacker: face,
    ...(heading !== undefined ? { heading } : {}),
  });
  if (!r) return false;
  u.x = r.unit.x;
  u.y = r.unit.y;
  u.facing = r.unit.facing;
  return true;
}

/** Who holds the scenario's objective at the end of a turn (a side with units on it and none of the other). */
export function objectiveHolder(s: AtkmState): Side | null {
  const place = s.objectives[0];
  if (!place) return null;
  return holder(place.polygon, tableUnits(s)) as Side | null;
}

/** Deploy both armies in their zones (Arranging Forces, p.10), in rows facing the enemy, generals behind. */
export function deploy(s: AtkmState): void {
  const sc = atkmScenario(s.options.scenario);
  s.table = { width: sc.width, height: sc.height, terrain: structuredClone(sc.terrain) as Table['terrain'] };
  s.zones = sc.zones.map((z) => ({ side: z.side, polygon: z.polygon.map((p) => ({ ...p })) }));
  s.objectives = sc.objectives.map((o) => ({ id: o.id, name: o.name, polygon: o.polygon.map((p) => ({ ...p })) }));
  const placed = autoDeploy(s.table, s.zones, tableUnits(s));
  for (const p of placed) Object.assign(s.units[p.id]!, { x: p.x, y: p.y, facing: p.facing });
  // Generals behind the middle of their army, 12" apart.
  for (const side of ['red', 'black'] as Side[]) {
    const mine = alive(s, side);
    const cx = mine.reduce((a, u) => a + u.x, 0) / Math.max(1, mine.length);
    const cy = mine.reduce((a, u) => a + u.y, 0) / Math.max(1, mine.length);
    const back = headingVec((mine[0]?.facing ?? 0) + 180);
    generalsOf(s, side).forEach((g, i, all) => {
      g.x = round2(Math.max(1, Math.min(s.table!.width - 1, cx + (i - (all.length - 1) / 2) * 12 + back.x * 4)));
      g.y = round2(Math.max(1, Math.min(s.table!.height - 1, cy + back.y * 4)));
    });
  }
}

/** Straight-line distance between two units' measuring points (the bot's sense of "nearest"). */
export const gap = (a: Unit, b: Unit): number => dist({ x: a.x, y: a.y }, { x: b.x, y: b.y });

/** A point up to 20" from the general toward the middle of his army (the listed end-of-turn move). */
export function towardArmy(s: AtkmState, g: General): string | null {
  const mine = alive(s, g.side);
  if (!mine.length) return null;
  const c = { x: mine.reduce((a, u) => a + u.x, 0) / mine.length, y: mine.reduce((a, u) => a + u.y, 0) / mine.length };
  const d = dist(g, c);
  if (d < 1) return null;
  const k = Math.min(1, 19.5 / d);
  return `${round2(g.x + (c.x - g.x) * k)},${round2(g.y + (c.y - g.y) * k)}`;
}

/**
 * The directions a loser may choose for its escape (p.22: "a direction of the losing player's choice"):
 * straight away and 45° either side, where a way out exists.
 */
export function escapeHeadings(s: AtkmState, u: Unit, from: Unit, inches: number, face: boolean): number[] {
  const away = Math.round(headingOf({ x: u.x - from.x, y: u.y - from.y }));
  const out: number[] = [];
  for (const h of [away, away - 45, away + 45].map((x) => ((x % 360) + 360) % 360)) {
    const r = escapeMove(tableOf(s), tableUnits(s), u.id, from.id, inches, { faceAttacker: face, heading: h });
    if (r && !out.includes(Math.round(r.heading))) out.push(Math.round(r.heading));
  }
  return out;
}
