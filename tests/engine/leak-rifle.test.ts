// The leak property on Rifle and Axe (secret plans): whole games of 2-4
// settlements, bot or random seats, some seats the built-in bot; and a
// planted leak (a view showing every plan) that the checker must report.
import { describe, expect, it } from 'vitest';
import type { GameModule } from '../../src/engine/types.ts';
import { rifle, type RifleState } from '../../src/games/rifle/index.ts';
import { planOf, planText } from '../../src/games/rifle/plan.ts';
import { stageOf } from '../../src/games/rifle/state.ts';
import { rifleTable } from '../app/harness.ts';
import { findLeaks, type Oracle } from './leak.ts';
import { timeLimit } from '../setup/test-db.ts';

/** Rifle's secrets: each settlement's plan while plans are written. */
const rifleOracle: Oracle = (s: RifleState) =>
  stageOf(s) !== 'plan'
    ? []
    : s.settlements
        .filter((st) => planOf(s, st).length)
        .flatMap((st) => [
          { owner: st.role, needle: `Your plan: ${planText(planOf(s, st))}.` },
          // The plan as the view would carry it.
          { owner: st.role, needle: `"plan":${JSON.stringify(planText(planOf(s, st)))}` },
        ])
        // A leader's extra action for the turn, chosen while planning (the view shows it to its seat only).
        .concat(s.settlements.filter((st) => st.extra).map((st) => ({ owner: st.role, needle: `"extra":${JSON.stringify(st.extra)}` })));

describe('leak property on Rifle and Axe (issue 8 item 15)', () => {
  it(
    'Rifle and Axe: 2-4 settlements, bot or random, plans never leak before the reveal',
    async () => {
      const games: [number, string, boolean][] = [
        [2, 'r-2', false],
        [3, 'r-3', true],
        [4, 'r-4', false],
      ];
      for (const [players, seed, random] of games) {
        const seats = Array.from({ length: players }, (_, i) => ({
          role: `p${i + 1}`,
          user: i === players - 1 && players > 2 ? 'bot' : `u${i + 1}`,
        }));
        const r = await findLeaks({
          mod: rifle,
          options: `players=${players}`,
          seed,
          seats,
          random,
          oracle: rifleOracle,
          probeRate: 0.15,
          replayRate: 0.2,
          maxSteps: 3000,
          chaos: 0.02,
        });
        expect(r.findings, `${players} players, ${seed}`).toEqual([]);
        // Whole games, probed while plans were secret.
        expect(r.over, `${players} players, ${seed}`).toBe(true);
        expect(r.probes).toBeGreaterThan(3);
      }
    },
    timeLimit(240_000),
  );

  it('Rifle with a view that shows every plan is reported (planted leak)', async () => {
    const leaky: GameModule<RifleState, any> = {
      ...rifle,
      id: 'rifle-leaky-view',
      command: 'riflev',
      view: (s) => rifle.view(s, { kind: 'moderator' }),
    };
    const seats = [
      { role: 'p1', user: 'u1' },
      { role: 'p2', user: 'u2' },
    ];
    const r = await findLeaks({
      mod: leaky,
      options: 'players=2',
      seed: 'r-2',
      seats,
      oracle: rifleOracle,
      probeRate: 0.3,
      replayRate: 0,
      maxSteps: 80,
    });
    expect(r.findings.some((f) => f.source === 'view' && f.needle.startsWith('"plan":'))).toBe(true);
  }, 60_000);

  it("a leader's extra action is chosen in secret: not announced, not in another viewer's export (regression)", async () => {
    const h = await rifleTable({ seed: 'x', users: ['alice', 'bob'], leaders: ['harrod', 'clark'] });
    const o = await h.say('alice', '/rifle choose option:recruit');
    const pub = [
      ...o.replies.filter((r) => !r.ephemeral).map((r) => r.content),
      ...o.posts.filter((p) => !p.to).map((p) => p.content),
    ].join('\n');
    // A secret step alone is not announced at all (others could count the announcements).
    expect(pub).not.toMatch(/acted|Recruit/);
    expect(o.replies.some((r) => r.ephemeral && /extra Recruit action/.test(r.content))).toBe(true);
    for (const viewer of ['bob', 'carol']) {
      const ex = (await h.say(viewer, '/game export')).replies[0].files![0].data.toString('utf8');
      expect(ex).not.toMatch(/recruit/);
    }
  });
});
