// Which outbox lanes this process delivers when several bot processes share
// one database, each serving its own shards (issue 21 §2–3): a lane in a
// server this process's client serves, or a direct message. A server served
// by another process is left to it (its client has that server cached and
// can open threads there); one process alone serves every lane.
import type { Client } from 'discord.js';

/** How long a lane found to be another process's is not asked about again. */
const FOREIGN_MS = 30_000;

export class ShardLanes {
  private readonly foreign = new Map<string, number>();

  constructor(private readonly client: Client) {}

  /** True when this process should deliver `lane`; an unknown or deleted channel is ours (its failure is reported as usual). */
  async serves(lane: string): Promise<boolean> {
    // A match's placeholder lane (`<parent>:<slug>`, src/tournament/threads.ts) is its parent channel's.
    const colon = lane.indexOf(':');
    if (colon > 0) lane = lane.slice(0, colon);
    // No server cached (not logged in: tests, the offline adapters): every lane.
    if (this.client.channels.cache.has(lane) || this.client.guilds.cache.size === 0) return true;
    const until = this.foreign.get(lane);
    if (until !== undefined && until > Date.now()) return false;
    try {
      // Not cached: asked once. A channel of a server this client does not serve comes back without it.
      const channel = await this.client.channels.fetch(lane, { allowUnknownGuild: true, cache: false });
      const guildId = channel && 'guildId' in channel ? channel.guildId : null;
      if (!guildId || this.client.guilds.cache.has(guildId)) {
        this.foreign.delete(lane);
        return true;
      }
    } catch {
      return true;
    }
    this.foreign.set(lane, Date.now() + FOREIGN_MS);
    return false;
  }
}
