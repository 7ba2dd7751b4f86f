// Games stored before the flow table (stage/phaseIdx/ph.step counters, plans
// on the settlements) carry on where they were once the bot is updated.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { applyAction, type Envelope } from '../../src/engine/runner.ts';
import { rifle, type RifleState } from '../../src/games/rifle/index.ts';
import { planOf, planText } from '../../src/games/rifle/plan.ts';
import { stageOf } from '../../src/games/rifle/state.ts';
import { readFileSync } from 'node:fs';

type Saved = { seed: string; phase: string; prompts: unknown; game: RifleState };
type Old = { role: string; plan?: never[]; done?: boolean };
// Two states saved by the module as it was before the flow table (2 players, bots' choices).
const stored = JSON.parse(readFileSync(new URL('./stored-before-flow.json', import.meta.url), 'utf8')) as { resolve: Saved; plan: Saved };

function playOn(game: RifleState, seed: string): RifleState {
  let env = {
    system: 'rifle',
    options: game.options,
    seedHash: '',
    dice: { seed, count: 0, forced: [] },
    game,
    seq: 0,
  } as unknown as Envelope<RifleState>;
  const rand = seedrandom(seed);
  for (let i = 0; i < 5000 && rifle.result(env.game).status !== 'over'; i++) {
    const p = rifle.prompts(env.game)[0];
    const legal = rifle.legal(env.game, p.role);
    env = applyAction(rifle, env, p.role, rifle.bot!(env.game, p.role, legal, { rand: () => rand.quick() }).action).env;
  }
  return env.game;
}

describe('Rifle games stored before the flow table', () => {
  it('mid-resolution, with a decision pending: same phase and prompts, then the game plays to its end', () => {
    const s = structuredClone(stored.resolve);
    expect(rifle.phase(s.game)).toBe(s.phase);
    expect(rifle.prompts(s.game)).toEqual(s.prompts);
    expect(stageOf(s.game)).toBe('resolve');
    expect(s.game.settlements.every((st) => !('plan' in st) && !('ph' in st))).toBe(true);
    expect(rifle.result(playOn(s.game, 'after-resolve')).status).toBe('over');
  });
  it('mid-planning, one settlement done: plans kept as the orders, done as final', () => {
    const s = structuredClone(stored.plan);
    const before = (s.game.settlements as unknown as Old[]).map((st) => ({
      role: st.role,
      plan: planText(st.plan ?? []),
      done: !!st.done,
    }));
    // Stored before planning prompts said their choices are secret orders (no public controls).
    const prompts = rifle.prompts(s.game);
    expect(prompts.every((p) => p.secret)).toBe(true);
    expect(prompts.map(({ secret: _, ...p }) => p)).toEqual(s.prompts);
    for (const b of before) {
      const st = s.game.settlements.find((x) => x.role === b.role)!;
      expect(planText(planOf(s.game, st))).toBe(b.plan);
      expect(s.game.orders!.seats[b.role].final).toBe(b.done);
      if (b.done) expect(rifle.legal(s.game, b.role).map((l) => l.action)).toEqual([{ type: 'reopen' }]);
    }
    expect(rifle.result(playOn(s.game, 'after-plan')).status).toBe('over');
  });
});
