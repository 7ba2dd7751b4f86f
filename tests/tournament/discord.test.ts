// A tournament behind the real discord.js client and the real router (fake
// Discord API): each match opens its own thread under the tournament's
// channel with both players mentioned, the game moves into it and is played
// there; the hub is one message in the channel, edited in place.
import { bootServiceRig, closeServiceRigs, type ServiceRig } from '../bot/setup.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { getGame, registerGame } from '../../src/games/registry.ts';
import { duel } from '../fixtures/duel.ts';
import { ALICE, BOB, CHANNEL_ID, PERMS, commandPayload, feed } from '../bot/payloads.ts';
import { repoOf } from '../../src/tournament/repo.ts';

if (!getGame('duel')) registerGame(duel);
const s = (name: string, value: string) => ({ name, type: 3, value });

type Rig = ServiceRig;
afterEach(closeServiceRigs);

const boot = (): Promise<Rig> => bootServiceRig({ seed: 'tourney-discord', retry: { baseMs: 20, maxMs: 100, maxAttempts: 3, pollMs: 20 } });

async function send(r: Rig, payload: unknown): Promise<void> {
  feed(r.bot.client, payload);
  await r.bot.idle();
  await r.bot.outbox.settle();
}

describe('a tournament in Discord (issue 13)', () => {
  it('opens a thread per match with both players mentioned, plays the game there, and keeps one hub message up to date', async () => {
    const r = await boot();
    const mod = { permissions: PERMS.manageGuild };
    await send(r, commandPayload('tournament', 'create', [s('name', 'Cup'), s('system', 'duel'), s('format', 'knockout')], mod));
    await send(r, commandPayload('tournament', 'signup', [], mod));
    await send(r, commandPayload('tournament', 'checkin', [], mod));
    await send(r, commandPayload('tournament', 'signup', [], { user: BOB }));
    await send(r, commandPayload('tournament', 'checkin', [], { user: BOB }));
    await send(r, commandPayload('tournament', 'start', [], mod));
    const threads = r.fake.find('POST', `/channels/${CHANNEL_ID}/threads`);
    expect(threads).toHaveLength(1);
    expect(threads[0].body.name).toBe('Cup R1 T1: Alice v Bob');
    const m = repoOf(r.svc).matches(1, 1)[0];
    const threadId = r.svc.store.game(m.gameId!)!.channelId;
    expect(r.fake.channels.get(threadId)?.parent_id).toBe(CHANNEL_ID);
    // The thread's first post pings both players (Discord adds them to the thread).
    const [opening] = r.fake.messages(threadId);
    expect(opening.content).toContain(`<@${ALICE.id}> v <@${BOB.id}>`);
    // The hub: one message in the channel, sent once and edited since, linking the thread.
    const hubs = r.fake.cards(CHANNEL_ID).filter((d) => d.embeds[0]?.title === '🏆 Cup (#1)');
    expect(hubs).toHaveLength(1);
    expect(JSON.stringify(hubs[0].embeds[0].fields)).toContain(`<#${threadId}>`);
    expect(r.fake.find('PATCH', `/channels/${CHANNEL_ID}/messages/${hubs[0].id}`).length).toBeGreaterThan(3);
    expect(r.fake.pins.get(CHANNEL_ID)?.has(hubs[0].id)).toBe(true);
    // The loser resigns in the thread: the match ends, the tournament finishes, the hub says who won.
    const loser = m.b === BOB.id ? BOB : ALICE;
    await send(r, commandPayload('game', 'resign', [], { user: loser, channelId: threadId }));
    expect(repoOf(r.svc).get(1)!.status).toBe('finished');
    expect(r.fake.cards(CHANNEL_ID).find((d) => d.id === hubs[0].id)!.embeds[0].description).toMatch(
      /Finished after 1 round\. Winner: <@\d+>/,
    );
  });

  it('threads_in a forum: each match is a forum post (its first message names the match), the hub stays in the channel', async () => {
    const r = await boot();
    const FORUM = '1200000000000000077';
    r.fake.channels.set(FORUM, {
      id: FORUM,
      type: 15,
      guild_id: '1200000000000000001',
      name: 'matches',
      position: 1,
      parent_id: null,
      topic: null,
      nsfw: false,
      rate_limit_per_user: 0,
      permission_overwrites: [],
      available_tags: [],
      flags: 0,
    });
    const mod = { permissions: PERMS.manageGuild };
    await send(
      r,
      commandPayload(
        'tournament',
        'create',
        [s('name', 'Cup'), s('system', 'duel'), s('format', 'knockout'), { name: 'threads_in', type: 7, value: FORUM }],
        mod,
      ),
    );
    await send(r, commandPayload('tournament', 'signup', [], mod));
    await send(r, commandPayload('tournament', 'checkin', [], mod));
    await send(r, commandPayload('tournament', 'signup', [], { user: BOB }));
    await send(r, commandPayload('tournament', 'checkin', [], { user: BOB }));
    await send(r, commandPayload('tournament', 'start', [], mod));
    const posts = r.fake.find('POST', `/channels/${FORUM}/threads`);
    expect(posts).toHaveLength(1);
    expect(posts[0].body.message.content).toBe('Cup R1 T1: Alice v Bob');
    expect(r.fake.find('POST', `/channels/${CHANNEL_ID}/threads`)).toHaveLength(0);
    const m = repoOf(r.svc).matches(1, 1)[0];
    const threadId = r.svc.store.game(m.gameId!)!.channelId;
    expect(r.fake.channels.get(threadId)?.parent_id).toBe(FORUM);
    expect(r.fake.messages(threadId)[0].content).toContain(`<@${ALICE.id}> v <@${BOB.id}>`);
    expect(r.fake.cards(CHANNEL_ID).some((d) => d.embeds[0]?.title === '🏆 Cup (#1)')).toBe(true);
  });
});
