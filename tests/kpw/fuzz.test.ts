// Random playouts: bots (and uniformly random players) reach a result from
// every option set, never dead-end, every offered action applies, and
// replaying seed + log reproduces the final state.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { applyAction, canonical, createGame, replay, type LogEntry } from '../../src/engine/runner.ts';
import { kpw } from '../../src/games/kpw/index.ts';
import { playoutAsync } from '../games/playout.ts';
import { breathe } from '../setup/breathe.ts';

const OPTION_SETS: Record<string, string | boolean>[] = [
  {},
  { short: true },
  { church3: true, ferocity: 'unlimited' },
  { disunited: true, ferocity: 'limited' },
  { setup: 'manual' },
];

describe('KPW fuzz', () => {
  // 15 games: each of the five option sets is played twice by the bots and once at random (i % 3 === 2).
  it('15 seeded bot-vs-bot and random games reach the end; no dead ends; replay equals the final state', async () => {
    for (let i = 0; i < 15; i++) {
      const opts = OPTION_SETS[i % OPTION_SETS.length];
      const seed = `kpw-fuzz-${i}`;
      const { env, log } = await playoutAsync(kpw, opts, seed, {
        random: i % 3 === 2,
        offered(_, offers) {
          expect(offers.length).toBeGreaterThan(0);
          for (const o of offers) expect(o.legal.length).toBeGreaterThan(0);
        },
      });
      expect(kpw.result(env.game).status).toBe('over');
      expect(canonical(replay(kpw, opts, seed, log).env.game)).toBe(canonical(env.game));
    }
  }, 300_000);

  it('12.1 every activation offered leaves the group something legal (random games, surrenders included)', async () => {
    for (let i = 0; i < 4; i++) {
      await playoutAsync(kpw, OPTION_SETS[i % OPTION_SETS.length], `kpw-activate-${i}`, {
        random: true,
        each(e) {
          if (kpw.result(e.game).status === 'over') return;
          const top = e.game.stack.frames.at(-1);
          if (top?.proc !== 'move' || top.step !== 'select') return;
          const legal = kpw.legal(e.game, top.side);
          for (const l of legal.filter((x) => x.sub === 'activate')) {
            const next = applyAction(kpw, e, top.side, l.action, false, legal).env;
            expect(kpw.legal(next.game, top.side).length, l.label).toBeGreaterThan(0);
          }
        },
      });
    }
  }, 300_000);

  it('every legal action offered applies without error (sampled along random games)', async () => {
    for (const seed of ['every-1', 'every-2']) {
      let { env } = createGame(kpw, { ferocity: 'unlimited' }, seed);
      const rand = seedrandom(seed);
      const log: LogEntry[] = [];
      for (let step = 0; step < 3000 && kpw.result(env.game).status !== 'over'; step++) {
        const p = kpw.prompts(env.game)[0];
        const legal = kpw.legal(env.game, p.role);
        const sample = legal.length <= 6 ? legal : [0, 1, 2, 3, 4, 5].map(() => legal[Math.floor(rand() * legal.length)]);
        for (const l of sample) expect(() => applyAction(kpw, env, p.role, l.action, false, legal)).not.toThrow();
        const pick = kpw.bot!(env.game, p.role, legal, { rand });
        env = applyAction(kpw, env, p.role, pick.action).env;
        log.push({ seq: step + 1, role: p.role, action: pick.action });
        await breathe();
      }
      expect(kpw.result(env.game).status).toBe('over');
    }
  }, 300_000);

  it('views and summaries serialise for every viewer; deadline defaults are legal', async () => {
    const { env } = await playoutAsync(kpw, {}, 'view-1', {
      each(e, role) {
        void role;
        for (const p of kpw.prompts(e.game)) {
          const a = kpw.onDeadline!(e.game, p.role);
          expect(a).not.toBeNull();
          expect(kpw.legal(e.game, p.role).some((l) => canonical(l.action) === canonical(a))).toBe(true);
        }
      },
    });
    for (const v of [
      { kind: 'spectator' as const },
      { kind: 'moderator' as const },
      { kind: 'seat' as const, role: 'english' },
      { kind: 'seat' as const, role: 'indian' },
    ]) {
      const view = kpw.view(env.game, v);
      expect(() => JSON.stringify(view)).not.toThrow();
      expect(kpw.summarize(view, v)).toMatch(/King Philip's War/);
    }
    expect(kpw.help.overview.length).toBeGreaterThan(200);
    expect(kpw.help.phase(env.game)).toMatch(/Turn/);
  });
});
