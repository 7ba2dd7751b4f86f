// Movement rules the season's adjudication enforces between the orders:
// fleets meeting at sea, and air battle groups landing where they may.
import { describe, expect, it } from 'vitest';
import { airDiversions } from '../../src/games/wk4/endturn.ts';
import { hexLabel, mapOf, movement } from '../../src/games/wk4/geo.ts';
import { linesFor } from '../../src/games/wk4/report.ts';
import type { Wk4State } from '../../src/games/wk4/state.ts';
import { fresh, give, season } from './helpers.ts';

/** The two ports or beaches farthest apart by sea within a fleet's reach (both ways): a fleet sails from each to the other. */
function crossing(s: Wk4State): [string, string] {
  const m = mapOf(s);
  const reach = movement(s.forces.cap1);
  const landings = m.hexIds().filter((h) => m.isLand(h) && m.isLanding(h));
  let best: [string, string, number] = ['', '', 0];
  for (const a of landings)
    for (const b of landings) {
      const p = m.seaPath(a, b, reach);
      if (p && m.seaPath(b, a, reach) && p.length > best[2]) best = [a, b, p.length];
    }
  expect(best[2]).toBeGreaterThanOrEqual(3); // at least two sea hexes between them
  return [best[0], best[1]];
}

describe('WK4 Movement: naval forces pass only friendly or neutral sea hexes', () => {
  it('two fleets at war whose ways cross meet at sea, fight a naval battle there, and go back to port', () => {
    const s = fresh();
    const [a, b] = crossing(s);
    s.wars.push('almagora|capetan');
    s.forces.alm10.hex = a;
    s.forces.cap1.hex = b;
    const m = mapOf(s);
    const wayA = m.seaPath(a, b, movement(s.forces.alm10))!.slice(0, -1);
    const wayC = m.seaPath(b, a, movement(s.forces.cap1))!.slice(0, -1);
    give(s, 'almagora', [{ k: 'sail', force: 'alm10', to: b, carry: [] }]);
    give(s, 'capetan', [{ k: 'sail', force: 'cap1', to: a, carry: [] }]);
    season(s, [6, 6, 6, 6, 6, 6]); // naval 2d6 12: the attacker is beaten; the beaten admiral survives (6)
    const naval = s.battles.filter((x) => x.kind === 'naval');
    expect(naval.length).toBe(1);
    const at = naval[0].hex;
    // The meeting hex is a sea hex on both ways, the one both reach soonest.
    expect(m.isSea(at)).toBe(true);
    expect(wayA).toContain(at);
    expect(wayC).toContain(at);
    const soonest = Math.min(...wayA.filter((h) => wayC.includes(h)).map((h) => Math.max(wayA.indexOf(h), wayC.indexOf(h))));
    expect(Math.max(wayA.indexOf(at), wayC.indexOf(at))).toBe(soonest);
    // Nobody reached the far port; every surviving fleet ends in a port or beach (back where it sailed from).
    for (const id of ['alm10', 'cap1']) if (s.forces[id]) expect(m.isLanding(s.forces[id].hex)).toBe(true);
    if (s.forces.alm10) expect(s.forces.alm10.hex).toBe(a);
    if (s.forces.cap1) expect(s.forces.cap1.hex).toBe(b);
    expect(s.report.some((l) => /meets an enemy fleet at sea/.test(l.text))).toBe(true);
  });

  it('fleets of nations not at war pass each other at sea and reach their ports', () => {
    const s = fresh();
    const [a, b] = crossing(s);
    s.forces.alm10.hex = a;
    s.forces.cap1.hex = b;
    give(s, 'almagora', [{ k: 'sail', force: 'alm10', to: b, carry: [] }]);
    give(s, 'capetan', [{ k: 'sail', force: 'cap1', to: a, carry: [] }]);
    season(s);
    expect(s.battles).toEqual([]);
    expect(s.forces.alm10.hex).toBe(b);
    expect(s.forces.cap1.hex).toBe(a);
    // Each nation's report says where its own fleet sailed, and nothing of the other's.
    expect(linesFor(s, 'almagora')).toContain(`alm10 sails from ${hexLabel(s, a)} to ${hexLabel(s, b)}.`);
    expect(linesFor(s, 'capetan')).toContain(`cap1 sails from ${hexLabel(s, b)} to ${hexLabel(s, a)}.`);
    expect(linesFor(s, 'capetan').join('\n')).not.toMatch(/alm10/);
  });

  it('an army aboard a fleet stopped at sea is put ashore where it embarked', () => {
    const s = fresh();
    const [a, b] = crossing(s);
    s.wars.push('almagora|capetan');
    s.forces.alm10.hex = a;
    s.forces.cap1.hex = b;
    s.forces.cap3.hex = b;
    s.forces.cap1.units.push({ id: 'tx', type: 'transport', steps: 1, green: false });
    give(s, 'almagora', [{ k: 'sail', force: 'alm10', to: b, carry: [] }]);
    give(s, 'capetan', [{ k: 'sail', force: 'cap1', to: a, carry: ['cap3'] }]);
    season(s, [1, 1, 6, 6, 6, 6]);
    const naval = s.battles.filter((x) => x.kind === 'naval');
    expect(naval.length).toBe(1);
    // Capetan's report: where its fleet got to with its cargo, short of where it was bound.
    expect(linesFor(s, 'capetan')).toContain(
      `cap1 sails from ${hexLabel(s, b)} to ${naval[0].hex}, carrying cap3, short of ${hexLabel(s, a)} (ordered).`,
    );
    expect(s.forces.cap3.hex).toBe(b);
    expect(s.forces.cap3.aboard).toBeNull();
    expect(s.battles.some((x) => x.kind === 'landing')).toBe(false);
  });
});

