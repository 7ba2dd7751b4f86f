// The speed-ups of the tabletop's listings change no answer: the capped
// bisection of the bots' approach lists the move that probing every length
// lists, fire is refused for the first failing condition in the text's order
// as before, and a memoised legal list is the one measured afresh.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { RuleError } from '../../src/engine/errors.ts';
import { dist, headingOf, round2, sub, turnBetween, type Pt } from '../../src/engine/geometry.ts';
import { atkm } from '../../src/games/atkm/index.ts';
import { clearMemo } from '../../src/games/atkm/memo.ts';
import {
  aimPoint,
  approach,
  atkmScenario,
  autoDeploy,
  checkFireGeometry,
  checkMove,
  fireGeometry,
  tabletopData,
  type MoveOptions,
  type MoveResult,
  type Table,
  type TableUnit,
} from '../../src/games/atkm/tabletop/index.ts';
import { playout } from '../games/playout.ts';

const TYPES = ['infantry', 'infantry', 'cavalry', 'skirmisher', 'foot-artillery', 'horse-artillery'] as const;

function army(rng: () => number): TableUnit[] {
  return (['red', 'black'] as const).flatMap((side) =>
    TYPES.map((type, i): TableUnit => ({
      id: `${side}-${i + 1}`,
      side,
      type,
      formation:
        type === 'skirmisher'
          ? 'skirmish'
          : type.endsWith('artillery')
            ? rng() < 0.5
              ? 'limbered'
              : 'deployed'
            : rng() < 0.5
              ? 'column'
              : 'line',
      figures: type === 'infantry' ? 12 : type.endsWith('artillery') ? 4 : 6,
      x: 0,
      y: 0,
      facing: 0,
    })),
  );
}

/** The approach as first written: every bisection probe measured (no cap on the length tried). */
function approachEveryProbe(table: Table, units: readonly TableUnit[], id: string, goal: string, opts: MoveOptions): MoveResult | null {
  const u = units.find((x) => x.id === id)!;
  const tryMove = (order: string): MoveResult | null => {
    try {
      return checkMove(table, units, id, order, opts);
    } catch (e) {
      if (e instanceof RuleError) return null;
      throw e;
    }
  };
  const point: Pt = aimPoint(units.find((x) => x.id === goal)!);
  const from = { x: u.x, y: u.y };
  const full = dist(from, point);
  if (full < 0.05) return null;
  const h = round2(headingOf(sub(point, from)));
  const turn = Math.abs(turnBetween(u.facing, h)) > 0.5 ? `face:${h} ` : '';
  let lo = 0;
  let hi = Math.min(full, tabletopData().movement.cavalry.column * tabletopData().roadFactor.value);
  let best: MoveResult | null = null;
  if (turn && u.type !== 'skirmisher') {
    const at = tryMove(`${turn}forward:${round2(hi)}`);
    if (at) return at;
  }
  for (let i = 0; i < 14 && hi - lo > 0.1; i++) {
    const mid = round2((lo + hi) / 2);
    const order =
      u.type === 'skirmisher' || !turn
        ? `to:${round2(from.x + (point.x - from.x) * (mid / full))},${round2(from.y + (point.y - from.y) * (mid / full))}`
        : `${turn}forward:${mid}`;
    const r = mid > 0 ? tryMove(order) : null;
    if (r) {
      best = r;
      lo = mid;
    } else hi = mid;
  }
  return best;
}

/** checkFireGeometry's refusal as first written: the whole geometry measured, then judged in the text's order. */
function judgeFire(table: Table, units: readonly TableUnit[], firer: TableUnit, target: TableUnit): string {
  const g = fireGeometry(table, units, firer, target);
  if (g.range <= 0) return `ATKM Cavalry Cannot Fire: ${firer.id} is cavalry and cannot fire`;
  if (firer.formation === 'square') return `ATKM Fire and Square Formation: ${firer.id} is in square and cannot fire`;
  if (g.distance > g.range)
    return `ATKM Ranges: ${target.id} is ${g.distance}" away; ${firer.id} fires ${g.range}" (${round2(g.distance - g.range)}" out of range)`;
  if (!g.inArc) return `ATKM Ranges: ${target.id} is behind ${firer.id}: fire only within 180 degrees of its facing`;
  if (!g.sight.clear) {
    const b = g.sight.blockedBy!;
    return `ATKM Line of Sight: ${firer.id} cannot see the centre of ${target.id}: blocked by ${b.kind === 'unit' ? `unit ${b.id}` : b.what}`;
  }
  return `ok ${g.distance}`;
}

