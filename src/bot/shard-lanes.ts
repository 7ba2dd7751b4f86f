// Which outbox rows this process delivers when several bot processes share
// one database, each running its own Discord shards (issue 21 §2–3): the
// rows of servers on its shards, by Discord's formula on the server id the
// row carries (src/store/lane-guilds.ts), never by what the guild cache holds
// yet; rows with no server (direct messages, or a channel the store does not
// know) are shard 0's. A process running every shard delivers every row.
// A shard's rows wait until it has connected once (its servers are cached
// then, which threads and channel lookups need), so the outbox may start
// before the gateway has.
import { Events, type Client } from 'discord.js';
import { shardOf } from './shard-plan.ts';

export class ShardLanes {
  /** Shards that became ready since this process started (their servers are cached). */
  private readonly connected = new Set<number>();

  /**
   * `gateway`: the client logs in, so a shard's rows wait for it; without
   * (tests, REST only) every one of its shards counts as ready.
   */
  constructor(
    private readonly client: Client,
    private readonly gateway = false,
  ) {
    if (gateway) client.on(Events.ShardReady, (shard) => this.connected.add(shard));
  }

  /** Shards in all; discord.js knows it from the options or, with `auto`, once connected. */
  private count(): number {
    // A stand-in client (the benches') has no options: one shard.
    const count = (this.client as Partial<Client>).options?.shardCount;
    return typeof count === 'number' && count > 0 ? count : 1;
  }

  /** This process's shards (every shard while the count is not known yet). */
  private mine(): readonly number[] | 'all' {
    const shards = (this.client as Partial<Client>).options?.shards;
    return Array.isArray(shards) ? shards : typeof shards === 'number' ? [shards] : 'all';
  }

  /** The shard whose process delivers rows of this server (null: no server, shard 0). */
  shardFor(guildId: string | null): number {
    return guildId === null ? 0 : shardOf(guildId, this.count());
  }

  /** True when this process delivers rows bound for `guildId`. */
  serves(guildId: string | null): boolean {
    const mine = this.mine();
    return mine === 'all' || mine.includes(this.shardFor(guildId));
  }

  /** True when that server's shard has connected, so its channels can be delivered to (serves() first). */
  ready(guildId: string | null): boolean {
    return !this.gateway || this.connected.has(this.shardFor(guildId));
  }
}
