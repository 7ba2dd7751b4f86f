// The season report a nation reads: what its own move orders did (and
// nothing of another nation's), the last season's report kept readable once
// the results are official, and the engine umpire's wording.
import { describe, expect, it } from 'vitest';
import { applyAction, createGame, type Envelope } from '../../src/engine/runner.ts';
import type { Action, GameEvent, Viewer } from '../../src/engine/types.ts';
import { subcommands } from '../../src/games/wk4/commands.ts';
import { hexLabel, mapOf } from '../../src/games/wk4/geo.ts';
import { phaseHelp } from '../../src/games/wk4/help.ts';
import { wk4 } from '../../src/games/wk4/index.ts';
import { linesFor } from '../../src/games/wk4/report.ts';
import { stageOf, type Wk4State } from '../../src/games/wk4/state.ts';
import { fresh, give, season } from './helpers.ts';

function game(umpire: 'engine' | 'human') {
  let env = createGame(wk4, { nations: 2, umpire }, 'wk4-report').env as Envelope<Wk4State>;
  const events: GameEvent[] = [];
  const act = (role: string, action: Action) => {
    const r = applyAction(wk4, env, role, action);
    env = r.env as Envelope<Wk4State>;
    events.push(...r.events);
  };
  return {
    get s() {
      return env.game;
    },
    act,
    events,
  };
}

const report = (s: Wk4State, v: Viewer) => subcommands.find((c) => c.name === 'report')!.info!(s, v, {});
const reportEvent = (events: GameEvent[], n: string) => events.filter((e) => e.kind === 'report' && e.to?.[0] === n).map((e) => e.text);

