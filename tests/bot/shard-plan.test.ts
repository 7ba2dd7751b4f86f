// Issue 21 §2: the shard settings (MUSTER_SHARD_COUNT, MUSTER_SHARDS,
// MUSTER_PROCESSES), Discord's shard formula, the server each outbox row
// stores, and which rows a process delivers by it.
import fs from 'node:fs';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import { Events, type Client } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { parseShardList, shardListText, shardOf, shardPlan, splitShards } from '../../src/bot/shard-plan.ts';
import { ShardLanes } from '../../src/bot/shard-lanes.ts';
import { Store } from '../../src/store/store.ts';
import { botNodeFlags } from '../../src/build.ts';
import { guildOnShard } from './multi-servers.ts';
import { tempDb } from '../setup/test-db.ts';

describe('the shard plan from the environment', () => {
  it('nothing set: one shard in one process, as before', () => {
    expect(shardPlan({})).toEqual({ count: 1, shards: [0], processes: [[0]] });
  });

  it("a machine's list of shards split into its processes, in runs", () => {
    expect(shardPlan({ MUSTER_SHARD_COUNT: '8', MUSTER_SHARDS: '4-7', MUSTER_PROCESSES: '2' })).toEqual({
      count: 8,
      shards: [4, 5, 6, 7],
      processes: [
        [4, 5],
        [6, 7],
      ],
    });
    expect(shardPlan({ MUSTER_SHARD_COUNT: '4', MUSTER_SHARDS: '0,2', MUSTER_PROCESSES: '1' }).processes).toEqual([[0, 2]]);
    expect(splitShards([0, 1, 2, 3, 4], 2)).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
    expect(parseShardList('0-1, 4, 1', 6)).toEqual([0, 1, 4]);
    expect(shardListText([0, 1, 2, 4, 6, 7])).toBe('0-2,4,6-7');
  });

  it('MUSTER_SHARD_COUNT=auto takes the count Discord recommends, on one machine only', () => {
    expect(shardPlan({ MUSTER_SHARD_COUNT: 'auto', MUSTER_PROCESSES: '2' }, 3).processes).toEqual([[0, 1], [2]]);
    expect(() => shardPlan({ MUSTER_SHARD_COUNT: 'auto', MUSTER_SHARDS: '0-1' }, 4)).toThrow(/fixed count/);
  });

  it('settings that cannot work are refused, saying what is allowed', () => {
    expect(() => shardPlan({ MUSTER_SHARD_COUNT: '4', MUSTER_SHARDS: '2-5' })).toThrow(
      /shard 5 is past the last of MUSTER_SHARD_COUNT=4 \(shards 0-3\)/,
    );
    expect(() => shardPlan({ MUSTER_SHARD_COUNT: '4', MUSTER_SHARDS: 'two' })).toThrow(/"two" is not a shard number or a range like 0-3/);
    expect(() => shardPlan({ MUSTER_SHARD_COUNT: '4', MUSTER_SHARDS: '3-1' })).toThrow(/runs backwards/);
    expect(() => shardPlan({ MUSTER_SHARD_COUNT: '0' })).toThrow(/MUSTER_SHARD_COUNT: "0" is not a whole number of at least 1/);
    expect(() => shardPlan({ MUSTER_SHARD_COUNT: '2', MUSTER_PROCESSES: '3' })).toThrow(/more than this machine's 2 shard\(s\)/);
  });
});

describe("Discord's shard formula", () => {
  it('a server is on shard (id >> 22) % count', () => {
    // 197038439483310086 >> 22 = 46977624770 (its creation time in ms since Discord's epoch): shards 0, 0, 2, 2 of 1–4.
    const id = '197038439483310086';
    expect([1, 2, 3, 4].map((count) => shardOf(id, count))).toEqual([0, 0, 2, 2]);
    for (let shard = 0; shard < 4; shard++) expect(shardOf(guildOnShard(shard, 4), 4)).toBe(shard);
  });
});

/** A client as the worker sees it: only its shard options (no gateway, nothing cached). */
const clientWith = (shards: number[], shardCount: number) => ({ options: { shards, shardCount } }) as unknown as Client;

describe('which rows a process delivers (issue 21 §2)', () => {
  it("by the row's server's shard; rows without a server are shard 0's; one process with every shard takes all", () => {
    const [zero, one, two] = [0, 1, 2].map((shard) => guildOnShard(shard, 3));
    const first = new ShardLanes(clientWith([0, 1], 3));
    const second = new ShardLanes(clientWith([2], 3));
    expect([zero, one, two, null].map((guild) => first.serves(guild))).toEqual([true, true, false, true]);
    expect([zero, one, two, null].map((guild) => second.serves(guild))).toEqual([false, false, true, false]);
    const alone = new ShardLanes(clientWith([0], 1));
    expect([zero, one, two, null].every((guild) => alone.serves(guild))).toBe(true);
    // No gateway: ready at once.
    expect(first.ready(zero)).toBe(true);
  });

  it("logged in, a shard's rows wait until that shard has connected once, whatever the guild cache holds", () => {
    const client = Object.assign(new EventEmitter(), { options: { shards: [0, 1], shardCount: 2 } }) as unknown as Client;
    const lanes = new ShardLanes(client, true);
    const [zero, one] = [0, 1].map((shard) => guildOnShard(shard, 2));
    expect([lanes.ready(zero), lanes.ready(one), lanes.ready(null)]).toEqual([false, false, false]);
    client.emit(Events.ShardReady, 1, undefined);
    expect([lanes.ready(zero), lanes.ready(one), lanes.ready(null)]).toEqual([false, true, false]);
    client.emit(Events.ShardReady, 0, undefined);
    expect([lanes.ready(zero), lanes.ready(null)]).toEqual([true, true]);
  });

  it("each outbox row stores its server: its game's, its tournament's, or a game's in its channel; unknown: none", () => {
    const store = new Store(tempDb());
    const guild = guildOnShard(1, 4);
    const game = store.createGame({
      guildId: guild,
      channelId: '1610000000000000001',
      system: 'duel',
      options: {},
      seed: 'x',
      seedHash: 'x',
      createdBy: '1300000000000000001',
    });
    const [byGame, byChannel, unknown, inDm] = store.outbox.enqueue(
      [
        { channelId: '1610000000000000009', gameId: game.id, content: 'a card elsewhere' },
        { channelId: '1610000000000000001', content: 'a lost reply in the game channel' },
        { channelId: '1610000000000000002', content: 'somewhere the store does not know' },
        { channelId: '1610000000000000001:match-1', content: "a match thread's placeholder" },
      ],
      { hold: false },
    );
    const guildOf = (id: number) => store.outbox.get(id)!.guildId;
    expect([guildOf(byGame.id), guildOf(byChannel.id), guildOf(unknown.id), guildOf(inDm.id)]).toEqual([guild, guild, null, guild]);
    expect(store.outbox.headIds().find((head) => head.id === byGame.id)?.guildId).toBe(guild);
    // Found later to be a server's (shard 0's process asked Discord): its pending rows go to that server's shard.
    store.outbox.placeLane('1610000000000000002', guild);
    expect(guildOf(unknown.id)).toBe(guild);
    store.close();
  });
});

describe('the systemd units (issue 21 §10)', () => {
  const unit = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'deploy', name), 'utf8');

  it("the template runs one process on its instance's shards, with npm start's node flags", () => {
    const template = unit('muster@.service');
    expect(template).toMatch(/^Environment=MUSTER_SHARDS=%i$/m);
    expect(template).toMatch(/^Environment=MUSTER_PROCESSES=1$/m);
    const exec = /^ExecStart=\S*node((?:\s+--\S+)*)\s+dist\/main\.mjs$/m.exec(template);
    expect(exec![1].trim().split(/\s+/)).toEqual(botNodeFlags());
    // The instance names a valid shard list.
    expect(shardPlan({ MUSTER_SHARD_COUNT: '16', MUSTER_SHARDS: '4-7', MUSTER_PROCESSES: '1' }).processes).toEqual([[4, 5, 6, 7]]);
  });

  it('the single unit lets a sharding manager stop its own processes (SIGTERM to it alone)', () => {
    expect(unit('muster.service')).toMatch(/^KillMode=mixed$/m);
  });
});
