// findLegal's shortcut (runner.ts mayBeSame) never changes which legal entry an action matches (issue 21 §6).
import { describe, expect, it } from 'vitest';
import { registerAllGames } from '../../src/app/games.ts';
import { getGame } from '../../src/games/registry.ts';
import { canonical, findLegal } from '../../src/engine/runner.ts';
import { playoutAsync } from '../games/playout.ts';

registerAllGames();

const SYSTEMS: [string, Record<string, string | number | boolean>][] = [
  ['wog', { scenario: 'hyw' }],
  ['atkm', { mode: 'tabletop', scenario: 'open-field', army: 'roll', units: 8 }],
  ['wk4', { nations: 4 }],
  ['kpw', {}],
  ['rifle', { players: 4 }],
];

/** Ends a playout once enough states were looked at. */
class Enough extends Error {}

describe('findLegal matches as a full canonical comparison does (issue 21 §6)', () => {
  for (const [id, options] of SYSTEMS)
    it(`${id}: every offered action, as a copy, finds the first entry with its canonical text`, async () => {
      const mod = getGame(id)!;
      let steps = 0;
      let checked = 0;
      const play = playoutAsync(mod, options, 'find', {
        offered(env, offers) {
          if (++steps > 60) throw new Enough();
          if (steps % 5) return;
          for (const { prompt, legal } of offers) {
            // The first entry of each canonical text: what a full comparison finds.
            const first = new Map<string, (typeof legal)[number]>();
            for (const entry of legal) if (!first.has(canonical(entry.action))) first.set(canonical(entry.action), entry);
            for (const entry of legal) {
              const found = findLegal(mod, env.game, prompt.role, structuredClone(entry.action), legal);
              expect(found).toBe(first.get(canonical(entry.action)));
              checked++;
            }
          }
        },
      });
      await play.catch((error: unknown) => {
        if (!(error instanceof Enough)) throw error;
      });
      expect(checked).toBeGreaterThan(20);
    });
});
