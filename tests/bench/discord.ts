// `npm run bench -- discord [--turns N]`: what people see (issue 19 §10).
// A short KPW game (two players) and a three-player Rifle and Axe game played
// through the real discord.js client, router and services against the
// loopback stand-in for Discord (tests/bot/fake-discord.ts), which sees every
// REST request. Each move is the seat's own bot's pick, made by that seat's
// player as a real press where a live button or dropdown on a delivered
// message offers it (the component interaction carries that message's id and
// rows), else typed as a slash command; after each the bench waits until the
// bot is idle and its outbox drained, as a player would wait for the ping.
// Figures, per game:
// - public messages per turn: interaction replies and follow-ups not marked
//   ephemeral, and posts in channels other than DMs and private threads;
// - maps per turn: image attachments on those messages (and on edits of a
//   deferred reply);
// - REST calls per command under Discord's global limit (every request but
//   interaction callbacks and webhook follow-ups/edits), p50 and p99, and
//   their totals by route;
// - acknowledgement: the interaction fed to the client → its first callback
//   reaching the stand-in, p50 and p99;
// - ping delay: the commit that hands the decision to another player → the
//   first post mentioning that player reaching the stand-in, p50 and p99.
// A benchmark, not a test: it reports, it does not pass or fail.
import { parseArgs } from 'node:util';
import seedrandom from 'seedrandom';
import { runBot, type BotHandle } from '../../src/bot/client.ts';
import type { Logger } from '../../src/bot/log.ts';
import { createRouter } from '../../commands/router.ts';
import { openServices, type Services } from '../../src/app/services.ts';
import { envOf } from '../../src/app/session.ts';
import { getGame } from '../../src/games/registry.ts';
import { tempDb } from '../setup/test-db.ts';
import { FakeDiscord, type RecordedRequest } from '../bot/fake-discord.ts';
import { ALICE, BOB, CHANNEL_ID, commandPayload, feed, pressOn, seedGuild, selectPayload, type RawOption } from '../bot/payloads.ts';
import { buttonId } from '../../commands/present.ts';
import type { Delivered } from '../bot/fake-discord.ts';
import { pct, print } from './figures.ts';

const CAROL = { ...ALICE, id: '1300000000000000003', username: 'carol', global_name: 'Carol' };
const USERS = [ALICE, BOB, CAROL];
type User = typeof ALICE;

const EPHEMERAL = 64;
const isCallback = (r: RecordedRequest) => /^\/interactions\/\d+\/[^/]+\/callback$/.test(r.path);
const isWebhook = (r: RecordedRequest) => r.path.startsWith('/webhooks/');
const images = (r: RecordedRequest) => r.files.filter((f) => f.type.startsWith('image/') || /\.png$/i.test(f.name)).length;

function routeOf(r: RecordedRequest, fake: FakeDiscord): string {
  const p = r.path;
  if (r.method === 'POST' && /^\/channels\/\d+\/messages$/.test(p)) return 'post';
  if (r.method === 'PATCH' && /^\/channels\/\d+\/messages\/\d+$/.test(p)) {
    const card = r.body && Array.isArray(r.body.embeds) && r.body.embeds.length && !r.body.content;
    return card ? 'card_edit' : 'edit';
  }
  if (/pins/.test(p)) return 'pin';
  if (/^\/channels\/\d+\/threads$/.test(p) || /thread-members/.test(p)) return 'thread';
  if (r.method === 'PATCH' && /^\/channels\/\d+$/.test(p))
    return fake.channels.get(p.split('/')[2])?.thread_metadata ? 'thread' : 'channel';
  if (p === '/users/@me/channels') return 'dm_open';
  return `other_${r.method.toLowerCase()}`;
}

/** Whether a channel's messages are seen by everyone there (not a DM, not a private thread). */
function publicChannel(fake: FakeDiscord, channelId: string): boolean {
  const type = fake.channels.get(channelId)?.type;
  return type !== 1 && type !== 12;
}

interface Rig {
  fake: FakeDiscord;
  svc: Services;
  bot: BotHandle;
  /** performance.now() of each commit, with its game. */
  commits: { at: number; gameId: number }[];
}

