// The servers of the multi-process test (tests/bot/multi-process.test.ts) as
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
