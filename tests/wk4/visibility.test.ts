// Property (TURN RESULTS AND CHALLENGES; data/wk4/CATALOGUES.md "Published
// facts"): over whole seeded seasons of three nations, each viewer sees only
// what the table of docs/wk4-visibility.md allows at each stage of the
// adjudication — roll events, battle titles and details, the umpire's
// proposals and rulings, initiative ties, challenges and counts — in public
// lines, prompts, its posts and /game log, its view and summary. The table
// itself is the oracle (read from the docs), and planted leaks are reported.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameModule } from '../../src/engine/types.ts';
import { wk4 } from '../../src/games/wk4/index.ts';
import { stageOf, type Wk4State } from '../../src/games/wk4/state.ts';
import { checkSeasons, CLASSES, INFOS, readTable } from './visibility.ts';

describe('WK4 visibility table (docs/wk4-visibility.md) as the oracle', () => {
  it('the table has one row per information and viewer, and says what the catalogue publishes', () => {
    const table = readTable();
    expect(table.size).toBe(INFOS.length * CLASSES.length);
    // Rolls and losses: the nations that fought and the umpire, never another nation or a spectator.
    for (const info of ['roll', 'losses'])
      for (const viewer of ['other', 'spectator']) expect(table.get(`${info}|${viewer}`)).toEqual([false, false, false, false, false]);
    // Spectators see a battle (where, who, who won) once the results are official, and not before.
    expect(table.get('battle|spectator')).toEqual([false, false, false, false, true]);
    // What each nation spent is its own: a tie is the umpire's alone.
    expect(table.get('tie|concerned')!.some(Boolean)).toBe(false);
    const bad = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wk4-vis-')), 'table.md');
    fs.writeFileSync(bad, fs.readFileSync('docs/wk4-visibility.md', 'utf8').replace(/\n\| `roll` \| `other` \|[^\n]*/, ''));
    expect(() => readTable(bad)).toThrow(/no row for roll \/ other/);
  });

  it('three nations, whole seasons, human umpire and engine umpire: no viewer sees what the table forbids', async () => {
    const runs = [
      await checkSeasons({ seed: 'vis-1', umpire: 'human', seasons: 8 }),
      await checkSeasons({ seed: 'vis-2', umpire: 'engine', seasons: 8 }),
      await checkSeasons({ seed: 'vis-3', umpire: 'human', seasons: 8 }),
    ];
    for (const r of runs) expect(r.findings).toEqual([]);
    // Not vacuous: battles were fought, dice rolled, proposals, ties and challenges made.
    const sum = (k: 'battles' | 'rolls' | 'ties' | 'proposals' | 'challenges') => runs.reduce((a, r) => a + r[k], 0);
    expect(sum('battles')).toBeGreaterThanOrEqual(5);
    expect(sum('rolls')).toBeGreaterThanOrEqual(20);
    expect(sum('ties')).toBeGreaterThan(0);
    expect(sum('proposals')).toBeGreaterThan(0);
    expect(sum('challenges')).toBeGreaterThan(0);
  }, 60_000);

  it('a planted public roll is reported (every viewer but the umpire, the nations that fought included before the results)', async () => {
    const planted: GameModule<Wk4State, any> = {
      // Every die the module rolls loses its audience (as before the fix: rolls were public).
      ...wk4,
      apply: (s, role, a, ctx) => {
        const dice = Object.create(ctx.dice) as typeof ctx.dice;
        dice.roll = (sides: number, label: string) => ctx.dice.roll(sides, label);
        return wk4.apply(s, role, a, { ...ctx, dice });
      },
    };
    const r = await checkSeasons({ seed: 'vis-1', umpire: 'human', seasons: 8, mod: planted });
    const rolls = r.findings.filter((f) => f.info === 'roll');
    expect(rolls.length).toBeGreaterThan(0);
    expect(rolls.some((f) => f.viewer === 'spectator' && f.source === 'public roll' && f.stage === 'umpire review')).toBe(true);
    expect(rolls.some((f) => f.viewer !== 'spectator' && f.viewer !== 'umpire' && f.stage === 'umpire review')).toBe(true);
    expect(rolls.some((f) => f.viewer === 'umpire')).toBe(false);
  }, 60_000);

  it('a planted public prompt that counts the proposals is reported', async () => {
    const planted: GameModule<Wk4State, any> = {
      ...wk4,
      prompts: (s) =>
        wk4.prompts(s).map((p) => (stageOf(s) === 'review' ? { ...p, text: `${p.text} (${s.proposals.length} proposal(s))` } : p)),
    };
    const r = await checkSeasons({ seed: 'vis-3', umpire: 'human', seasons: 4, mod: planted });
    expect(r.findings.some((f) => f.info === 'proposal-count' && f.viewer === 'spectator')).toBe(true);
  }, 60_000);
});
