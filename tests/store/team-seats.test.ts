// Migration 4 and team seats: a side may have several members, seat order is
// kept across the migration, a replaced holder keeps the side's place.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../src/store/migrations.ts';
import { Store } from '../../src/store/store.ts';
import { itOnSqlite, sqliteFile, tempDb } from '../setup/test-db.ts';

const game = (store: Store) =>
  store.createGame({ guildId: null, channelId: 'c', system: 'council', options: {}, seed: 's', seedHash: 'h', createdBy: 'mod' });

describe('team seats (migration 4)', () => {
  // SQLite only: PostgreSQL's migrations start at 19 (SQLite's 1-19 in one), so no database there was ever at version 3.
  itOnSqlite('a database at version 3 keeps its seats, in order, and then takes team members', () => {
    const file = sqliteFile();
    const old = new Database(file);
    old.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
    for (const m of migrations.filter((x) => x.version <= 3)) {
      old.exec(m.sql);
      old.prepare('INSERT INTO schema_migrations VALUES (?, ?, 0)').run(m.version, m.name);
    }
    old
      .prepare(
        `INSERT INTO games (channel_id, system, options, seed, seed_hash, status, created_by, created_at, updated_at) VALUES ('c', 'council', '{}', 's', 'h', 'lobby', 'mod', 0, 0)`,
      )
      .run();
    for (const [role, user] of [
      ['red', 'alice'],
      ['blue', 'bob'],
      ['guild', 'carol'],
    ])
      old.prepare('INSERT INTO seats VALUES (1, ?, ?, ?)').run(role, user, user);
    old.close();
    const store = new Store(file);
    expect(store.seats(1).map((s) => `${s.role}:${s.userId}`)).toEqual(['red:alice', 'blue:bob', 'guild:carol']);
    store.setSeat(1, 'guild', 'dave', 'dave', true);
    store.setSeat(1, 'guild', 'dave', 'Dave', true); // joining twice updates the name, no second row
    expect(store.seats(1).map((s) => `${s.role}:${s.userName}`)).toEqual(['red:alice', 'blue:bob', 'guild:carol', 'guild:Dave']);
    store.close();
  });

  it('replacing a holder keeps the place; removing one member leaves the others', () => {
    const store = new Store(tempDb());
    const g = game(store);
    store.setSeat(g.id, 'red', 'alice', 'alice');
    store.setSeat(g.id, 'guild', 'carol', 'carol', true);
    store.setSeat(g.id, 'guild', 'dave', 'dave', true);
    store.setSeat(g.id, 'blue', 'bob', 'bob');
    store.setSeat(g.id, 'red', 'erin', 'erin');
    expect(store.seats(g.id).map((s) => `${s.role}:${s.userId}`)).toEqual(['red:erin', 'guild:carol', 'guild:dave', 'blue:bob']);
    store.removeSeat(g.id, 'guild', 'carol');
    expect(store.seats(g.id).map((s) => `${s.role}:${s.userId}`)).toEqual(['red:erin', 'guild:dave', 'blue:bob']);
    // Replacing a team side's holders outright (not adding) leaves one member.
    store.setSeat(g.id, 'guild', 'zed', 'zed', true);
    store.setSeat(g.id, 'guild', 'bot:guild', 'Muster bot');
    expect(
      store
        .seats(g.id)
        .filter((s) => s.role === 'guild')
        .map((s) => s.userId),
    ).toEqual(['bot:guild']);
    store.removeSeat(g.id, 'red');
    expect(store.seats(g.id).map((s) => s.role)).toEqual(['guild', 'blue']);
    store.close();
  });
});
