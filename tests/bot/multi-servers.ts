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
