// Start-up across shards and processes (issue 21 §2). One process runs all
// of this machine's shards (the default); with MUSTER_PROCESSES above 1,
// discord.js's ShardingManager forks the entry file once per process, hands
// each its consecutive run of shards (src/bot/shard-plan.ts), respawns one
// that dies and stops them all on SIGTERM. Every process opens the same
// database; leases there keep the tick, backups and each post to one of them.
import { REST, Routes, ShardingManager } from 'discord.js';
import type { Config } from '../app/config.ts';
import { createLogger, type Logger } from './log.ts';
import { shardListText, shardPlan, type ShardPlan } from './shard-plan.ts';

/** What a ShardingManager's child finds in its environment (discord.js's own SHARDS and SHARD_COUNT, and ours). */
interface ChildEnv {
  SHARDS: string;
  SHARD_COUNT: string;
  /** Which of this machine's processes it is (0-based): its metrics port is the base plus this. */
  MUSTER_PROCESS_INDEX: string;
  MUSTER_METRICS_PORT?: string;
  MUSTER_METRICS_PROCESS?: string;
}

/**
 * `npm start` with a token: a manager's child runs its shards; otherwise the
 * plan from the environment runs here (one process) or in forked children of
 * `entry` (the file this process started from, which must call this again).
 */
export async function launchBot(config: Config, entry: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const log = createLogger(config.logLevel);
  if (env.SHARDING_MANAGER) {
    const ids = [JSON.parse(env.SHARDS ?? '0') as number | number[]].flat();
    const count = Number(env.SHARD_COUNT ?? ids.length);
    log.info(`process ${env.MUSTER_PROCESS_INDEX ?? '?'}: shards ${shardListText(ids)} of ${count}`);
    // The manager gone (killed, or it gave up starting): no process of ours is left running unsupervised.
    process.once('disconnect', () => {
      log.warn('the sharding manager is gone: stopping');
      process.kill(process.pid, 'SIGTERM');
    });
    // discord.js tells the manager of each shard event without asking whether it is still there.
    process.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ERR_IPC_CHANNEL_CLOSED') log.error('process error', error);
    });
    await (await import('./start.ts')).startBot(config, { ids, count });
    return;
  }
  const auto = env.MUSTER_SHARD_COUNT?.trim() === 'auto';
  const plan = shardPlan(env, auto ? await recommendedShards(config, env) : undefined);
  if (plan.processes.length === 1) {
    if (plan.count > 1) log.info(`shards ${shardListText(plan.shards)} of ${plan.count} in this process`);
    // The manager never loads the bot itself: only its children do.
    await (await import('./start.ts')).startBot(config, { ids: plan.shards, count: plan.count });
    return;
  }
  await manageShards(config, plan, entry, env, log);
}

/** Discord's recommended shard count for this bot (MUSTER_SHARD_COUNT=auto, one machine). */
async function recommendedShards(config: Config, env: NodeJS.ProcessEnv): Promise<number> {
  const api = env.DISCORD_API_BASE?.trim();
  const rest = new REST(api ? { api } : {}).setToken(config.discordToken ?? '');
  const answer = (await rest.get(Routes.gatewayBot())) as { shards: number };
  return Math.max(1, answer.shards);
}

/**
 * Gap between one process being ready and starting the next (Discord allows
 * one identify per 5 s per bucket, and each process throttles only its own
 * shards); 0 starts them all at once (a bot whose max_concurrency covers its
 * shards, or tests).
 */
function spawnDelayMs(env: NodeJS.ProcessEnv): number {
  const text = env.MUSTER_SPAWN_DELAY_MS?.trim();
  return text && /^\d+$/.test(text) ? Number(text) : 5_500;
}

/**
 * The manager: one child per process of the plan, started in turn (each
 * waits for its shards to be ready), respawned when it dies; SIGINT or
 * SIGTERM stops them all gracefully and then this process.
 */
async function manageShards(config: Config, plan: ShardPlan, entry: string, env: NodeJS.ProcessEnv, log: Logger): Promise<ShardingManager> {
  const manager = new ShardingManager(entry, {
    totalShards: plan.count,
    // A process's child is known to the manager by its first shard.
    shardList: plan.processes.map((group) => group[0]),
    token: config.discordToken ?? undefined,
    mode: 'process',
    respawn: true,
    // The same node flags (and, under tsx, its loader) as this process.
    execArgv: process.execArgv,
  });
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping ${manager.shards.size} bot process(es)`);
    manager.respawn = false;
    await Promise.all(manager.shards.map((shard) => stopChild(shard.process)));
    process.exit(0);
  };
  process.once('SIGINT', (signal) => void stop(signal));
  process.once('SIGTERM', (signal) => void stop(signal));
  const base = env.MUSTER_METRICS_PORT?.trim() ? Number(env.MUSTER_METRICS_PORT) : null;
  const delay = spawnDelayMs(env);
  log.info(`shards ${shardListText(plan.shards)} of ${plan.count} in ${plan.processes.length} processes`);
  const start = async (group: number[], index: number) => {
    const shard = manager.createShard(group[0]);
    const childEnv = shard.env as ChildEnv;
    // discord.js passes one shard id per child; ours runs the whole run.
    childEnv.SHARDS = JSON.stringify(group);
    childEnv.MUSTER_PROCESS_INDEX = String(index);
    if (base !== null) childEnv.MUSTER_METRICS_PORT = String(base + index);
    // A name given for the machine's metrics: each process's series told apart by its number.
    if (env.MUSTER_METRICS_PROCESS?.trim()) childEnv.MUSTER_METRICS_PROCESS = `${env.MUSTER_METRICS_PROCESS.trim()}-${index}`;
    shard.on(
      'death',
      (child) =>
        !stopping && log.warn(`bot process ${index} (shards ${shardListText(group)}) exited (${exitOf(child)}); starting it again`),
    );
    // Resolves once its client is ready (every shard's servers arrived).
    await shard.spawn(120_000);
    log.info(`bot process ${index} ready: shards ${shardListText(group)}`);
  };
  try {
    if (delay === 0) await Promise.all(plan.processes.map(start));
    else
      for (const [index, group] of plan.processes.entries()) {
        if (stopping) break;
        if (index > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        await start(group, index);
      }
  } catch (error) {
    // One could not start (a wrong token, no network): the others stop too, and the start fails as a whole.
    manager.respawn = false;
    await Promise.all(manager.shards.map((shard) => stopChild(shard.process)));
    throw error;
  }
  return manager;
}

/** SIGTERM (the bot's graceful stop: ≤ 5 s for running commands), SIGKILL if it has not exited after 15 s (inside systemd's 20). */
async function stopChild(child: import('node:child_process').ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

function exitOf(child: unknown): string {
  const exited = child as { exitCode?: number | null; signalCode?: string | null };
  return exited.signalCode ? `signal ${exited.signalCode}` : `code ${exited.exitCode ?? '?'}`;
}
