// Property: over whole games (Council with bots, an umpire and a team side
// over many seeds; Rifle and Axe in leak-rifle.test.ts), no viewer ever sees another
// seat's secret before its reveal — in replies, posts, private deliveries,
// buttons, /game log, /game export, /game status, autocomplete, the view or
// its summary. And the checker is not vacuous: planted leaks are reported.
import { describe, expect, it } from 'vitest';
import type { GameModule } from '../../src/engine/types.ts';
import { council, councilView } from '../fixtures/council/index.ts';
import { left, orderLabel, type CouncilState } from '../fixtures/council/flow.ts';
import { findLeaks, type LeakGame, type Oracle } from './leak.ts';
import { timeLimit } from '../setup/test-db.ts';

/** Council's secrets: each seat's orders, until they are revealed. */
const councilOracle: Oracle = (s: CouncilState) =>
  s.sub.revealed
    ? []
    : s.sides.flatMap((x) => [
        ...s.sub.seats[x.id].items.map((o) => ({ owner: x.id, needle: orderLabel(s, x.id, o) })),
        // What the orders cost tells what was ordered.
        ...(s.sub.seats[x.id].items.length
          ? [{ owner: x.id, needle: `(${left(s, x.id)} troop${left(s, x.id) === 1 ? '' : 's'} left)` }]
          : []),
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
  chaos: 0.05,
});

describe('leak property (issue 8 item 15)', () => {
  it(
    "Council: no seat or spectator sees another seat's orders or reports before they are theirs to see",
    async () => {
      for (const seed of ['c-0', 'c-1', 'c-2', 'c-3', 'c-4', 'c-5']) {
        const r = await findLeaks(councilGame(seed));
        expect(r.findings, `seed ${seed}`).toEqual([]);
        // Not vacuous: secrets existed while the outputs were probed.
        expect(r.probes, `seed ${seed}`).toBeGreaterThan(3);
        expect(r.over).toBe(true);
      }
    },
    timeLimit(120_000),
  );

  it("a view that shows other seats' orders is reported (planted leak)", async () => {
    const leaky: GameModule<CouncilState, any> = {
      ...council,
      id: 'council-leaky-view',
      command: 'councilv',
      view: (s) => councilView(s, { kind: 'moderator' }),
    };
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
    expect(r.findings.some((f) => f.viewer === 'public' && f.source === 'public reply' && /sends \d troops? to the/.test(f.needle))).toBe(
      true,
    );
  }, 60_000);

  it('a public prompt that says how many troops a seat has left is reported (planted leak)', async () => {
    const prompts: typeof council.prompts = (s) =>
      council
        .prompts(s)
        .map((p) =>
          s.sub.seats[p.role] && !s.contests
            ? { ...p, text: `${p.text} (${left(s, p.role)} troop${left(s, p.role) === 1 ? '' : 's'} left)` }
            : p,
        );
    const leaky: GameModule<CouncilState, any> = { ...council, id: 'council-leaky-prompt', command: 'councilp', prompts };
    const r = await findLeaks({ ...councilGame('c-3', leaky) });
    expect(r.findings.some((f) => f.viewer === 'public' && /troops? left\)$/.test(f.needle))).toBe(true);
    expect(r.findings.some((f) => f.source === '/game status' && f.viewer === 'eve')).toBe(true);
  }, 60_000);
});