describe('WK4 Turn Results: the season report', () => {
  it("Movement: a nation's report says where each of its own armies marched, and the other nation's says nothing of it", () => {
    const g = game('engine');
    const from = g.s.forces.alm3.hex;
    expect(from).not.toBe('6,7');
    g.act('almagora', { type: 'order', item: { k: 'move', force: 'alm3', path: ['6,7'], attack: false } });
    g.act('almagora', { type: 'final' });
    g.act('capetan', { type: 'final' });
    expect(g.s.forces.alm3.hex).toBe('6,7');
    const mine = reportEvent(g.events, 'almagora').join('\n');
    expect(mine).toContain(`alm3 marches from ${hexLabel(g.s, from)} to 6,7.`);
    // Fog of War: Capetan's report, its view and the preliminary public results never mention Almagora's march.
    expect(reportEvent(g.events, 'capetan').join('\n')).not.toMatch(/alm3/);
    expect(report(g.s, { kind: 'seat', role: 'capetan' })).not.toMatch(/alm3/);
    expect(g.events.find((e) => e.kind === 'preliminary')!.text).not.toMatch(/alm3/);
    expect(report(g.s, { kind: 'seat', role: 'almagora' })).toMatch(/alm3 marches from .* to 6,7/);
  });

  it('Land Movement Side Limits: an army stopped at a side says where and why, and that it stayed; its ally reads only its own march', () => {
    const s = fresh();
    const m = mapOf(s);
    let from = '';
    let into = '';
    for (const h of m.hexIds()) {
      if (!m.isLand(h) || m.territoryOf(h) !== null || m.centreAt(h)) continue;
      const f = m.landNeighbours(h).find((x) => m.sideLimit(h, x) === 3 && m.territoryOf(x) === null && !m.centreAt(x));
      if (f) {
        [from, into] = [h, f];
        break;
      }
    }
    expect(into).not.toBe('');
    s.alliances['al-almagora-capetan'] = ['almagora', 'capetan'];
    for (const id of ['alm3', 'cap4']) {
      s.forces[id].hex = from;
      s.forces[id].units = s.forces[id].units.filter((u) => u.type === 'infantry').slice(0, 2);
    }
    give(s, 'almagora', [{ k: 'move', force: 'alm3', path: [into], attack: false }]);
    give(s, 'capetan', [{ k: 'move', force: 'cap4', path: [into], attack: false }]);
    season(s);
    // Together 4 battle groups > 3: the first in initiative crosses, the other stops.
    const [went, stayed] = s.forces.alm3.hex === into ? ['alm3', 'cap4'] : ['cap4', 'alm3'];
    expect(s.forces[stayed].hex).toBe(from);
    const mine = (id: string) => linesFor(s, s.forces[id].nation).join('\n');
    expect(mine(went)).toContain(`${went} marches from ${hexLabel(s, from)} to ${hexLabel(s, into)}.`);
    // Where it is, then why.
    expect(mine(stayed)).toContain(
      `${stayed} stays at ${hexLabel(s, from)} (ordered to ${hexLabel(s, into)}).\n` +
        `${stayed} stops at ${from}: the side into ${into} is closed to your side this season`,
    );
    // Each nation reads what its own orders did, not its ally's.
    expect(mine(went)).not.toContain(stayed);
    expect(mine(stayed)).not.toContain(`${went} marches`);
  });

  it('Turn Results: once official, the season just played stays readable (headed by its season) until the next is adjudicated', () => {
    const g = game('engine');
    g.act('almagora', { type: 'order', item: { k: 'move', force: 'alm3', path: ['6,7'], attack: false } });
    g.act('almagora', { type: 'final' });
    g.act('capetan', { type: 'final' });
    g.act('almagora', { type: 'agree' });
    g.act('capetan', { type: 'agree' });
    expect(stageOf(g.s)).toBe('orders');
    expect(g.s.season).toBe('summer');
    const mine = report(g.s, { kind: 'seat', role: 'almagora' });
    expect(mine).toMatch(/Report of the Spring of year 1:/);
    expect(mine).toMatch(/alm3 marches from .* to 6,7\./);
    expect(mine).not.toMatch(/No report yet/);
    // Capetan reads its own report of that season, never Almagora's march; a spectator reads the official public lines only.
    const theirs = report(g.s, { kind: 'seat', role: 'capetan' });
    expect(theirs).toMatch(/Report of the Spring of year 1:/);
    expect(theirs).not.toMatch(/alm3/);
    const pub = report(g.s, { kind: 'spectator' });
    expect(pub).toMatch(/Report of the Spring of year 1:\n.*initiative/);
    expect(pub).not.toMatch(/alm3|action point/);
    // The next season's adjudication replaces it.
    g.act('almagora', { type: 'final' });
    g.act('capetan', { type: 'final' });
    const next = report(g.s, { kind: 'seat', role: 'almagora' });
    expect(next).not.toMatch(/Report of the Spring/);
    expect(next).toMatch(/Summer of year 1: initiative/);
  });

  it('Turn Results and Challenges: with umpire=engine the messages say the engine, not a human, settles the results', () => {
    const g = game('engine');
    g.act('almagora', { type: 'final' });
    g.act('capetan', { type: 'final' });
    const adjudicated = g.events.find((e) => e.kind === 'adjudicated')!.text;
    expect(adjudicated).not.toMatch(/the umpire reviews/);
    expect(adjudicated).toMatch(/the engine, as umpire, takes every proposal's default at once/);
    expect(g.events.find((e) => e.kind === 'preliminary')!.text).toMatch(/the engine as umpire lets the results stand/);
    expect(phaseHelp(g.s)).toMatch(/The engine is the umpire/);
    g.act('capetan', { type: 'challenge', reason: 'The road was blocked' });
    const heard = g.events.find((e) => e.kind === 'challenge')!.text;
    expect(heard).not.toMatch(/is with the umpire/);
    expect(heard).toMatch(/the engine as umpire lets the results stand/);
  });

  it('Turn Results and Challenges: with a human umpire the messages still say the umpire reviews and hears challenges', () => {
    const g = game('human');
    g.act('almagora', { type: 'final' });
    g.act('capetan', { type: 'final' });
    expect(g.events.find((e) => e.kind === 'adjudicated')!.text).toMatch(/the umpire reviews the results\./);
  });
});
