// Every registered game honours the module contract the command layer,
// bots and views rely on.
import { describe, expect, it } from 'vitest';
import { registerAllGames } from '../../src/app/games.ts';
import { allGames } from '../../src/games/registry.ts';
import { canonical, replay, type Envelope } from '../../src/engine/runner.ts';
import type { GameModule } from '../../src/engine/types.ts';
import { playoutAsync, type Offer } from './playout.ts';

registerAllGames();

/** What one bot-played game showed at every step, gathered once for the first two checks of its system. */
interface Walk {
  /** Legal actions whose subcommand or options the slash command lacks. */
  unreachable: string[];
  /** Legal actions looked at. */
  checked: number;
  /** Prompts naming no role of the game or saying nothing; steps with no phase label. */
  badPrompts: string[];
  final: Envelope<any>;
}

const walks = new Map<string, Promise<Walk>>();
function walk(mod: GameModule<any, any>): Promise<Walk> {
  if (!walks.has(mod.id)) walks.set(mod.id, playWalk(mod));
  return walks.get(mod.id)!;
}

async function playWalk(mod: GameModule<any, any>): Promise<Walk> {
  const subs = new Map(mod.subcommands.map((s) => [s.name, new Set(s.options.map((o) => o.name))]));
  const roles = mod.roles(mod.parseOptions({})).map((r) => r.id);
  const unreachable: string[] = [];
  const badPrompts: string[] = [];
  let checked = 0;
  const look = (env: Envelope<any>, offers: Offer[]) => {
    if (mod.phase(env.game) === '') badPrompts.push(`no phase label at step ${env.seq}`);
    for (const { prompt: p, legal } of offers) {
      if (!roles.includes(p.role)) badPrompts.push(`prompt for ${p.role}, not a role of the game`);
      if (p.text.length <= 3) badPrompts.push(`prompt for ${p.role} says "${p.text}"`);
      for (const l of legal) {
        const opts = subs.get(l.sub);
        if (!opts) unreachable.push(`${l.label}: /${mod.command} ${l.sub} is not a subcommand`);
        for (const k of Object.keys(l.args))
          if (!opts?.has(k)) unreachable.push(`${l.label}: option ${k} missing from /${mod.command} ${l.sub}`);
        checked++;
      }
    }
  };
  // Every state of the game: each one in play with the lists the bot picks from, then the final one.
  const { env } = await playoutAsync(mod, {}, 'contract-1', { offered: look });
  look(
    env,
    mod.prompts(env.game).map((prompt) => ({ prompt, legal: mod.legal(env.game, prompt.role) })),
  );
  return { unreachable: [...new Set(unreachable)], checked, badPrompts: [...new Set(badPrompts)], final: env };
}

describe('game module contract (issue 2 §2)', () => {
  it('at least one game system is registered', () => {
    expect(allGames().length).toBeGreaterThan(0);
  });

  for (const mod of allGames()) {
    describe(mod.title, () => {
      it('every legal action is reachable by its slash subcommand and options', async () => {
        const { unreachable, checked } = await walk(mod);
        expect(unreachable).toEqual([]);
        expect(checked).toBeGreaterThan(10);
      });

      it('prompts name a role and say something; phase labels are set; views serialise for every viewer', async () => {
        const { badPrompts, final } = await walk(mod);
        expect(badPrompts).toEqual([]);
        const roles = mod.roles(mod.parseOptions({})).map((r) => r.id);
        for (const v of [
          { kind: 'spectator' as const },
          { kind: 'moderator' as const },
          ...roles.map((role) => ({ kind: 'seat' as const, role })),
        ]) {
          expect(() => JSON.stringify(mod.view(final.game, v))).not.toThrow();
          expect(mod.summarize(mod.view(final.game, v), v).length).toBeGreaterThan(10);
        }
      });

      // One seed per system: each system's own fuzz file plays many more random games and replays them.
      it('random legal play reaches a result and replay equals the final state', async () => {
        const seed = 'fz-1';
        const { env, log } = await playoutAsync(mod, {}, seed, { random: true });
        expect(mod.result(env.game).status).toBe('over');
        expect(canonical(replay(mod, {}, seed, log).env.game)).toBe(canonical(env.game));
      });
    });
  }
});
