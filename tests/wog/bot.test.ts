// The table side: the bot plays either seat sensibly (it beats random legal
// play), help covers every phase, and every subcommand is taught.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { applyAction, createGame } from '../../src/engine/runner.ts';
import { OVERVIEW, phaseHelp } from '../../src/games/wog/help.ts';
import { wog } from '../../src/games/wog/index.ts';
import { PHASES } from '../../src/games/wog/sequence.ts';
import type { Side } from '../../src/games/wog/state.ts';
import { blank } from './helpers.ts';

describe('WoG bot and help', () => {
  it('the bot, on either side, beats uniformly random legal play', () => {
    for (const botSide of ['english', 'french'] as Side[])
      for (let i = 0; i < 2; i++) {
        let { env } = createGame(wog, { scenario: i ? 'liw' : 'hyw' }, `bot-${botSide}-${i}`);
        const rand = seedrandom(`bot-${botSide}-${i}`);
        while (wog.result(env.game).status !== 'over') {
          const p = wog.prompts(env.game)[0]!;
          const legal = wog.legal(env.game, p.role);
          const pick =
            p.role === botSide
              ? wog.bot!(env.game, p.role, legal, { rand: () => rand.quick() })
              : legal[Math.floor(rand.quick() * legal.length)]!;
          env = applyAction(wog, env, p.role, pick.action, true, legal).env;
        }
        expect(wog.result(env.game)).toMatchObject({ status: 'over', winners: [botSide] });
      }
  }, 60_000);

  it('every phase has its own help; the overview names every subcommand', () => {
    const s = blank();
    const seen = new Set<string>();
    for (const ph of PHASES) {
      (s.stack.frames[0] as { now?: string }).now = ph;
      const h = phaseHelp(s);
      expect(h.length).toBeGreaterThan(30);
      seen.add(h);
    }
    expect(seen.size).toBe(PHASES.length);
    for (const sub of wog.subcommands)
      expect(
        OVERVIEW + PHASES.map((ph) => ((s.stack.frames[0] as { now?: string }).now = ph) && phaseHelp(s)).join(' '),
        sub.name,
      ).toContain(`/wog ${sub.name}`);
  });

  it('onDeadline takes a safe default for the seat asked (the setup roll), nothing for the other seat', () => {
    const { env } = createGame(wog, {}, 'deadline');
    expect(wog.onDeadline!(env.game, 'english')).toEqual({ type: 'roll' });
    expect(wog.onDeadline!(env.game, 'french')).toBeNull();
  });
});
