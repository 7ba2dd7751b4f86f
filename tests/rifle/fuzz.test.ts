// Fuzz: seeded bot-vs-bot games for 1-4 settlements to the end — no
// exception, no dead end, hidden plans never leak before the reveal, and
// replay(seed, log) equals the final state.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { applyAction, applyResign, canonical, createGame, replay, RESIGN, visibleEvents, type LogEntry } from '../../src/engine/runner.ts';
import type { GameEvent, Viewer } from '../../src/engine/types.ts';
import { rifle, type RifleState } from '../../src/games/rifle/index.ts';
import { planOf, planText } from '../../src/games/rifle/plan.ts';
import { stageOf } from '../../src/games/rifle/state.ts';
import { breathe } from '../setup/breathe.ts';

async function play(players: number, seed: string, random = false, extra: Record<string, boolean> = {}, resignRate = 0) {
  const raw = { players, ...extra };
  let { env } = createGame(rifle, raw, seed);
  const rand = seedrandom(`${seed}:players`);
  const log: LogEntry[] = [];
  let steps = 0;
  while (rifle.result(env.game).status !== 'over') {
    if (++steps > 40_000) throw new Error(`no result after 40000 steps (${rifle.phase(env.game)})`);
    const prompts = rifle.prompts(env.game);
    expect(prompts.length, `dead end: ${rifle.phase(env.game)}`).toBeGreaterThan(0);
    const p = prompts[Math.floor(rand.quick() * prompts.length)];
    if (resignRate && rand.quick() < resignRate) {
      // Any seat still in play may resign at any moment; the others play on.
      env = applyResign(rifle, env, p.role, true).env;
      log.push({ seq: log.length + 1, role: p.role, action: { type: RESIGN } });
      await breathe();
      continue;
    }
    const legal = rifle.legal(env.game, p.role);
    expect(legal.length, `dead end for ${p.role}: ${p.text}`).toBeGreaterThan(0);
    const pick = random
      ? legal[Math.floor(rand.quick() * legal.length)]
      : rifle.bot!(env.game, p.role, legal, { rand: () => rand.quick() });
    const r = applyAction(rifle, env, p.role, pick.action, true, legal);
    env = r.env;
    log.push({ seq: log.length + 1, role: p.role, action: pick.action });
    checkHidden(env.game, r.events, p.role);
    await breathe();
  }
  return { env, log, raw, steps };
}

/** No other seat or spectator sees a plan before the reveal, in views or events. */
function checkHidden(s: RifleState, events: GameEvent[], actor: string): void {
  // Plan events go to the planner alone.
  for (const e of events) if (e.kind === 'plan' || e.text.includes('Your plan')) expect(e.to).toEqual([actor]);
  expect(visibleEvents(events, { kind: 'spectator' }).some((e) => e.text.includes('Your plan'))).toBe(false);
  if (stageOf(s) !== 'plan') return;
  for (const st of s.settlements) {
    if (!planOf(s, st).length) continue;
    const secret = planText(planOf(s, st));
    const others: Viewer[] = [
      { kind: 'spectator' },
      ...s.settlements.filter((x) => x.role !== st.role).map((x) => ({ kind: 'seat' as const, role: x.role })),
    ];
    for (const v of others) {
      const view = rifle.view(s, v) as { settlements: { role: string; plan: unknown }[] };
      expect(view.settlements.find((x) => x.role === st.role)!.plan).toBeNull();
      for (const e of visibleEvents(events, v))
        expect(e.text.includes(secret) && e.to?.[0] === st.role, `plan of ${st.role} leaked to ${JSON.stringify(v)}: ${e.text}`).toBe(
          false,
        );
    }
  }
}

describe('Fuzz: bot settlers play whole games (1-4 players)', () => {
  it('resignations at random moments (leaders, planning, pending decisions) never dead-end; replay equals', async () => {
    let resigned = 0;
    for (const seed of ['rs-a', 'rs-b', 'rs-c', 'rs-d', 'rs-e', 'rs-f']) {
      const { env, log, raw } = await play(4, seed, false, { roundup: true }, 0.01);
      expect(rifle.result(env.game).status).toBe('over');
      resigned += env.game.settlements.filter((st) => st.out === 'resigned').length;
      expect(canonical(replay(rifle, raw, seed, log).env.game)).toBe(canonical(env.game));
    }
    expect(resigned).toBeGreaterThan(3);
  }, 240_000);

  for (const players of [1, 2, 3, 4]) {
    it(`${players} player${players > 1 ? 's' : ''}: seeded games end, no dead end, plans hidden, replay equals`, async () => {
      // Two seeds per player count: the resignation, roundup and random games below play more.
      for (const seed of [`fz${players}-a`, `fz${players}-b`]) {
        const { env, log, raw } = await play(players, seed);
        const r = rifle.result(env.game);
        expect(r.status).toBe('over');
        expect(canonical(replay(rifle, raw, seed, log).env.game)).toBe(canonical(env.game));
        for (const v of [{ kind: 'spectator' as const }, { kind: 'moderator' as const }, { kind: 'seat' as const, role: 'p1' }]) {
          expect(rifle.summarize(rifle.view(env.game, v), v).length).toBeGreaterThan(10);
        }
      }
    }, 240_000);
  }
  it('with the roundup house rule settlements grow and recruit; games still end cleanly and replay equal', async () => {
    let survivors = 0;
    let recruited = 0;
    for (const seed of ['ru-a', 'ru-b', 'ru-c', 'ru-d']) {
      const { env, log, raw } = await play(2, seed, false, { roundup: true });
      expect(rifle.result(env.game).status).toBe('over');
      expect(canonical(replay(rifle, raw, seed, log).env.game)).toBe(canonical(env.game));
      survivors += env.game.settlements.filter((x) => !x.out).length;
      recruited += log.filter((e) => e.action.type === 'plan' && e.action.act === 'recruit').length;
    }
    expect(recruited).toBeGreaterThan(0);
    expect(survivors).toBeGreaterThan(0);
  }, 240_000);
  it('uniformly random legal actions (2 players) also reach the end', async () => {
    const { env } = await play(2, 'rnd-1', true);
    expect(rifle.result(env.game).status).toBe('over');
  }, 240_000);
});
