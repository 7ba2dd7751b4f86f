// Property: over whole games (Council with bots and umpire over many seeds,
// Rifle and Axe with 2-4 bot or random seats), no viewer ever sees another
// seat's secret before its reveal — in replies, posts, private deliveries,
// buttons, /game log, /game export, /game status, autocomplete, the view or
// its summary. And the checker is not vacuous: planted leaks are reported.
import { describe, expect, it } from 'vitest';
import type { GameModule } from '../../src/engine/types.ts';
import { rifle, type RifleState } from '../../src/games/rifle/index.ts';
import { planText } from '../../src/games/rifle/plan.ts';
import { council, councilView } from '../fixtures/council/index.ts';
import { orderLabel, type CouncilState } from '../fixtures/council/flow.ts';
import { findLeaks, type LeakGame, type Oracle } from './leak.ts';

/** Council's secrets: each seat's orders, until they are revealed. */
const councilOracle: Oracle = (s: CouncilState) => (s.sub.revealed ? [] : s.sides.flatMap((x) => s.sub.seats[x.id].items.map((o) => ({ owner: x.id, needle: orderLabel(s, x.id, o) }))));

/** Rifle's secrets: each settlement's plan while plans are written. */
const rifleOracle: Oracle = (s: RifleState) =>
  s.stage !== 'plan'
    ? []
    : s.settlements
        .filter((st) => st.plan.length)
        .flatMap((st) => [
          { owner: st.role, needle: `Your plan: ${planText(st.plan)}.` },
          // The plan as the view would carry it.
          { owner: st.role, needle: `"plan":${JSON.stringify(planText(st.plan))}` },
        ]);

const councilGame = (seed: string, mod: GameModule<any, any> = council): LeakGame => ({
  mod,
  options: 'umpire=true, rounds=2',
  seed,
  seats: [
    { role: 'red', user: 'alice' },
    { role: 'blue', user: seed.endsWith('1') ? 'bot' : 'bob' },
    { role: 'guild', user: 'carol' },
    { role: 'guild', user: 'dave' },
  ],
  umpire: 'uma',
  random: seed.endsWith('2'),
  oracle: councilOracle,
});

describe('leak property (issue 8 item 15)', () => {
  it('Council: no seat or spectator sees another seat\'s orders or reports before they are theirs to see', async () => {
    for (const seed of ['c-0', 'c-1', 'c-2', 'c-3', 'c-4', 'c-5']) {
      const r = await findLeaks(councilGame(seed));
      expect(r.findings, `seed ${seed}`).toEqual([]);
      // Not vacuous: secrets existed while the outputs were probed.
      expect(r.probes, `seed ${seed}`).toBeGreaterThan(3);
      expect(r.over).toBe(true);
    }
  }, 120_000);

  it('Rifle and Axe: 2-4 settlements, bot or random, plans never leak before the reveal', async () => {
    const games: [number, string, boolean][] = [
      [2, 'r-2', false],
      [3, 'r-3', true],
      [4, 'r-4', false],
    ];
    for (const [players, seed, random] of games) {
      const seats = Array.from({ length: players }, (_, i) => ({ role: `p${i + 1}`, user: i === players - 1 && players > 2 ? 'bot' : `u${i + 1}` }));
      const r = await findLeaks({ mod: rifle, options: `players=${players}`, seed, seats, random, oracle: rifleOracle, probeRate: 0.05, maxSteps: 3000 });
      expect(r.findings, `${players} players, ${seed}`).toEqual([]);
      // Whole games, probed while plans were secret.
      expect(r.over, `${players} players, ${seed}`).toBe(true);
      expect(r.probes).toBeGreaterThan(3);
    }
  }, 240_000);

  it('a view that shows other seats\' orders is reported (planted leak)', async () => {
    const leaky: GameModule<CouncilState, any> = { ...council, id: 'council-leaky-view', command: 'councilv', view: (s) => councilView(s, { kind: 'moderator' }) };
    const r = await findLeaks({ ...councilGame('c-3', leaky) });
    expect(r.findings.length).toBeGreaterThan(0);
    const sources = new Set(r.findings.map((f) => f.source));
    expect(sources.has('view') && sources.has('summarize')).toBe(true);
    expect(r.findings.some((f) => f.viewer === 'eve' && f.source === 'view' && /sends \d troops? to the/.test(f.needle))).toBe(true);
  }, 60_000);

  it('an order not declared secret is reported (planted leak: announced publicly)', async () => {
    const open = { ...council.open!, order: { ...council.open!.order, secret: false } };
    const legal: typeof council.legal = (s, role) => council.legal(s, role).map((l) => ({ ...l, secret: false }));
    const leaky: GameModule<CouncilState, any> = { ...council, id: 'council-leaky-label', command: 'councill', open, legal };
    const r = await findLeaks({ ...councilGame('c-3', leaky) });
    expect(r.findings.some((f) => f.viewer === 'public' && f.source === 'public reply' && /sends \d troops? to the/.test(f.needle))).toBe(true);
  }, 60_000);

  it('Rifle with a view that shows every plan is reported (planted leak)', async () => {
    const leaky: GameModule<RifleState, any> = { ...rifle, id: 'rifle-leaky-view', command: 'riflev', view: (s) => rifle.view(s, { kind: 'moderator' }) };
    const seats = [{ role: 'p1', user: 'u1' }, { role: 'p2', user: 'u2' }];
    const r = await findLeaks({ mod: leaky, options: 'players=2', seed: 'r-2', seats, oracle: rifleOracle, probeRate: 0.2, maxSteps: 150 });
    expect(r.findings.some((f) => f.source === 'view' && f.needle.startsWith('"plan":'))).toBe(true);
  }, 60_000);
});