async function boot(): Promise<Rig> {
  const fake = await new FakeDiscord().start();
  // As the bot runs (src/bot/start.ts): pictures drawn by the outbox as they are delivered, in render threads.
  const svc = openServices({ dbPath: tempDb(), seed: 'bench-discord', maxSnapshots: 2, drawAtDelivery: true });
  const commits: Rig['commits'] = [];
  const commit = svc.store.commit.bind(svc.store);
  svc.store.commit = ((gameId: number, ...rest: unknown[]) => {
    const out = (commit as (...a: unknown[]) => unknown)(gameId, ...rest);
    commits.push({ at: performance.now(), gameId });
    return out;
  }) as typeof svc.store.commit;
  // An action commits through commitRow (the row as written, nothing read back): timed the same way.
  const commitRow = svc.store.commitRow.bind(svc.store);
  svc.store.commitRow = ((row: { id: number }, ...rest: unknown[]) => {
    const out = (commitRow as (...a: unknown[]) => unknown)(row, ...rest);
    commits.push({ at: performance.now(), gameId: row.id });
    return out;
  }) as typeof svc.store.commitRow;
  const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };
  const bot = await runBot(createRouter(svc), { login: false, token: 'test-token', apiBase: fake.api, tickMs: 0, logger: silent });
  seedGuild(bot.client, fake);
  return { fake, svc, bot, commits };
}

/** A slash command from a user, with a subcommand group when the subcommand has one. */
function slash(command: string, group: string | undefined, sub: string, options: RawOption[], user: User) {
  const p = commandPayload(command, group ?? sub, group ? [] : options, { user });
  if (group) (p.data.options[0] as any) = { name: group, type: 2, options: [{ name: sub, type: 1, options }] };
  return p;
}

const optionOf = (name: string, value: unknown): RawOption =>
  typeof value === 'boolean'
    ? { name, type: 5, value }
    : typeof value === 'number'
      ? { name, type: Number.isInteger(value) ? 4 : 10, value }
      : { name, type: 3, value: String(value) };

interface Tally {
  commands: number;
  /** Of which button presses and dropdown choices (the rest are slash commands). */
  presses: number;
  publicMessages: number;
  /** Of which replies to the command (interaction responses and follow-ups). */
  publicReplies: number;
  maps: number;
  restPerCommand: number[];
  routes: Map<string, number>;
  ack: number[];
  noAck: number;
  ping: number[];
  missingPings: number;
  handOffs: number;
}

/**
 * Until the bot is idle and its outbox drained: every track but the cards
 * (a player waits for the ping, not for the card, which is edited at most
 * once per window; its edit counts against whichever command it falls in),
 * or all of them (`cards`, at the end of a game).
 */
