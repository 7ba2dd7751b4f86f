// Which Discord shards this machine runs, and in how many processes (issue
// 21 §2): MUSTER_SHARD_COUNT shards in all, MUSTER_SHARDS of them here (a
// fixed list, so machines split the shards between them), MUSTER_PROCESSES
// processes sharing them. A server belongs to shard (id >> 22) % count, as
// Discord routes it; the process holding that shard answers its commands and
// delivers its posts.

export interface ShardPlan {
  /** Shards in all, on every machine (Discord's shard count). */
  count: number;
  /** This machine's shards, ascending. */
  shards: number[];
  /** This machine's shards split into its processes, in order: one list per process. */
  processes: number[][];
}

/** A shard setting that cannot work: said plainly at start-up, before anything connects. */
export class ShardPlanError extends Error {
  override name = 'ShardPlanError';
}

/** Discord's shard of a server: `(guild_id >> 22) % shard count`. */
export function shardOf(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/** A shard list as written in MUSTER_SHARDS: `0-3`, `0,2`, `0-1,4`. */
export function parseShardList(text: string, count: number): number[] {
  const shards = new Set<number>();
  for (const part of text.split(',').map((p) => p.trim())) {
    const range = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(part);
    if (!range)
      throw new ShardPlanError(`MUSTER_SHARDS: "${part}" is not a shard number or a range like 0-3 (e.g. MUSTER_SHARDS=0-3 or 0,2).`);
    const first = Number(range[1]);
    const last = range[2] === undefined ? first : Number(range[2]);
    if (last < first) throw new ShardPlanError(`MUSTER_SHARDS: the range ${part} runs backwards; write it low-high.`);
    if (last >= count)
      throw new ShardPlanError(`MUSTER_SHARDS: shard ${last} is past the last of MUSTER_SHARD_COUNT=${count} (shards 0-${count - 1}).`);
    for (let shard = first; shard <= last; shard++) shards.add(shard);
  }
  return [...shards].sort((a, b) => a - b);
}

/** `shards` cut into `processes` runs of consecutive entries, as even as they go. */
export function splitShards(shards: number[], processes: number): number[][] {
  const out: number[][] = [];
  let start = 0;
  for (let index = 0; index < processes; index++) {
    const size = Math.floor(shards.length / processes) + (index < shards.length % processes ? 1 : 0);
    out.push(shards.slice(start, start + size));
    start += size;
  }
  return out;
}

/** A whole number ≥ 1 from the environment, or the default; anything else is refused with what is allowed. */
function positive(name: string, value: string | undefined, fallback: number): number {
  const text = value?.trim();
  if (!text) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new ShardPlanError(`${name}: "${text}" is not a whole number of at least 1.`);
  return Number(text);
}

/**
 * The plan from the environment. Nothing set: one shard in one process (as
 * a bot in fewer than 1,000 servers runs). `shardCount` replaces
 * MUSTER_SHARD_COUNT=auto with Discord's recommendation (asked by the caller).
 */
export function shardPlan(env: NodeJS.ProcessEnv = process.env, shardCount?: number): ShardPlan {
  const countText = env.MUSTER_SHARD_COUNT?.trim();
  const auto = countText === 'auto';
  if (auto && env.MUSTER_SHARDS?.trim())
    throw new ShardPlanError('MUSTER_SHARD_COUNT=auto cannot go with MUSTER_SHARDS: machines that split the shards need a fixed count.');
  if (auto && shardCount === undefined)
    throw new ShardPlanError('MUSTER_SHARD_COUNT=auto: ask Discord for the count first (shardPlan(env, count)).');
  const count = auto ? shardCount! : positive('MUSTER_SHARD_COUNT', countText, 1);
  const shards = env.MUSTER_SHARDS?.trim() ? parseShardList(env.MUSTER_SHARDS, count) : [...Array(count).keys()];
  const processes = positive('MUSTER_PROCESSES', env.MUSTER_PROCESSES, 1);
  if (processes > shards.length)
    throw new ShardPlanError(
      `MUSTER_PROCESSES=${processes} is more than this machine's ${shards.length} shard(s): each process runs at least one.`,
    );
  return { count, shards, processes: splitShards(shards, processes) };
}

/** `0-3`, `0,2`, `0-1,4`: a shard list as people write it (logs, the REST user agent). */
export function shardListText(shards: readonly number[]): string {
  const runs: string[] = [];
  for (let index = 0; index < shards.length;) {
    let end = index;
    while (end + 1 < shards.length && shards[end + 1] === shards[end] + 1) end++;
    runs.push(end === index ? `${shards[index]}` : `${shards[index]}-${shards[end]}`);
    index = end + 1;
  }
  return runs.join(',');
}
