// Tabletop mode: the rules ask the virtual tabletop (src/games/atkm/tabletop)
// for what referee-mode players report — in range and in sight, within 12" of
// a general, flank or rear, cover, high ground, a building, contact — and move
// units by the orders it checks. Pure functions of the state.
import { RuleError } from '../../engine/errors.ts';
import { add, bounds, dist, headingOf, headingVec, norm, round2, scale, sub, type Pt } from '../../engine/geometry.ts';
import type { AttackFacts } from './facts.ts';
import {
  atkmScenario,
  checkDeployment,
  checkFireGeometry,
  checkMove,
  elevation,
  footprintPolygon,
  footprintSize,
  holder,
  inBuilding,
  nearestGeneral,
  withinCommand,
  type MoveResult,
  type Table,
  type TableUnit,
} from './tabletop/index.ts';
import { distPolygons } from '../../engine/geometry.ts';
import { alive, generalsOf, type AtkmState, type General, type Side, type Unit } from './state.ts';

export const tabletop = (s: AtkmState): boolean => s.options.mode === 'tabletop' && !!s.table;

/** The unit as the tabletop sees it (a mob is a formation there). */
export function tu(u: Unit): TableUnit {
  return {
    id: u.id,
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

/** Cover the target touches (the most protective; p.24), ignoring from which side the attack comes. */
function coverOf(s: AtkmState, t: Unit): 'none' | 'light' | 'heavy' {
  const fp = footprintPolygon(tu(t));
  let best: 'none' | 'light' | 'heavy' = 'none';
  for (const p of tableOf(s).terrain) {
    if (!p.cover || !p.polygon) continue;
    if (distPolygons(fp, p.polygon) > 0.01) continue;
    if (p.cover === 'heavy') return 'heavy';
    best = 'light';
  }
  return best;
}

function highOf(s: AtkmState, a: Unit, t: Unit): AttackFacts['high'] {
  const ea = elevation(tableOf(s), tu(a));
  const et = elevation(tableOf(s), tu(t));
  return ea > et ? 'attacker' : et > ea ? 'defender' : 'none';
}

/** The facts of a fire attack measured on the table; throws the tabletop's refusal (range, arc, sight). */
export function measuredFire(s: AtkmState, u: Unit, t: Unit): AttackFacts & { distance: number } {
  const g = checkFireGeometry(tableOf(s), tableUnits(s), tu(u), tu(t));
  const building = !!inBuilding(tableOf(s), tu(t));
  return {
    close: g.close,
    aspect: g.aspect,
    cover: building ? 'heavy' : coverOf(s, t),
    high: highOf(s, u, t),
    building,
    firing: null,
    distance: g.distance,
  };
}

/** A charge on the table: the move into front-centre contact (p.20), checked; and the melee facts. */
export function measuredCharge(s: AtkmState, u: Unit, t: Unit, jack: boolean): { move: MoveResult; facts: AttackFacts } {
  const move = checkMove(tableOf(s), tableUnits(s), u.id, `toward:${t.id} stop:contact`, { fullMovement: jack });
  if (move.charged !== t.id) throw new RuleError('ATKM Making Contact', `${u.name} does not reach ${t.name} with its front centre.`);
  const moved = { ...u, x: move.unit.x, y: move.unit.y, facing: move.unit.facing };
  const building = !!inBuilding(tableOf(s), tu(t));
  const g = {
    close: false,
    aspect: 'front' as const,
    cover: building ? ('heavy' as const) : coverOf(s, t),
    high: highOf(s, moved, t),
    building,
    firing: null,
  };
  return { move, facts: g };
}

export function place(u: Unit, r: MoveResult): void {
  u.x = r.unit.x;
  u.y = r.unit.y;
  u.facing = r.unit.facing;
  if (r.unit.formation !== 'mob') u.formation = r.unit.formation as Unit['formation'];
}

/** An escape movement (p.22): `inches` directly away from `from`, kept on the table; the loser may face the enemy. */
export function escape(s: AtkmState, u: Unit, from: Unit, inches: number, face: boolean): Pt[] {
  const start = { x: u.x, y: u.y };
  const away = norm(sub(start, { x: from.x, y: from.y }));
  const dir = Number.isFinite(away.x) && (away.x || away.y) ? away : headingVec(u.facing + 180);
  const t = tableOf(s);
  const end = add(start, scale(dir, inches));
  u.x = round2(Math.max(1, Math.min(t.width - 1, end.x)));
  u.y = round2(Math.max(1, Math.min(t.height - 1, end.y)));
  u.facing = face ? Math.round(headingOf(sub({ x: from.x, y: from.y }, { x: u.x, y: u.y }))) : Math.round(headingOf(dir));
  return [start, { x: u.x, y: u.y }];
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
  const centre = (side: string) => {
    const b = bounds(s.zones.find((z) => z.side === side)!.polygon);
    return { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2, b };
  };
  for (const side of ['red', 'black'] as Side[]) {
    const me = centre(side);
    const foe = centre(side === 'red' ? 'black' : 'red');
    const facing = foe.y < me.y ? 0 : 180;
    const sign = facing === 0 ? 1 : -1; // rows go back (away from the enemy)
    let row = facing === 0 ? me.b.minY + 1 : me.b.maxY - 1;
    let x = me.b.minX + 2;
    let deepest = 0;
    const placed: TableUnit[] = [];
    for (const u of alive(s, side)) {
      const { w, d } = footprintSize(u.type, u.formation, u.figures);
      for (let tries = 0; tries < 200; tries++) {
        if (x + w > me.b.maxX - 1) {
          x = me.b.minX + 2;
          row += sign * (deepest + 2);
          deepest = 0;
        }
        Object.assign(u, { x: round2(x + w / 2), y: round2(row), facing });
        try {
          checkDeployment(s.table, s.zones, placed, tu(u));
          break;
        } catch {
          x += 2;
        }
      }
      placed.push(tu(u));
      deepest = Math.max(deepest, d);
      x += w + 3;
    }
    generalsOf(s, side).forEach((g, i) => {
      g.x = round2(me.x + (i - (generalsOf(s, side).length - 1) / 2) * 12);
      g.y = round2(facing === 0 ? Math.min(s.table!.height - 1, me.b.maxY - 1) : Math.max(1, me.b.minY + 1));
    });
  }
}

/** Straight-line distance between two units' measuring points (the bot's sense of "nearest"). */
export const gap = (a: Unit, b: Unit): number => dist({ x: a.x, y: a.y }, { x: b.x, y: b.y });