async function drain(rig: Rig, cards = false): Promise<void> {
  const until = performance.now() + 15_000;
  const waiting = rig.svc.store.db.prepare(`SELECT COUNT(*) FROM outbox WHERE state = 'pending' AND (? OR track <> 'card')`).pluck();
  for (;;) {
    await rig.bot.idle();
    if (!(waiting.get(cards ? 1 : 0) as number) || performance.now() > until) return;
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** Feed one interaction, wait for it and its posts, and count what it cost. */
async function send(rig: Rig, payload: any, tally: Tally, handOff?: () => { user: string; gameId: number }[]): Promise<void> {
  const { fake } = rig;
  const from = fake.requests.length;
  const commitsFrom = rig.commits.length;
  const t0 = performance.now();
  feed(rig.bot.client, payload);
  await drain(rig);
  const reqs = fake.requests.slice(from);
  tally.commands++;
  const cb = reqs.find((r) => isCallback(r) && r.path.startsWith(`/interactions/${payload.id}/`));
  if (cb) tally.ack.push(cb.at - t0);
  else tally.noAck++;
  let rest = 0;
  for (const r of reqs) {
    const flags = Number(r.body?.data?.flags ?? r.body?.flags ?? 0);
    if (isCallback(r)) {
      const type = r.body?.type;
      if ((type === 4 || type === 5) && !(flags & EPHEMERAL)) {
        tally.publicMessages++;
        tally.publicReplies++;
      }
      if (!(flags & EPHEMERAL)) tally.maps += images(r);
      continue;
    }
    if (isWebhook(r)) {
      // An edit of the deferred reply is as private as the deferral was.
      const original = /@original$/.test(r.path);
      const priv = original ? !!(Number(cb?.body?.data?.flags ?? 0) & EPHEMERAL) : !!(flags & EPHEMERAL);
      if (r.method === 'POST' && !priv) {
        tally.publicMessages++;
        tally.publicReplies++;
      }
      if (!priv) tally.maps += images(r);
      continue;
    }
    // Under Discord's global limit: everything but interaction responses and their follow-ups.
    rest++;
    const route = routeOf(r, fake);
    tally.routes.set(route, (tally.routes.get(route) ?? 0) + 1);
    const m = r.method === 'POST' && r.path.match(/^\/channels\/(\d+)\/messages$/);
    if (m && publicChannel(fake, m[1])) {
      tally.publicMessages++;
      tally.maps += images(r);
      if (process.env.BENCH_SHOW_POSTS)
        console.log(
          `  post: ${images(r)} image(s), pings ${(r.body?.allowed_mentions?.users ?? []).length}: ${String(r.body?.content ?? '')
            .replace(/\n/g, ' | ')
            .slice(0, 160)}`,
        );
    }
    // A ping's pictures, added to it by an edit (issue 19 §4).
    const e = r.method === 'PATCH' && r.path.match(/^\/channels\/(\d+)\/messages\/\d+$/);
    if (e && publicChannel(fake, e[1])) tally.maps += images(r);
  }
  tally.restPerCommand.push(rest);
  if (!handOff) return;
  for (const h of handOff()) {
    tally.handOffs++;
    const commit = rig.commits
      .slice(commitsFrom)
      .filter((c) => c.gameId === h.gameId)
      .at(-1);
    const ping = reqs.find(
      (r) =>
        r.method === 'POST' &&
        /^\/channels\/\d+\/messages$/.test(r.path) &&
        (r.body?.allowed_mentions?.users ?? []).includes(h.user) &&
        (!commit || r.at >= commit.at),
    );
    if (ping && commit) tally.ping.push(ping.at - commit.at);
    else tally.missingPings++;
  }
}

const newTally = (): Tally => ({
  commands: 0,
  presses: 0,
  publicMessages: 0,
  publicReplies: 0,
  maps: 0,
  restPerCommand: [],
  routes: new Map(),
  ack: [],
  noAck: 0,
  ping: [],
  missingPings: 0,
  handOffs: 0,
});

/**
 * The live control that makes this choice, on the newest message that has it:
 * a button with its custom id, or a dropdown offering it as an option.
 */
function controlFor(fake: FakeDiscord, customId: string): { message: Delivered; select?: string } | null {
  for (let i = fake.delivered.length - 1; i >= 0; i--) {
    const message = fake.delivered[i];
    for (const row of message.components ?? [])
      for (const c of row.components ?? []) {
        if (c.disabled) continue;
        if (c.type === 2 && c.custom_id === customId) return { message };
        if (c.type === 3 && (c.options ?? []).some((o: any) => o.value === customId)) return { message, select: c.custom_id };
      }
  }
  return null;
}

/** Opens, seats and starts a game by commands, then plays it by its bots' picks: pressed where a control offers the pick, else typed as a slash command. */
async function playGame(rig: Rig, label: string, system: string, options: string, players: number, maxTurns: number) {
  const s = (name: string, value: string): RawOption => ({ name, type: 3, value });
  const mod = getGame(system)!;
  const setup = newTally();
  await send(rig, commandPayload('game', 'new', [s('system', system), s('options', options)], { user: ALICE }), setup);
  const roles = mod.roles(mod.parseOptions(Object.fromEntries(options.split(/\s+/).map((kv) => kv.split('=')))));
  for (let i = 0; i < players; i++) await send(rig, commandPayload('game', 'join', [s('side', roles[i].id)], { user: USERS[i] }), setup);
  const tally = newTally();
  await send(rig, commandPayload('game', 'start', [], { user: ALICE }), tally);
  const rand = seedrandom(`bench-discord-${label}`);
  const row0 = rig.svc.store.liveGame(CHANNEL_ID);
  if (!row0) throw new Error(`${label}: no live game after /game start`);
  const gameId = row0.id;
  const turnOf = (g: any) => Number(g.turn ?? 0);
  // Turns are counted as the distinct turn numbers played (a short KPW game plays odd turns only).
  const seen = new Set<number>([turnOf(envOf(row0).game)]);
  const userOf = (role: string) => rig.svc.store.seats(gameId).find((x) => x.role === role)?.userId;
  const promptedUsers = () => {
    const row = rig.svc.store.game(gameId);
    if (row?.status !== 'active') return new Set<string>();
    return new Set(
      mod
        .prompts(envOf(row).game)
        .map((p) => userOf(p.role))
        .filter((u): u is string => !!u && !u.startsWith('bot:')),
    );
  };
  let turns = 1;
  let capped = false;
  let refused = 0;
  const started = performance.now();
  for (;;) {
    const row = rig.svc.store.game(gameId);
    if (row?.status !== 'active') break;
    const env = envOf(row);
    if (!seen.has(turnOf(env.game)) && seen.size >= maxTurns) {
      capped = true;
      break;
    }
    seen.add(turnOf(env.game));
    turns = seen.size;
    const prompts = mod.prompts(env.game);
    if (!prompts.length) break;
    const p = prompts[Math.floor(rand() * prompts.length)];
    const legal = mod.legal(env.game, p.role);
    if (!legal.length) break;
    const pick = mod.bot ? mod.bot(env.game, p.role, legal, { rand: () => rand() }) : legal[0];
    const seat = rig.svc.store.seats(gameId).find((x) => x.role === p.role)!;
    const user = USERS.find((u) => u.id === seat.userId)!;
    const group = mod.subcommands.find((x) => x.name === pick.sub)?.group;
    const opts = Object.entries(pick.args ?? {}).map(([k, v]) => optionOf(k, v));
    const before = promptedUsers();
    const version = row.version;
    const decision = env.decisions?.open[p.role]?.id;
    const control = decision === undefined ? null : controlFor(rig.fake, buttonId(gameId, decision, p.role, pick.action));
    let payload: any;
    if (control) {
      const id = buttonId(gameId, decision!, p.role, pick.action);
      const on = { id: control.message.id, components: control.message.components };
      const who = { user, channelId: control.message.channelId };
      payload = control.select ? selectPayload(control.select, id, who, on) : pressOn(id, on, who);
      rig.fake.pressing(payload);
      tally.presses++;
    } else {
      payload = slash(mod.command, group, pick.sub, opts, user);
    }
    await send(rig, payload, tally, () =>
      [...promptedUsers()].filter((u) => u !== user.id && !before.has(u)).map((u) => ({ user: u, gameId })),
    );
    if (rig.svc.store.game(gameId)?.version === version) {
      refused++;
      if (refused > 20) throw new Error(`${label}: 20 commands refused; last /${mod.command} ${pick.sub} ${JSON.stringify(pick.args)}`);
    }
  }
  // The cards still waiting for their window: their edits count against the last command.
  const left = rig.fake.requests.length;
  await drain(rig, true);
  for (const r of rig.fake.requests.slice(left).filter((x) => !isCallback(x) && !isWebhook(x))) {
    tally.restPerCommand[tally.restPerCommand.length - 1]++;
    tally.routes.set(routeOf(r, rig.fake), (tally.routes.get(routeOf(r, rig.fake)) ?? 0) + 1);
  }
  const seconds = (performance.now() - started) / 1000;
  const over = rig.svc.store.game(gameId)?.status !== 'active';
  console.log(
    `# ${label}: ${tally.commands} commands, ${turns} turn(s)${capped ? ` (capped at ${maxTurns} turns)` : ''}, ${over ? 'game over' : 'game not over'}, ${refused} refused, ${seconds.toFixed(1)} s`,
  );
  const perTurn = Math.max(1, turns);
  print(`discord.${label}.commands`, tally.commands, 'count');
  print(`discord.${label}.presses`, tally.presses, 'count');
  print(`discord.${label}.turns`, turns, 'count');
  print(`discord.${label}.public_messages_per_turn`, tally.publicMessages / perTurn, 'count/turn');
  print(`discord.${label}.public_replies_per_turn`, tally.publicReplies / perTurn, 'count/turn');
  print(`discord.${label}.public_posts_per_turn`, (tally.publicMessages - tally.publicReplies) / perTurn, 'count/turn');
  print(`discord.${label}.public_messages_per_command`, tally.publicMessages / tally.commands, 'count/command');
  print(`discord.${label}.maps_per_turn`, tally.maps / perTurn, 'count/turn');
  print(`discord.${label}.rest_global_per_command_mean`, tally.restPerCommand.reduce((a, b) => a + b, 0) / tally.commands, 'calls');
  print(`discord.${label}.rest_global_per_command_p50`, pct(tally.restPerCommand, 50), 'calls');
  print(`discord.${label}.rest_global_per_command_p99`, pct(tally.restPerCommand, 99), 'calls');
  for (const [route, n] of [...tally.routes].sort())
    print(`discord.${label}.rest_global.${route}_per_command`, n / tally.commands, 'calls');
  print(`discord.${label}.ack_ms_p50`, pct(tally.ack, 50), 'ms');
  print(`discord.${label}.ack_ms_p99`, pct(tally.ack, 99), 'ms');
  if (tally.noAck) print(`discord.${label}.unacknowledged`, tally.noAck, 'count');
  print(`discord.${label}.handoffs`, tally.handOffs, 'count');
  print(`discord.${label}.ping_delay_ms_p50`, pct(tally.ping, 50), 'ms');
  print(`discord.${label}.ping_delay_ms_p99`, pct(tally.ping, 99), 'ms');
  print(`discord.${label}.handoffs_without_ping`, tally.missingPings, 'count');
}

export async function runDiscord(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { turns: { type: 'string', default: '99' } } });
  const maxTurns = Number(values.turns);
  console.log(
    "# real discord.js client and router against the loopback stand-in; moves are the bots' picks, pressed where a button or dropdown offers them, else typed as slash commands",
  );
  for (const [label, system, options, players] of [
    ['kpw', 'kpw', 'short=true', 2],
    ['rifle', 'rifle', 'players=3', 3],
  ] as const) {
    const rig = await boot();
    try {
      await playGame(rig, label, system, options, players, maxTurns);
    } finally {
      await rig.bot.stop();
      rig.svc.store.close();
      await rig.fake.close();
    }
  }
}