describe('WK4 Air Movement: not in hostile territory, nor in territory captured this turn', () => {
  const flyers = (s: Wk4State, hex: string) => {
    s.forces.alm3.units = s.forces.alm3.units.slice(0, 2).map((u) => ({ ...u, type: 'flyer', steps: 2 }));
    s.forces.alm3.hex = hex;
    s.forces.alm3.moved = 1;
  };

  it('captures of the season are recorded', () => {
    const s = fresh();
    const m = mapOf(s);
    const c = m.centres.find((x) => s.owner[x.id] === null && !Object.values(s.forces).some((f) => f.hex === x.hex))!;
    s.forces.alm3.hex = c.hex;
    season(s);
    expect(s.owner[c.id]).toBe('almagora');
    expect(s.captured).toContain(c.hex);
  });

  it('flyers that end in a centre their side captured this turn are diverted to the nearest friendly hex not captured', () => {
    const s = fresh();
    const m = mapOf(s);
    const c = m.centres.find((x) => s.owner[x.id] === null && m.landNeighbours(x.hex).some((h) => m.territoryOf(h) === 'almagora'))!;
    s.owner[c.id] = 'almagora';
    s.captured = [c.hex];
    flyers(s, c.hex);
    airDiversions(s);
    const p = s.proposals.find((x) => x.kind === 'divert')!;
    expect(p.text).toMatch(/was captured this turn/);
    expect(p.options.map((o) => o.id)).not.toContain(c.hex);
    expect(s.forces.alm3.hex).toBe(p.choice);
    expect(m.territoryOf(p.choice) === 'almagora' || s.owner[m.centreAt(p.choice)?.id ?? ''] === 'almagora').toBe(true);
  });

  it('a diversion never picks a hex captured this turn, even the nearest friendly one', () => {
    const s = fresh();
    const m = mapOf(s);
    // The landing zone is lost to Capetan; the centre next to it, just taken by Almagora, may not take the flyers.
    const lost = m.centres.find((x) => s.owner[x.id] === null && m.landNeighbours(x.hex).some((h) => m.centreAt(h)))!;
    const next = m.centreAt(m.landNeighbours(lost.hex).find((h) => m.centreAt(h))!)!;
    s.owner[lost.id] = 'capetan';
    s.owner[next.id] = 'almagora';
    s.captured = [lost.hex, next.hex];
    flyers(s, lost.hex);
    airDiversions(s);
    const p = s.proposals.find((x) => x.kind === 'divert');
    if (p) {
      expect(p.text).toMatch(/is not friendly/);
      expect(p.options.map((o) => o.id)).not.toContain(next.hex);
      expect(s.forces.alm3.hex).not.toBe(next.hex);
    } else {
      expect(s.forces.alm3).toBeUndefined(); // no friendly hex in reach: the flyers are lost
    }
    s.captured = [lost.hex];
    s.proposals = [];
    flyers(s, lost.hex);
    airDiversions(s);
    // Without the capture this turn the same neighbouring centre is the nearest landing.
    expect(s.proposals.find((x) => x.kind === 'divert')!.choice).toBe(next.hex);
  });
});
