// Issue 18 §6: games stored before the engine's ending (procstack.ts endGame)
// kept it their own way: `over` in KPW, WoG and ATKM, `stage` and `winner` in
// WK4, an 'over' frame in Rifle. The fixture holds games of every system saved
// by that code (bot-played, some finished, some in play); each must load from
// SQLite in the current shape, report the same phase, prompts and result,
// verify against its seed, start a replay from an old snapshot, and play on.
import { readFileSync } from 'node:fs';
import seedrandom from 'seedrandom';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAllGames } from '../../src/app/games.ts';
import { envOf, Sessions } from '../../src/app/session.ts';
import { canonical, replay, sha256, verify, type Envelope, type LogEntry } from '../../src/engine/runner.ts';
import { replayFromSnapshot } from '../../src/engine/snapshots.ts';
import type { GameModule, Prompt, Result } from '../../src/engine/types.ts';
import { getGame } from '../../src/games/registry.ts';
import { Store } from '../../src/store/store.ts';
import { tempDb } from '../setup/test-db.ts';
import { breathe } from '../setup/breathe.ts';

interface Saved {
  system: string;
  options: Record<string, string | number | boolean>;
  seed: string;
  log: LogEntry[];
  result: Result;
  phase: string;
  prompts: Prompt[];
  state: Envelope<Record<string, unknown>>;
}

const stored = JSON.parse(readFileSync(new URL('./stored-before-ending.json', import.meta.url), 'utf8')) as Record<string, Saved>;

beforeAll(() => {
  if (!getGame('kpw')) registerAllGames();
});

/** The saved game in a fresh store: its log and its old-shaped state, as the code before endGame committed them. */
function storedRow(saved: Saved) {
  const mod = getGame(saved.system) as GameModule<any, any>;
  const store = new Store(tempDb());
  const { id } = store.createGame({
    guildId: null,
    channelId: `old-${saved.system}-${saved.seed}`,
    system: saved.system,
    options: saved.options,
    seed: saved.seed,
    seedHash: sha256(saved.seed),
    createdBy: 'u',
  });
  for (const role of mod.roles(mod.parseOptions(saved.options))) store.setSeat(id, role.id, role.id, role.id);
  store.start(id, JSON.stringify(replay(mod, saved.options, saved.seed, []).env));
  const entries = saved.log.map((e) => ({ role: e.role, userId: e.role, action: e.action, undoable: false }));
  store.commit(id, 0, entries, JSON.stringify(saved.state));
  return { mod, store, row: store.game(id)! };
}

/** The fields the old code kept beside the flow, anywhere in the game. */
const legacy = (game: Record<string, unknown>) => ['over', 'stage', 'winner'].filter((k) => k in game);

describe('games stored before the engine ended games (issue 18 §6)', () => {
  it('the fixture holds every system, finished and in play, in the old shape', () => {
    const systems = new Set(Object.values(stored).map((s) => s.system));
    expect([...systems].sort()).toEqual(['atkm', 'kpw', 'rifle', 'wk4', 'wog']);
    for (const system of systems) {
      const games = Object.values(stored).filter((s) => s.system === system);
      expect(games.map((s) => s.result.status).sort(), system).toEqual(['ongoing', 'over']);
    }
    // Rifle in play was stored as it is now; only its end differed.
    for (const saved of Object.values(stored).filter((s) => s.system !== 'rifle' || s.result.status === 'over')) {
      const frames = (saved.state.game.flow as { frames: { proc: string }[] } | undefined)?.frames;
      const old = legacy(saved.state.game).length > 0 || frames?.[0]?.proc === 'over';
      expect(old, `${saved.system} ${saved.result.status}`).toBe(true);
    }
  });

  for (const [name, saved] of Object.entries(stored))
    it(`${name}: loads in the current shape, with the same phase, prompts and result, and verifies`, async () => {
      const { mod, store, row } = storedRow(saved);
      const env = envOf(row);
      expect(legacy(env.game)).toEqual([]);
      expect(mod.phase(env.game)).toBe(saved.phase);
      expect(mod.prompts(env.game)).toEqual(saved.prompts);
      expect(mod.result(env.game)).toEqual(saved.result);
      await breathe();
      // /game verify: the replay from the seed must equal the upgraded state.
      const report = verify(mod, row.options, row.seed, row.seedHash, store.log(row.id), env);
      expect(report.lines.join('\n')).toMatch(/Replayed state equals the stored state/);
      expect(report.ok).toBe(true);
    });

  for (const [name, saved] of Object.entries(stored).filter(([, s]) => s.result.status === 'ongoing'))
    it(`${name}: a replay starts from an old snapshot, and the game plays on and commits the current shape`, async () => {
      const { mod, store, row } = storedRow(saved);
      const source = { seqs: [saved.log.length], load: () => JSON.stringify(saved.state) };
      const next = saved.prompts[0];
      const legal = mod.legal(envOf(row).game, next.role);
      const pick = mod.bot!(envOf(row).game, next.role, legal, { rand: seedrandom(saved.seed).quick });
      const log = [...saved.log, { seq: saved.log.length + 1, role: next.role, action: pick.action }];
      const fromSnapshot = replayFromSnapshot(mod, saved.options, saved.seed, log, source);
      expect(fromSnapshot.fromSeq).toBe(saved.log.length);
      await breathe();
      expect(canonical(fromSnapshot.env.game)).toBe(canonical(replay(mod, saved.options, saved.seed, log).env.game));
      const played = new Sessions(store).act(row, next.role, next.role, [pick.action]);
      expect(played.row.version).toBeGreaterThan(saved.log.length);
      const committed = JSON.parse(store.game(row.id)!.state!) as Envelope<Record<string, unknown>>;
      expect(legacy(committed.game)).toEqual([]);
    });
});
