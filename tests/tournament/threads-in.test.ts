// Issue 19 §9: /tournament create threads_in: is Discord's channel picker
// (text, announcement and forum channels only), and the bot checks before
// creating anything that it can open match threads there; otherwise the
// organiser is told privately what is missing and no tournament is created
// (a free-text "matches" was accepted before, then every match failed to
// open its thread and retried for ever).
import { ClientUser, PermissionFlagsBits } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { bootServiceRig, closeServiceRigs, type ServiceRig } from '../bot/setup.ts';
import { getGame, registerGame } from '../../src/games/registry.ts';
import { duel } from '../fixtures/duel.ts';
import { BOT_USER } from '../bot/fake-discord.ts';
import { CHANNEL_ID, GUILD_ID, PERMS, commandPayload, feed } from '../bot/payloads.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import { commandsJson } from '../../src/bot/commands-json.ts';
import { commandTable } from '../../commands/router.ts';
import { definitionOf } from '../../commands/table.ts';

if (!getGame('duel')) registerGame(duel);
const s = (name: string, value: string) => ({ name, type: 3, value });
const BOT_ROLE = '1200000000000000050';
const THREADS =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.CreatePublicThreads |
  PermissionFlagsBits.SendMessagesInThreads;

afterEach(closeServiceRigs);

/** A rig whose bot is logged in as a member of the server with a role that may open threads everywhere. */
async function boot(): Promise<ServiceRig> {
  const r = await bootServiceRig({ seed: 'threads-in', retry: { baseMs: 20, maxMs: 100, maxAttempts: 3, pollMs: 20 } });
  const client = r.bot.client;
  (client as { user: ClientUser | null }).user = new (ClientUser as any)(client, BOT_USER);
  const guild = client.guilds.cache.get(GUILD_ID)!;
  (guild.roles as any)._add({
    id: BOT_ROLE,
    name: 'Muster',
    color: 0,
    hoist: false,
    position: 2,
    permissions: String(THREADS),
    managed: true,
    mentionable: false,
    flags: 0,
  });
  (guild.members as any)._add({
    user: BOT_USER,
    roles: [BOT_ROLE],
    joined_at: '2024-01-01T00:00:00.000Z',
    deaf: false,
    mute: false,
    flags: 0,
  });
  return r;
}

/** A channel of the server, with these permission overwrites, as GUILD_CREATE caches it and Discord serves it. */
function channel(r: ServiceRig, id: string, type: number, name: string, overwrites: unknown[] = []): void {
  const raw = {
    id,
    type,
    guild_id: GUILD_ID,
    name,
    position: 3,
    parent_id: null,
    topic: null,
    nsfw: false,
    rate_limit_per_user: 0,
    permission_overwrites: overwrites,
    flags: 0,
  };
  r.fake.channels.set(id, raw);
  (r.bot.client.channels as any)._add(raw, r.bot.client.guilds.cache.get(GUILD_ID));
}

