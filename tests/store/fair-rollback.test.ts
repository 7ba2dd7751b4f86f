// Issue 8 §2: a rollback past a roll must not bring the same dice back, and
// /game verify must still prove every roll from the revealed seed and the log.
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.ts';
import { Sessions } from '../../src/app/session.ts';
import { canonical, createGame, replay, sha256, verify, UNDO, type LogEntry } from '../../src/engine/runner.ts';
import { replayFromSnapshot } from '../../src/engine/snapshots.ts';
import { getGame, registerGame } from '../../src/games/registry.ts';
import type { GameEvent } from '../../src/engine/types.ts';
import { duel } from '../fixtures/duel.ts';
import { duoTable, text } from '../app/harness.ts';
import { tempDb } from '../setup/test-db.ts';

const face = (events: { events: GameEvent[] }[]) =>
  (events.flatMap((e) => e.events).find((e) => e.kind === 'roll')!.data as { face: number }).face;

function duelGame(seed: string) {
  if (!getGame('duel')) registerGame(duel);
  const store = new Store(tempDb());
  const sessions = new Sessions(store);
  const r = store.createGame({ guildId: null, channelId: 'c', system: 'duel', options: {}, seed, seedHash: sha256(seed), createdBy: 'u' });
  store.setSeat(r.id, 'a', 'alice', 'alice');
  store.setSeat(r.id, 'b', 'bob', 'bob');
  store.start(r.id, JSON.stringify(createGame(duel, {}, seed).env));
  return { store, sessions, id: r.id };
}

const SEEDS = Array.from({ length: 24 }, (_, i) => `fair-${i}`);

describe('fair rollback (issue 8 §2)', () => {
  it('roll, moderator rollback, roll again: the new face is drawn from a fresh stream (over 24 seeds)', () => {
    let differ = 0;
    for (const seed of SEEDS) {
      const { store, sessions, id } = duelGame(seed);
      const before = JSON.parse(store.game(id)!.state!).dice.prng;
      const first = face(sessions.act(store.game(id)!, 'alice', 'a', [{ type: 'roll' }]).events);
      sessions.meta(store.game(id)!, 'mod', 'moderator', { type: UNDO, count: 1 });
      const after = JSON.parse(store.game(id)!.state!).dice;
      // The generator is not back where it was before the rolled-away roll.
      expect(canonical(after.prng)).not.toBe(canonical(before));
      const second = face(sessions.act(store.game(id)!, 'alice', 'a', [{ type: 'roll' }]).events);
      if (second !== first) differ++;
      const row = store.game(id)!;
      const log = store.log(id);
      expect(verify(duel, {}, seed, row.seedHash, log, JSON.parse(row.state!)).ok).toBe(true);
      expect(canonical(replayFromSnapshot(duel, {}, seed, log, store.snapshotSource(id)).env)).toBe(
        canonical({ ...JSON.parse(row.state!) }),
      );
      store.close();
    }
    // A fresh d6 repeats the old face 1 time in 6; before the re-seed it repeated every time.
    expect(differ).toBeGreaterThanOrEqual(SEEDS.length / 2);
  });

  it('without the re-seed (undo entries from before issue 8) the rolled-away face always came back', () => {
    for (const seed of SEEDS.slice(0, 8)) {
      const roll: LogEntry = { seq: 1, role: 'a', action: { type: 'roll' } };
      const again: LogEntry = { seq: 3, role: 'a', action: { type: 'roll' } };
      const rolled = replay(duel, {}, seed, [roll]).events.at(-1)!;
      const old = replay(duel, {}, seed, [roll, { seq: 2, role: 'mod', action: { type: UNDO, count: 1 } }, again]).events.at(-1)!;
      expect(old.text).toBe(rolled.text);
    }
  });

  it("a player's own undo re-seeds too (a generator draw need not count as a die roll)", () => {
    const { store, sessions, id } = duelGame('own-undo');
    const before = JSON.parse(store.game(id)!.state!).dice;
    sessions.act(store.game(id)!, 'alice', 'a', [{ type: 'mark', n: 1 }]);
    const env = sessions.undo(store.game(id)!, 'alice', 'a');
    expect(env.dice.count).toBe(before.count);
    expect(canonical(env.dice.prng)).not.toBe(canonical(before.prng));
    expect(env.game).toEqual(JSON.parse(store.game(id)!.state!).game);
    store.close();
  });

  it('at the table: a moderator rollback then /game verify reports a matching replay', async () => {
    const h = await duoTable('duel', ['a', 'b'], 'table-fair');
    await h.say('alice', '/duel roll');
    await h.say('alice', '/duel roll');
    const back = await h.say('mod', '/game undo count:2');
    expect(text(back)).toMatch(/rolled the game back 2/);
    await h.say('alice', '/duel roll');
    const v = await h.say('bob', '/game verify');
    expect(v.replies[0].content).toMatch(/matches the stored state/);
    await h.say('mod', '/game abandon');
    const after = await h.say('bob', '/game verify');
    expect(after.replies[0].content).toMatch(/✅/);
  });
});
