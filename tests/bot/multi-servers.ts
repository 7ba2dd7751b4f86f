// The servers of the multi-process test (tests/bot/multi-process.ts) as
// the gateway and the stand-in describe them; shared by the test and its children.

export interface Server {
  guildId: string;
  channels: string[];
}

export function textChannel(guildId: string, id: string, position: number) {
  return {
    id,
    type: 0,
    guild_id: guildId,
    name: `wargames-${position}`,
    position,
    parent_id: null,
    topic: null,
    nsfw: false,
    rate_limit_per_user: 0,
    permission_overwrites: [],
    flags: 0,
  };
}

/** A server id Discord routes to `shard` of `count` ((id >> 22) % count), the `n`th such. */
export function guildOnShard(shard: number, count: number, n = 0): string {
  // A snowflake of late 2023 with its timestamp bits chosen: the formula reads only those.
  const base = 1_170_000_000_000_000_000n >> 22n;
  const stamp = base - (base % BigInt(count)) + BigInt(shard) + BigInt(count) * BigInt(n);
  return String((stamp << 22n) | 0x2a_0001n);
}

/** A server as GUILD_CREATE carries it: its text channels, an @everyone role, no members. */
export function guildCreate(server: Server) {
  return {
    id: server.guildId,
    name: `Server ${server.guildId.slice(-4)}`,
    icon: null,
    owner_id: '1300000000000000001',
    roles: [
      {
        id: server.guildId,
        name: '@everyone',
        color: 0,
        hoist: false,
        position: 0,
        permissions: '0',
        managed: false,
        mentionable: false,
        flags: 0,
      },
    ],
    emojis: [],
    stickers: [],
    features: [],
    member_count: 4,
    joined_at: '2024-01-01T00:00:00.000Z',
    large: false,
    unavailable: false,
    channels: server.channels.map((id, position) => textChannel(server.guildId, id, position)),
    threads: [],
    members: [],
    voice_states: [],
    presences: [],
  };
}
