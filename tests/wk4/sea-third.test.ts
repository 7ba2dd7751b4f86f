// Fleets meeting at sea when a third nation is there too (Movement: "Naval
// Forces may pass through the same sea hex occupied or passed through by
// either Friendly or Neutral countries"; When Battle Occurs; Retreats), with
// forced dice. The text's battles have two sides; how a third nation takes
// part is ours (data/wk4/CATALOGUES.md, "Fleets meeting at sea").
import { describe, expect, it } from 'vitest';
import { hexDistance } from '../../src/engine/hex.ts';
import { mapOf, movement } from '../../src/games/wk4/geo.ts';
import { atWar, type Wk4State } from '../../src/games/wk4/state.ts';
import { fresh, give, season } from './helpers.ts';

const SIXES = Array.from({ length: 12 }, () => 6); // naval 2d6 = 12; every beaten admiral survives (6)

/** Two ports or beaches far apart by sea, each in the other's reach: their centres (if any) given to `a` and `b`. */
function crossing(s: Wk4State, a: string, b: string): [string, string] {
  const m = mapOf(s);
  const reach = movement(s.forces.cap1);
  const landings = m.hexIds().filter((h) => m.isLand(h) && m.isLanding(h));
  let best: [string, string, number] = ['', '', 0];
  for (const x of landings)
    for (const y of landings) {
      const p = m.seaPath(x, y, reach);
      if (p && m.seaPath(y, x, reach) && p.length > best[2]) best = [x, y, p.length];
    }
  expect(best[2]).toBeGreaterThanOrEqual(3);
  for (const [h, n] of [
    [best[0], a],
    [best[1], b],
  ]) {
    const c = m.centreAt(h);
    if (c) s.owner[c.id] = n;
  }
  return [best[0], best[1]];
}

/** After the season: every fleet in a port or beach, and no two nations at war in one hex. */
function settled(s: Wk4State): void {
  const m = mapOf(s);
  for (const f of Object.values(s.forces)) {
    if (f.naval) expect(m.isLanding(f.hex), `${f.id} ends at ${f.hex}`).toBe(true);
    else expect(m.isLand(f.hex), `${f.id} ends at ${f.hex}`).toBe(true);
    expect(f.aboard).toBeNull();
    for (const g of Object.values(s.forces))
      if (g.hex === f.hex) expect(atWar(s, f.nation, g.nation), `${f.id} and ${g.id} at ${f.hex}`).toBe(false);
  }
}

