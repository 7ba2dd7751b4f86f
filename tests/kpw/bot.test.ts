// The built-in KPW player's judgement: Spy/Guide re-rolls when the dice make
// them worth a marker (13.2), the Panic target that costs the enemy most
// (13.3), the English going for a battle the CRT favours (12.7, 13.4), and
// whole games against a player choosing uniformly among the legal actions.
import { describe, expect, it } from 'vitest';
import { kpw } from '../../src/games/kpw/index.ts';
import { maxDamage, sitesOf } from '../../src/games/kpw/map.ts';
import { playoutAsync } from '../games/playout.ts';
import { act, asked, clearMap, force, game, legal, put, s, startCombat, startMove, unit, type G } from './helpers.ts';

const fixed = () => 0.5;
const choice = (g: G, role: 'english' | 'indian') => kpw.bot!(s(g), role, legal(g, role), { rand: fixed });

/** Three Massachusetts Soldiers and their Captain (6 SP) attack the Pocasset war band at Titicut (2 Warriors, Sachem, village: 5 SP). */
function englishAttack(...dice: number[]): G {
  const g = game();
  clearMap(g);
  for (const id of ['ma1', 'ma2', 'ma3', 'ma-captain']) put(g, id, 'bridgewater');
  unit(g, 'ma-captain').guide = true;
  for (const id of ['pc1', 'pc2', 'pc-sachem']) put(g, id, 'titicut');
  startCombat(g, 'english', [['bridgewater', 'titicut']]);
  act(g, 'english', { type: 'fight', battle: 't1', units: 'all' });
  force(g, ...dice);
  act(g, 'indian', { type: 'stand' });
  return g;
}

describe('KPW bot in battle', () => {
  it('13.2 re-rolls with its Guide when it keeps its own 1 against the enemy 6, and keeps good dice', () => {
    const bad = englishAttack(1, 6, 2);
    expect(asked(bad)).toBe('english');
    expect(choice(bad, 'english').action).toEqual({ type: 'reroll', die: 'red' });
    const good = englishAttack(6, 1, 2);
    expect(asked(good)).toBe('english');
    expect(choice(good, 'english').action).toEqual({ type: 'pass' });
  });

  it('13.2 a Spy re-roll costs the enemy its -1 SP, so a small gain does not spend it', () => {
    // Red 4, green 3: the English deal 2 and take 1 (Indians 4 SP with the Spy); re-rolling gains less than the marker is worth.
    const g = englishAttack(4, 3, 2);
    unit(g, 'ma-captain').guide = false;
    unit(g, 'pc-sachem').spy = true;
    expect(legal(g, 'english').map((l) => l.sub)).toContain('reroll');
    expect(choice(g, 'english').action).toEqual({ type: 'pass' });
  });

  it('13.3 Panic: leaves out the Warrior whose absence stops the enemy losses (as at Swansea), not Philip or a weakened Warrior', () => {
    const g = game();
    clearMap(g);
    put(g, 'ma1', 'bridgewater');
    for (const id of ['philip', 'wa1']) put(g, id, 'titicut');
    put(g, 'wa2', 'titicut', 1);
    startCombat(g, 'indian', [['titicut', 'bridgewater']]);
    act(g, 'indian', { type: 'fight', battle: 't1', units: 'all' });
    // Red 1, green 4 (odd: the Indians are affected), Panic. Indians 2 + 1 + Philip 1 = 4 SP.
    force(g, 1, 4, 5);
    if (legal(g, 'english').some((l) => l.sub === 'stand')) act(g, 'english', { type: 'stand' });
    const options = legal(g, 'english').map((l) => l.args.unit);
    expect(options).toEqual(expect.arrayContaining(['philip', 'wa1', 'wa2']));
    // Without wa1 the Indians have 2 SP: green 4 inflicts 0; without Philip or wa2, 3 SP inflicts 1.
    expect(choice(g, 'english').action).toEqual({ type: 'panic', unit: 'wa1' });
  });
});

describe('KPW English bot movement (12.1, 12.7)', () => {
  it('moves its full company and places a Battle marker on the weak war band in reach', () => {
    const g = game();
    clearMap(g);
    // Titicut is the one Indian target left: every other village of the allied tribes is razed.
    for (const tribe of ['WA', 'SK', 'PC']) for (const v of sitesOf(tribe)) if (v !== 'titicut') s(g).damage[v] = maxDamage(v);
    for (const id of ['ma1', 'ma2', 'ma3', 'ma-captain']) put(g, id, 'bridgewater');
    put(g, 'pc1', 'titicut', 1);
    s(g).tribes.PC.status = 'allied';
    startMove(g, 'english');
    const first = choice(g, 'english');
    expect(first.action).toEqual({ type: 'activate', space: 'bridgewater', units: 'all' });
    act(g, 'english', first.action);
    expect(choice(g, 'english').action).toEqual({ type: 'battle', target: 'titicut' });
  });
});

describe('KPW bot against random legal play', () => {
  it('wins most games on either side (a few seeds; the bench plays 100 a side)', async () => {
    for (const side of ['english', 'indian']) {
      let wins = 0;
      for (let i = 0; i < 3; i++) {
        const { env } = await playoutAsync(kpw, {}, `kpw-bot-${side}-${i}`, { bots: [side] });
        const r = kpw.result(env.game);
        if (r.status === 'over' && r.winners.includes(side) && !r.draw) wins++;
      }
      expect(wins, `${side} wins`).toBeGreaterThanOrEqual(2);
    }
  });
});
