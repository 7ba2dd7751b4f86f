// Random moves on every scenario's table: checkMove either accepts (the unit
// ends on the table, overlapping no unit but its own skirmishers, within its
// allowance) or refuses with a RuleError, never another error; escape moves
// and approaches keep the same invariants.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { RuleError } from '../../src/engine/errors.ts';
import { convexOverlap, corners } from '../../src/engine/geometry.ts';
import {
  approach,
  atkmScenario,
  autoDeploy,
  checkMove,
  escapeMove,
  footprint,
  lineOfSight,
  measure,
  tableFacts,
  type TableUnit,
} from '../../src/games/atkm/tabletop/index.ts';

const TYPES = ['infantry', 'infantry', 'cavalry', 'skirmisher', 'foot-artillery', 'horse-artillery'] as const;

function army(): TableUnit[] {
  return (['red', 'black'] as const).flatMap((side) =>
    TYPES.map((type, i): TableUnit => ({
      id: `${side}-${i + 1}`,
      side,
      type,
      formation: type === 'skirmisher' ? 'skirmish' : type.endsWith('artillery') ? 'limbered' : i % 2 ? 'column' : 'line',
      figures: type === 'infantry' ? 12 : type.endsWith('artillery') ? 4 : 6,
      x: 0,
      y: 0,
      facing: 0,
    })),
  );
}

function order(rng: () => number, units: TableUnit[], u: TableUnit): string {
  const n = (k: number) => Math.round(rng() * k * 10) / 10;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rng() * xs.length)]!;
  switch (Math.floor(rng() * 7)) {
    case 0:
      return `forward:${n(22) + 0.1}`;
    case 1:
      return `back:${n(10) + 0.1}`;
    case 2:
      return `wheel:${Math.round((rng() - 0.5) * 180)}`;
    case 3:
      return `${n(72)},${n(48)} face:${Math.round(rng() * 359)}`;
    case 4:
      return `toward:${pick(units.filter((x) => x.id !== u.id)).id}${rng() < 0.5 ? ' stop:contact' : ''}`;
    case 5:
      return `forward:${n(8)} form:${pick(['line', 'column', 'limbered', 'deployed', 'skirmish'])}`;
    default:
      return `face:+${Math.round(rng() * 200)} forward:${n(6)}`;
  }
}

describe('tabletop fuzz (Moving Your Troops, Moving Through Units): 3 scenarios x 150 random moves', () => {
  for (const id of ['open-field', 'river-crossing', 'village']) {
    it(`${id}: accepted moves keep the invariants, refusals are RuleErrors`, () => {
      const rng = seedrandom(`fuzz-${id}`);
      const sc = atkmScenario(id);
      const table = { width: sc.width, height: sc.height, terrain: sc.terrain };
      let units = autoDeploy(table, sc.zones, army());
      let accepted = 0;
      let refused = 0;
      for (let k = 0; k < 150; k++) {
        const u = units[Math.floor(rng() * units.length)]!;
        const text = order(rng, units, u);
        try {
          const r = checkMove(table, units, u.id, text, { fullMovement: rng() < 0.1 });
          accepted++;
          expect(r.distance, text).toBeLessThanOrEqual(r.allowance + 0.01);
          const fp = corners(footprint(r.unit));
          for (const c of fp) {
            expect(c.x).toBeGreaterThanOrEqual(-1e-6);
            expect(c.y).toBeGreaterThanOrEqual(-1e-6);
            expect(c.x).toBeLessThanOrEqual(sc.width + 1e-6);
            expect(c.y).toBeLessThanOrEqual(sc.height + 1e-6);
          }
          for (const o of units) {
            if (o.id === u.id || (o.side === u.side && o.type === 'skirmisher')) continue;
            // Touching is contact; only a unit already intertwined at the start may overlap.
            if (convexOverlap(corners(footprint(u)), corners(footprint(o)))) continue;
            if (r.charged === o.id && (o.type === 'skirmisher' || o.formation === 'deployed')) continue;
            expect(convexOverlap(fp, corners(footprint(o)), 0.02), `${text}: ${u.id} over ${o.id}`).toBe(false);
          }
          units = units.map((x) => (x.id === u.id ? r.unit : x));
        } catch (e) {
          if (!(e instanceof RuleError)) throw e;
          refused++;
        }
        // Measurements never throw on any pair.
        const o = units[Math.floor(rng() * units.length)]!;
        if (o.id !== u.id) {
          lineOfSight(
            table,
            units,
            units.find((x) => x.id === u.id)!,
            o,
          );
          tableFacts(
            table,
            units.find((x) => x.id === u.id)!,
            o,
          );
          expect(measure(table, units, [], u.id, o.id).distance).toBeGreaterThanOrEqual(0);
        }
      }
      expect(accepted).toBeGreaterThan(10);
      expect(refused).toBeGreaterThan(10);
      // Bots' approaches and escape moves on the final position.
      for (const u of units.slice(0, 6)) {
        const r = approach(table, units, u.id, units[6]!.id);
        if (r) expect(r.distance).toBeLessThanOrEqual(r.allowance + 0.01);
        const e = escapeMove(table, units, u.id, units[7]!.id, 12);
        if (e) for (const c of corners(footprint(e.unit))) expect(c.x).toBeGreaterThanOrEqual(-1e-6);
      }
    });
  }
});