function positions(id: string, seed: string): { table: Table; units: TableUnit[] } {
  const rng = seedrandom(seed);
  const sc = atkmScenario(id);
  const table = { width: sc.width, height: sc.height, terrain: sc.terrain };
  let units = autoDeploy(table, sc.zones, army(rng));
  // Shuffle the armies toward each other with random legal moves so ranges, terrain and blocking all occur.
  for (let k = 0; k < 60; k++) {
    const u = units[Math.floor(rng() * units.length)]!;
    const order =
      rng() < 0.6
        ? `forward:${Math.round(rng() * 120) / 10 + 0.1}`
        : `face:${Math.round(rng() * 359)} forward:${Math.round(rng() * 60) / 10}`;
    try {
      const r = checkMove(table, units, u.id, order, { fullMovement: true });
      units = units.map((x) => (x.id === u.id ? r.unit : x));
    } catch (e) {
      if (!(e instanceof RuleError)) throw e;
    }
  }
  return { table, units };
}

describe('ATKM tabletop speed-ups give the same answers', () => {
  it('Moving Your Troops (listed moves): the approach with its length cap equals probing every length, 3 scenarios', () => {
    let compared = 0;
    let moved = 0;
    for (const id of ['open-field', 'river-crossing', 'village'])
      for (const seed of ['a', 'b']) {
        const { table, units } = positions(id, `${id}-${seed}`);
        for (const u of units)
          for (const foe of units.filter((x) => x.side !== u.side).slice(0, 3))
            for (const fullMovement of [false, true]) {
              const fast = approach(table, units, u.id, foe.id, { fullMovement, contact: false });
              const slow = approachEveryProbe(table, units, u.id, foe.id, { fullMovement });
              expect(fast?.order ?? null, `${id} ${u.id}→${foe.id}`).toBe(slow?.order ?? null);
              expect(fast?.distance ?? null).toBe(slow?.distance ?? null);
              compared++;
              if (fast) moved++;
            }
      }
    expect(compared).toBeGreaterThan(300);
    expect(moved).toBeGreaterThan(100);
  });

  it('Staging Fire Attacks: checkFireGeometry refuses for the same first failing condition as judging the whole geometry', () => {
    const seen = new Set<string>();
    for (const id of ['open-field', 'river-crossing', 'village'])
      for (const seed of ['a', 'b', 'c']) {
        const { table, units } = positions(id, `fire-${id}-${seed}`);
        for (const f of units)
          for (const t of units.filter((x) => x.side !== f.side)) {
            const want = judgeFire(table, units, f, t);
            let got: string;
            try {
              got = `ok ${checkFireGeometry(table, units, f, t).distance}`;
            } catch (e) {
              if (!(e instanceof RuleError)) throw e;
              got = `${e.rule}: ${e.message}`;
            }
            expect(got, `${id} ${f.id}→${t.id}`).toBe(want);
            seen.add(want.startsWith('ok') ? 'ok' : want.split(':')[0]!);
          }
      }
    // Every outcome occurred: in range and seen, out of range or behind, no sight, cavalry.
    expect([...seen].sort()).toEqual(['ATKM Cavalry Cannot Fire', 'ATKM Line of Sight', 'ATKM Ranges', 'ok']);
  });

  it('Activating Units: the memoised legal list equals the list measured afresh at every step of tabletop battles', () => {
    let checked = 0;
    for (const scenario of ['open-field', 'village']) {
      playout(atkm, { mode: 'tabletop', scenario, army: 'roll', units: 6 }, `memo-${scenario}`, {
        each(env) {
          for (const role of ['red', 'black']) {
            const kept = JSON.stringify(atkm.legal(env.game, role));
            clearMemo();
            expect(JSON.stringify(atkm.legal(structuredClone(env.game), role))).toBe(kept);
            checked++;
          }
        },
      });
    }
    expect(checked).toBeGreaterThan(200);
  });
});
