// Issue 21 §5: a finished game keeps its log, its final state and only its
// newest snapshot; /game verify (from the seed) and replays still work.
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { harness } from '../app/harness.ts';
import { getGame } from '../../src/games/registry.ts';
import { createGame, replay } from '../../src/engine/runner.ts';
import { replayFromSnapshot } from '../../src/engine/snapshots.ts';
import { FINISHED_SNAPSHOTS, SNAPSHOT_EVERY } from '../../src/store/store.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('finished games keep few snapshots (issue 21 §5)', () => {
  it('a bot-played Rifle game ends with one snapshot, and verify and replay from it still agree with the stored state', async () => {
    const h = harness();
    const mod = getGame('rifle')!;
    const seed = 'prune-1';
    const g = h.svc.store.createGame({
      guildId: null,
      channelId: 'c1',
      system: 'rifle',
      options: {},
      seed,
      seedHash: sha256(seed),
      createdBy: 'u',
    });
    for (const role of mod.roles(mod.parseOptions({}))) h.svc.store.setSeat(g.id, role.id, `bot:${role.id}`, 'bot');
    h.svc.store.start(g.id, JSON.stringify(createGame(mod, {}, seed).env));
    const row = h.svc.sessions.kick(h.svc.store.game(g.id)!).row;
    expect(row.status).toBe('over');
    const log = h.svc.store.log(g.id);
    // Long enough that it took several snapshots while it was played.
    expect(log.length).toBeGreaterThan(2 * SNAPSHOT_EVERY);
    // The log is kept whole, in one deflated record instead of its rows.
    const rows = h.svc.store.db.prepare('SELECT COUNT(*) AS n FROM actions WHERE game_id = ?').get(g.id) as { n: number };
    expect(rows.n).toBe(0);
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
    const source = h.svc.store.snapshotSource(g.id);
    expect(source.seqs.length).toBeLessThanOrEqual(FINISHED_SNAPSHOTS);
    expect(source.seqs[0]).toBe(Math.floor(log.length / SNAPSHOT_EVERY) * SNAPSHOT_EVERY);
    const stored = JSON.parse(h.svc.store.game(g.id)!.state!);
    const fromSnapshot = replayFromSnapshot(mod, {}, seed, log, source);
    expect(fromSnapshot.fromSeq).toBe(source.seqs[0]);
    expect(fromSnapshot.env.game).toEqual(stored.game);
    expect(replay(mod, {}, seed, log).env.game).toEqual(stored.game);
    const verified = (await h.say('u', '/game verify')).replies.map((r) => r.content).join('\n');
    expect(verified).toContain('SHA-256 of the revealed seed matches.');
    expect(verified).toContain('Replayed state equals the stored state.');
    // The log of a finished game is still whole.
    const text = (await h.say('u', '/game log')).replies.map((r) => r.content).join('\n');
    expect(text.length).toBeGreaterThan(0);
    await h.svc.close();
  }, 60_000);

  it('a game ended by a command (abandon) is pruned too, keeping its newest snapshot', () => {
    const h = harness();
    const g = h.svc.store.createGame({
      guildId: null,
      channelId: 'c2',
      system: 'duel',
      options: {},
      seed: 's',
      seedHash: 'h',
      createdBy: 'u',
    });
    h.svc.store.start(g.id, '{"seq":0}');
    const snap = h.svc.store.db.prepare('INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)');
    for (const seq of [50, 100, 150]) snap.run(g.id, seq, `{"seq":${seq}}`);
    h.svc.store.finish(g.id, 'abandoned', '{}');
    expect(h.svc.store.snapshotSource(g.id).seqs).toEqual([150]);
    expect(h.svc.store.snapshots(g.id)).toEqual([{ seq: 150, state: '{"seq":150}' }]);
    void h.svc.close();
  });

  it('a game finished before migration 14 is compressed at start-up, its log unchanged', () => {
    const h = harness();
    const g = h.svc.store.createGame({
      guildId: null,
      channelId: 'c3',
      system: 'duel',
      options: {},
      seed: 's',
      seedHash: 'h',
      createdBy: 'u',
    });
    h.svc.store.start(g.id, '{"seq":0}');
    // As an older version left it: finished, with its action rows and every snapshot.
    const act = h.svc.store.db.prepare(
      'INSERT INTO actions (game_id, seq, role, user_id, action, undoable, at) VALUES (?, ?, ?, ?, ?, 1, 5)',
    );
    for (let seq = 1; seq <= 3; seq++) act.run(g.id, seq, 'a', 'alice', JSON.stringify({ type: 'roll', n: seq }));
    h.svc.store.db.prepare(`UPDATE games SET status = 'over' WHERE id = ?`).run(g.id);
    const before = h.svc.store.log(g.id);
    expect(h.svc.store.archiveFinished()).toBe(1);
    expect(h.svc.store.archiveFinished()).toBe(0);
    expect(h.svc.store.log(g.id)).toEqual(before);
    void h.svc.close();
  });
});
