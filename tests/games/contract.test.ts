// Every registered game honours the module contract the command layer,
// bots and views rely on.
import { describe, expect, it } from 'vitest';
import { registerAllGames } from '../../src/app/games.ts';
import { allGames } from '../../src/games/registry.ts';
import { canonical, replay } from '../../src/engine/runner.ts';
import { playout } from './playout.ts';

registerAllGames();

describe('game module contract (issue 2 §2)', () => {
  it('at least one game system is registered', () => {
    expect(allGames().length).toBeGreaterThan(0);
  });

  for (const mod of allGames()) {
    describe(mod.title, () => {
      it('every legal action is reachable by its slash subcommand and options', () => {
        const subs = new Map(mod.subcommands.map((s) => [s.name, new Set(s.options.map((o) => o.name))]));
        let checked = 0;
        playout(mod, {}, 'contract-1', {
          each(env) {
            for (const p of mod.prompts(env.game)) {
              for (const l of mod.legal(env.game, p.role)) {
                const opts = subs.get(l.sub);
                expect(opts, `${l.label}: /${mod.command} ${l.sub} is not a subcommand`).toBeDefined();
                for (const k of Object.keys(l.args))
                  expect(opts!.has(k), `${l.label}: option ${k} missing from /${mod.command} ${l.sub}`).toBe(true);
                checked++;
              }
            }
          },
        });
        expect(checked).toBeGreaterThan(10);
      });

      it('prompts name a role and say something; phase labels are set; views serialise for every viewer', () => {
        const roles = mod.roles(mod.parseOptions({})).map((r) => r.id);
        playout(mod, {}, 'contract-2', {
          each(env) {
            expect(mod.phase(env.game)).not.toBe('');
            for (const p of mod.prompts(env.game)) {
              expect(roles).toContain(p.role);
              expect(p.text.length).toBeGreaterThan(3);
            }
          },
        });
        const { env } = playout(mod, {}, 'contract-3');
        for (const v of [
          { kind: 'spectator' as const },
          { kind: 'moderator' as const },
          ...roles.map((role) => ({ kind: 'seat' as const, role })),
        ]) {
          expect(() => JSON.stringify(mod.view(env.game, v))).not.toThrow();
          expect(mod.summarize(mod.view(env.game, v), v).length).toBeGreaterThan(10);
        }
      });

      it('random legal play reaches a result and replay equals the final state', () => {
        for (const seed of ['fz-1', 'fz-2', 'fz-3']) {
          const { env, log } = playout(mod, {}, seed, { random: true });
          expect(mod.result(env.game).status).toBe('over');
          expect(canonical(replay(mod, {}, seed, log).env.game)).toBe(canonical(env.game));
        }
      });
    });
  }
});