describe('WK4 Movement and When Battle Occurs: fleets meeting at sea with a third nation', () => {
  it('a third fleet at war with one of them joins the other against their common enemy (naval battle, 1:2, 2d6 12)', () => {
    const s = fresh({ nations: 3 });
    const [a, b] = crossing(s, 'almagora', 'capetan');
    s.wars.push('almagora|capetan', 'capetan|corona');
    s.forces.alm10.hex = a;
    s.forces.cor8.hex = a; // Corona, at peace with Almagora, sails the same way
    s.forces.cap1.hex = b;
    give(s, 'almagora', [{ k: 'sail', force: 'alm10', to: b, carry: [] }]);
    give(s, 'corona', [{ k: 'sail', force: 'cor8', to: b, carry: [] }]);
    give(s, 'capetan', [{ k: 'sail', force: 'cap1', to: a, carry: [] }]);
    season(s, SIXES);
    const naval = s.battles.filter((x) => x.kind === 'naval');
    expect(naval.length).toBe(1);
    // Almagora got there first (initiative) and defends; Capetan attacks; Corona, Capetan's enemy, fights beside Almagora.
    expect(naval[0]).toMatchObject({ attacker: ['capetan'], defender: ['almagora', 'corona'], winner: 'defender' });
    // CV 10 against 10 + 10: 1:2. Row 12 of the naval table at 1:2 is 40R / 10: 40 % of the defenders' CV 20 is 8 steps
    // off the attacker (more than its 7 left: Capetan's fleet is sunk), 10 % of the attacker's 10 is 1 step.
    expect(naval[0].ratio).toBe('1:2');
    expect(naval[0].lines.join('\n')).toMatch(/Losses: attacker 8 steps, defender 1 step/);
    expect(s.forces.cap1).toBeUndefined();
    expect(s.forces.alm10.hex).toBe(a);
    expect(s.forces.cor8.hex).toBe(a);
    settled(s);
  });

  it("Amphibious Attacks: the third nation's landing force, aboard a fleet stopped at sea, is put ashore where it embarked", () => {
    const s = fresh({ nations: 3 });
    const [a, b] = crossing(s, 'almagora', 'capetan');
    s.wars.push('almagora|capetan', 'capetan|corona');
    s.forces.alm10.hex = a;
    s.forces.cor8.hex = a;
    s.forces.cor2.hex = a;
    s.forces.cor2.units = s.forces.cor2.units.filter((u) => u.type === 'infantry').slice(0, 3);
    s.forces.cap1.hex = b;
    give(s, 'almagora', [{ k: 'sail', force: 'alm10', to: b, carry: [] }]);
    give(s, 'corona', [{ k: 'sail', force: 'cor8', to: b, carry: ['cor2'] }]); // an assault on Capetan's coast
    give(s, 'capetan', [{ k: 'sail', force: 'cap1', to: a, carry: [] }]);
    season(s, SIXES);
    expect(s.battles.map((x) => x.kind)).toEqual(['naval']);
    expect(s.battles[0]).toMatchObject({ attacker: ['capetan'], defender: ['almagora', 'corona'] });
    expect(s.forces.cor2.hex).toBe(a);
    expect(s.report.some((l) => l.text.includes('cor2 is put ashore again'))).toBe(true);
    settled(s);
  });

  it('a third fleet at war with neither passes through the meeting and reaches its port', () => {
    const s = fresh({ nations: 3 });
    const [a, b] = crossing(s, 'almagora', 'capetan');
    s.wars.push('almagora|capetan');
    s.forces.alm10.hex = a;
    s.forces.cor8.hex = a;
    s.forces.cap1.hex = b;
    give(s, 'almagora', [{ k: 'sail', force: 'alm10', to: b, carry: [] }]);
    give(s, 'corona', [{ k: 'sail', force: 'cor8', to: b, carry: [] }]);
    give(s, 'capetan', [{ k: 'sail', force: 'cap1', to: a, carry: [] }]);
    season(s, SIXES);
    expect(s.battles.filter((x) => x.kind === 'naval').map((x) => [x.attacker, x.defender])).toEqual([[['capetan'], ['almagora']]]);
    expect(s.forces.cor8.hex).toBe(b);
    settled(s);
  });

  it('two enemies of the defender who are at war with each other each fight it (they attack together)', () => {
    const s = fresh({ nations: 3 });
    const [a, b] = crossing(s, 'almagora', 'capetan');
    s.wars.push('almagora|capetan', 'almagora|corona', 'capetan|corona');
    s.forces.alm10.hex = a;
    s.forces.cap1.hex = b;
    s.forces.cor8.hex = b;
    // Both lie in a neutral port at the start (no armies there).
    s.owner[mapOf(s).centreAt(b)!.id] = null;
    for (const f of Object.values(s.forces)) if (f.hex === b && !f.naval) delete s.forces[f.id];
    give(s, 'almagora', [{ k: 'sail', force: 'alm10', to: b, carry: [] }]);
    give(s, 'capetan', [{ k: 'sail', force: 'cap1', to: a, carry: [] }]);
    give(s, 'corona', [{ k: 'sail', force: 'cor8', to: a, carry: [] }]);
    season(s, SIXES);
    const naval = s.battles.filter((x) => x.kind === 'naval');
    expect(naval.length).toBe(1);
    // Capetan and Corona sailed the shorter way to the meeting: Capetan (initiative) defends; Almagora and Corona attack it.
    expect(naval[0]).toMatchObject({ attacker: ['almagora', 'corona'], defender: ['capetan'], winner: 'defender' });
    expect(naval[0].ratio).toBe('2:1');
    settled(s);
  });

  it('a fleet already stopped by one enemy is not drawn back to a hex it passed; a later enemy finds its way barred there', () => {
    const s = fresh({ nations: 5, map: 'full' });
    const m = mapOf(s);
    const [A, B, C] = Object.values(s.forces).filter((f) => f.naval);
    const reach = Math.min(movement(A), movement(B), movement(C));
    const landings = m.hexIds().filter((h) => m.isLand(h) && m.isLanding(h));
    const ways: [string, string, string[]][] = [];
    for (const x of landings)
      for (const y of landings) {
        const p = m.seaPath(x, y, reach);
        if (p && p.length > 1) ways.push([x, y, p.slice(0, -1)]);
      }
    // A and B meet at X after t hexes; C's way crosses A's before X, where C comes later than t, and never touches B's.
    type Case = { a: string; b: string; c: string; d: string; e: string; f: string; X: string; Y: string };
    let found: Case | null = null;
    for (const [a, b, ra] of ways) {
      for (const [c, d, rb] of ways) {
        if (a === c || found) continue;
        const shared = ra.filter((h) => rb.includes(h));
        if (!shared.length) continue;
        const when = (h: string) => Math.max(ra.indexOf(h), rb.indexOf(h));
        const X = shared.reduce((p, h) => (when(h) < when(p) || (when(h) === when(p) && h < p) ? h : p));
        for (const [e, f, rc] of ways) {
          if (found || [a, c].includes(e) || rc.some((h) => rb.includes(h))) continue;
          const Y = ra
            .slice(0, ra.indexOf(X))
            .find((h) => rc.indexOf(h) > when(X) && !rc.slice(0, rc.indexOf(h)).some((k) => ra.includes(k)));
          if (Y) found = { a, b, c, d, e, f, X, Y };
        }
      }
      if (found) break;
    }
    expect(found).not.toBeNull();
    const { a, b, c, d, e, f, X, Y } = found!;
    const key = (x: string, y: string) => [x, y].sort().join('|');
    s.wars.push(key(A.nation, B.nation), key(A.nation, C.nation));
    for (const [h, n] of [
      [a, A.nation],
      [c, B.nation],
      [e, C.nation],
    ]) {
      const cc = m.centreAt(h);
      if (cc) s.owner[cc.id] = n;
    }
    [A.hex, B.hex, C.hex] = [a, c, e];
    give(s, A.nation, [{ k: 'sail', force: A.id, to: b, carry: [] }]);
    give(s, B.nation, [{ k: 'sail', force: B.id, to: d, carry: [] }]);
    give(s, C.nation, [{ k: 'sail', force: C.id, to: f, carry: [] }]);
    season(s, SIXES);
    // One battle, where A and B met; C fought nobody (A had passed Y and was at X by then) and sailed back.
    expect(s.battles.map((x) => [x.kind, x.hex])).toEqual([['naval', X]]);
    expect(hexDistance(X, Y)).toBeGreaterThan(0);
    expect(s.report.some((l) => l.text.includes(`${C.id}, sailing for`) && l.text.includes(`barred at sea (${Y})`))).toBe(true);
    expect(s.forces[C.id].hex).toBe(e);
    settled(s);
  });

  it('Retreats: a beaten fleet never retreats to the port its victor sails back to', () => {
    const s = fresh({ nations: 3 });
    const [a, b] = crossing(s, 'capetan', 'corona');
    // Almagora's fleet sailed from a port of Capetan's it had entered; Capetan's own way home is an enemy's port.
    s.wars.push('almagora|capetan', 'capetan|corona');
    s.forces.alm10.hex = a;
    s.forces.cap1.hex = b;
    s.forces.cor8.hex = mapOf(s)
      .hexIds()
      .find((h) => mapOf(s).isLand(h) && !Object.values(s.forces).some((x) => x.hex === h))!;
    give(s, 'almagora', [{ k: 'sail', force: 'alm10', to: b, carry: [] }]);
    give(s, 'capetan', [{ k: 'sail', force: 'cap1', to: a, carry: [] }]);
    season(s, SIXES);
    const naval = s.battles.filter((x) => x.kind === 'naval');
    expect(naval[0]).toMatchObject({ attacker: ['capetan'], defender: ['almagora'], winner: 'defender' });
    expect(s.forces.alm10.hex).toBe(a);
    // Capetan's fleet may go neither to a (Almagora's fleet returns there) nor to b (Corona's): it retreats elsewhere or surrenders.
    if (s.forces.cap1) expect([a, b]).not.toContain(s.forces.cap1.hex);
    settled(s);
  });
});