async function create(r: ServiceRig, threadsIn: string): Promise<string> {
  const before = r.fake.requests.length;
  feed(
    r.bot.client,
    commandPayload(
      'tournament',
      'create',
      [s('name', 'Cup'), s('system', 'duel'), s('format', 'knockout'), { name: 'threads_in', type: 7, value: threadsIn }],
      { permissions: PERMS.manageGuild },
    ),
  );
  await r.bot.idle();
  await r.bot.outbox.settle();
  const answers = r.fake.requests.slice(before).filter((q) => /^\/(interactions|webhooks)\//.test(q.path));
  return answers
    .map((q) => `${(q.body?.data?.flags ?? q.body?.flags ?? 0) & 64 ? '[private] ' : ''}${q.body?.data?.content ?? q.body?.content ?? ''}`)
    .join('\n');
}

describe('threads_in: a channel picker, checked at create (issue 19 §9)', () => {
  it('is a Discord channel option offering text, announcement and forum channels', () => {
    const json = commandsJson(commandTable().map(definitionOf)).find((c) => c.name === 'tournament')!;
    const createSub = (json.options as any[]).find((o) => o.name === 'create');
    const option = createSub.options.find((o: any) => o.name === 'threads_in');
    expect(option.type).toBe(7);
    expect(option.channel_types).toEqual([0, 5, 15]);
  });

  it('a channel where the bot may not create threads is refused privately, naming what is missing; nothing is created', async () => {
    const r = await boot();
    const LOCKED = '1200000000000000061';
    channel(r, LOCKED, 0, 'locked', [{ id: BOT_ROLE, type: 0, allow: '0', deny: String(PermissionFlagsBits.CreatePublicThreads) }]);
    const said = await create(r, LOCKED);
    expect(said).toMatch(
      /^\[private\] ❌ I cannot open match threads in <#1200000000000000061> \(`threads_in:`\): I lack Create Public Threads there/,
    );
    expect(said).toMatch(/Nothing was created\.$/);
    expect(repoOf(r.svc).get(1)).toBeFalsy();
  });

  it('a voice channel, or one the bot cannot see, is refused with what to pick instead', async () => {
    const r = await boot();
    const VOICE = '1200000000000000062';
    channel(r, VOICE, 2, 'voice');
    expect(await create(r, VOICE)).toMatch(
      /^\[private\] ❌ <#1200000000000000062> \(`threads_in:`\) cannot hold match threads: pick a text channel, an announcement channel or a forum/,
    );
    const HIDDEN = '1200000000000000063';
    channel(r, HIDDEN, 15, 'staff', [{ id: BOT_ROLE, type: 0, allow: '0', deny: String(PermissionFlagsBits.ViewChannel) }]);
    expect(await create(r, HIDDEN)).toMatch(
      /^\[private\] ❌ I cannot see <#1200000000000000063> \(`threads_in:`\): give me View Channel there/,
    );
    expect(repoOf(r.svc).get(1)).toBeFalsy();
  });

  it('a channel where it can: the tournament is created with its match threads there', async () => {
    const r = await boot();
    const OPEN = '1200000000000000064';
    channel(r, OPEN, 0, 'matches');
    const said = await create(r, OPEN);
    expect(said).not.toMatch(/❌/);
    expect(repoOf(r.svc).get(1)?.matchParent).toBe(OPEN);
    // The channel of the command itself (no overwrites) is fine too.
    expect(await create(r, CHANNEL_ID)).not.toMatch(/❌/);
  });
});

describe('/game new thread:true: checked before the game is created (issue 19 §9)', () => {
  async function newInThread(r: ServiceRig): Promise<string> {
    const before = r.fake.requests.length;
    feed(r.bot.client, commandPayload('game', 'new', [s('system', 'duel'), { name: 'thread', type: 5, value: true }]));
    await r.bot.idle();
    await r.bot.outbox.settle();
    return r.fake.requests
      .slice(before)
      .filter((q) => /^\/(interactions|webhooks)\//.test(q.path))
      .map(
        (q) => `${(q.body?.data?.flags ?? q.body?.flags ?? 0) & 64 ? '[private] ' : ''}${q.body?.data?.content ?? q.body?.content ?? ''}`,
      )
      .join('\n');
  }

  it('where the bot may not create threads, the caller is told privately which permission is missing; no game is created', async () => {
    const r = await boot();
    const here = r.bot.client.channels.cache.get(CHANNEL_ID) as any;
    here.permissionOverwrites._add({ id: BOT_ROLE, type: 0, allow: '0', deny: String(PermissionFlagsBits.SendMessagesInThreads) });
    const said = await newInThread(r);
    expect(said).toMatch(
      /^\[private\] ❌ I cannot open a thread in <#\d+> \(`thread:true`\): I lack Send Messages in Threads there\. .*without `thread:`/,
    );
    expect(said).toMatch(/Nothing was created\.$/);
    expect(r.svc.store.game(1)).toBeFalsy();
  });

  it('where it may, the game is created in its thread', async () => {
    const r = await boot();
    const said = await newInThread(r);
    expect(said).not.toMatch(/❌/);
    expect(r.svc.store.game(1)).toBeTruthy();
  });
});
