// Sessions remembers each game's seats from its last commit and checks them in
// the next commit's transaction (issue 21 §6: a read of its own cost a tenth of
// a commit). Seats changed meanwhile, by another process too, are never missed:
// the batch is played again with the seats as they are.
import { describe, expect, it } from 'vitest';
import { Sessions } from '../../src/app/session.ts';
import { applyAction, createGame, sha256 } from '../../src/engine/runner.ts';
import { getGame, registerGame } from '../../src/games/registry.ts';
import { Store } from '../../src/store/store.ts';
import { duel } from '../fixtures/duel.ts';
import { tempDb } from '../setup/test-db.ts';

if (!getGame('duel')) registerGame(duel);

/** The first of a few fixed seeds whose first roll does not bust (duel 1: a 1 ends the turn). */
function seedWithoutBust(): string {
  for (let i = 0; ; i++)
    if (applyAction(duel, createGame(duel, {}, `memory-${i}`).env, 'a', { type: 'roll' }).env.game.pending > 0) return `memory-${i}`;
}

describe('seats remembered between commits (issue 21 §6)', () => {
  it('a side another process gives the bot meanwhile is played by the bot in the same commit', () => {
    const file = tempDb();
    const here = new Store(file);
    const elsewhere = new Store(file);
    const sessions = new Sessions(here);
    const seed = seedWithoutBust();
    const game = here.createGame({
      guildId: 'g',
      channelId: 'c',
      system: 'duel',
      options: {},
      seed,
      seedHash: sha256(seed),
      createdBy: 'alice',
    });
    here.setSeat(game.id, 'a', 'alice', 'Alice');
    here.setSeat(game.id, 'b', 'bob', 'Bob');
    here.start(game.id, JSON.stringify(createGame(duel, {}, seed).env));

    // Alice rolls: the commit remembers Alice and Bob. Then the other process seats the bot for Bob.
    const rolled = sessions.act(here.game(game.id)!, 'alice', 'a', [{ type: 'roll' }]);
    expect(rolled.env.game.turn).toBe('a');
    elsewhere.setSeat(game.id, 'b', 'bot:b', 'Muster bot');

    // Alice banks: side b, now the bot's, is asked and answers in the same commit.
    const banked = sessions.act(rolled.row, 'alice', 'a', [{ type: 'bank' }]);
    expect(banked.applied[0]).toMatchObject({ role: 'a', userId: 'alice' });
    expect(banked.applied.slice(1).length).toBeGreaterThan(0);
    expect(banked.applied.slice(1).every((entry) => entry.role === 'b' && entry.userId === 'bot:b')).toBe(true);
    expect(banked.row.version).toBe(rolled.row.version + banked.applied.length);
    expect(here.log(game.id).map((entry) => entry.userId)).toEqual(['alice', 'alice', ...banked.applied.slice(1).map(() => 'bot:b')]);
    // The stored state is the one returned, and the same as the other process reads.
    expect(elsewhere.game(game.id)!.state).toBe(banked.row.state);
    expect(banked.env.game.turn === 'a' || duel.result(banked.env.game).status === 'over').toBe(true);
    here.close();
    elsewhere.close();
  });
});
