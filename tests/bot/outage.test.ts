// Issue 19 §9: refused posts told once per outage, /game repost during and
// after it, the game reposted once by itself when a post gets through again, and a post Discord refuses as malformed (400, 50035) reported as
// the bot's fault to the moderators and the log, never as a permissions
// problem. The real router and discord.js client against the loopback stand-in.
import { afterEach, describe, expect, it } from 'vitest';
import { bootServiceRig, closeServiceRigs, type ServiceRig } from './setup.ts';
import { getGame, registerGame } from '../../src/games/registry.ts';
import { duel } from '../fixtures/duel.ts';
import { FAULTS, ON } from './fake-discord.ts';
import { PNG } from './fake-router.ts';
import { ALICE, BOB, CHANNEL_ID, PERMS, commandPayload, feed } from './payloads.ts';
import type { Logger } from '../../src/bot/log.ts';

if (!getGame('dueldraw')) registerGame({ ...duel, id: 'dueldraw', command: 'dueldraw', title: 'Duel (drawn)', render: async () => PNG });

const RETRY = { baseMs: 20, maxMs: 100, maxAttempts: 4, pollMs: 20 };
const s = (name: string, value: string) => ({ name, type: 3, value });
const INVALID = {
  status: 400,
  body: {
    message: 'Invalid Form Body',
    code: 50035,
    errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] } },
  },
};

afterEach(closeServiceRigs);

/** Posts in the game's channel (direct messages still go). */
const inChannel = (r: Parameters<typeof ON.channelPost>[0]) => ON.channelPost(r) && r.path === `/channels/${CHANNEL_ID}/messages`;

interface Table extends ServiceRig {
  logs: string[];
}

async function send(t: Table, payload: unknown): Promise<void> {
  feed(t.bot.client, payload);
  await t.bot.idle();
  await t.bot.outbox.settle();
}

async function started(): Promise<Table> {
  const logs: string[] = [];
  const keep = (level: string) => (msg: string) => logs.push(`${level} ${msg}`);
  const logger: Logger = { debug() {}, info() {}, warn: keep('warn'), error: keep('error') };
  const t = { ...(await bootServiceRig({ seed: 'outage-seed', retry: RETRY, logger })), logs };
  await send(t, commandPayload('game', 'new', [s('system', 'dueldraw')]));
  await send(t, commandPayload('game', 'join', [s('side', 'a')]));
  await send(t, commandPayload('game', 'join', [s('side', 'b')], { user: BOB }));
  await send(t, commandPayload('game', 'start'));
  return t;
}

const game = (t: Table) => JSON.parse(t.svc.store.liveGame(CHANNEL_ID)!.state!).game as { turn: 'a' | 'b'; pending: number };

/** One command of whoever is to move (roll, or bank once something is pending). */
async function move(t: Table): Promise<void> {
  const g = game(t);
  await send(t, commandPayload('dueldraw', g.pending > 0 ? 'bank' : 'roll', [], { user: g.turn === 'a' ? ALICE : BOB }));
}

/** Direct messages (the notices of a refused channel go to each player directly). */
const dms = (t: Table) => t.fake.delivered.filter((d) => d.channelId !== CHANNEL_ID);
/** Private follow-ups to the caller. */
const privateNotes = (t: Table, re: RegExp) =>
  t.fake.find('POST', /^\/webhooks\//).filter((r) => (r.body?.flags ?? 0) & 64 && re.test(r.body?.content ?? ''));

describe('refused posts: one notice per outage (issue 19 §9)', () => {
  it('four commands refused in a row tell each player once; a post that gets through ends the outage; the next one is told again', async () => {
    const t = await started();
    t.fake.fault(inChannel, FAULTS.missingAccess, 1000);
    // Commands until four of them had posts refused.
    for (let n = 0; n < 40 && privateNotes(t, /couldn't post the game update/).length < 4; n++) await move(t);
    const failed = t.svc.store.db.prepare(`SELECT COUNT(*) AS n FROM outbox WHERE state = 'failed' AND lane = ?`).get(CHANNEL_ID) as {
      n: number;
    };
    expect(failed.n).toBeGreaterThanOrEqual(4);
    // One direct message per player for the whole outage, naming /game repost.
    expect(dms(t)).toHaveLength(2);
    expect(new Set(dms(t).map((d) => d.channelId)).size).toBe(2);
    for (const d of dms(t)) expect(d.content).toMatch(/would not take.*\/game repost.*will not repeat this notice/s);
    // Each caller still hears privately that their move was not posted.
    expect(privateNotes(t, /couldn't post the game update/).length).toBeGreaterThanOrEqual(4);

    // /game repost during the outage: refused again, the caller is told privately, the players are not told again.
    await send(t, commandPayload('game', 'repost', [], { user: BOB }));
    const answers = t.fake.requests.map((r) => String(r.body?.data?.content ?? r.body?.content ?? ''));
    expect(answers.filter((a) => /Reposting.*refused this channel's last post/.test(a))).toHaveLength(1);
    expect(dms(t)).toHaveLength(2);
    expect(privateNotes(t, /couldn't post the game update/).length).toBeGreaterThanOrEqual(5);

    // Access returns: /game repost posts the map, the prompt and the buttons, pinging whoever must act.
    t.fake.faults.length = 0;
    const before = t.fake.messages(CHANNEL_ID).length;
    await send(t, commandPayload('game', 'repost', [], { user: BOB }));
    const [repost] = t.fake.messages(CHANNEL_ID).slice(before);
    expect(repost.content).toMatch(/🔁/);
    expect(repost.files[0].data.subarray(0, 4)).toEqual(PNG.subarray(0, 4));
    expect(repost.components.flatMap((r: any) => r.components).length).toBeGreaterThan(0);
    const mover = game(t).turn === 'a' ? ALICE : BOB;
    expect(repost.mentions).toEqual([mover.id]);

    // A new outage is a new notice.
    t.fake.fault(inChannel, FAULTS.missingAccess, 1000);
    for (let n = 0; n < 20 && privateNotes(t, /couldn't post the game update/).length < 7; n++) await move(t);
    expect(dms(t)).toHaveLength(4);
  });
});

describe('access returns (issue 19 §9)', () => {
  it('the first post that gets through after an outage is followed by one automatic repost of the turn, with its controls', async () => {
    const t = await started();
    t.fake.fault(inChannel, FAULTS.missingAccess, 1000);
    for (let n = 0; n < 40 && privateNotes(t, /couldn't post the game update/).length < 2; n++) await move(t);
    t.fake.faults.length = 0;
    const before = t.fake.messages(CHANNEL_ID).length;
    // Moves until one posts in the channel again (a move within the turn edits a message the channel never got).
    for (let n = 0; n < 40 && t.fake.messages(CHANNEL_ID).length === before; n++) await move(t);
    const fresh = t.fake.messages(CHANNEL_ID).slice(before);
    const auto = fresh.filter((m) => /I can post here again/.test(m.content));
    expect(auto).toHaveLength(1);
    expect(auto[0].files[0].data.subarray(0, 4)).toEqual(PNG.subarray(0, 4));
    expect(auto[0].components.flatMap((r: any) => r.components).length).toBeGreaterThan(0);
    // It is the turn message now: the next move that continues the turn edits it, and no second repost follows.
    const count = t.fake.messages(CHANNEL_ID).length;
    await move(t);
    expect(t.fake.messages(CHANNEL_ID).filter((m) => /I can post here again/.test(m.content))).toHaveLength(1);
    expect(t.fake.messages(CHANNEL_ID).length - count).toBeLessThanOrEqual(1);
  });
});

describe('a post refused as malformed (issue 19 §9)', () => {
  it('is reported in the channel to the moderators as a fault of the bot, logged as one, and the other posts still go', async () => {
    const t = await started();
    await send(
      t,
      commandPayload('mod', 'modrole', [{ name: 'role', type: 8, value: '1200000000000000009' }], { permissions: PERMS.manageGuild }),
    );
    const before = t.fake.messages(CHANNEL_ID).length;
    t.fake.fault(inChannel, INVALID, 1);
    // Moves until one posts in the channel (a roll may only answer its caller).
    for (let n = 0; n < 20 && t.fake.faults[0].times > 0; n++) await move(t);
    expect(t.fake.faults[0].times).toBe(0);
    const fresh = t.fake.messages(CHANNEL_ID).slice(before);
    const notice = fresh.find((m) => /refused .* as malformed/s.test(m.content));
    expect(notice?.content).toMatch(/fault of the bot, not of this server's settings/);
    expect(notice?.content).not.toMatch(/check that I can view/);
    // The moderators' role is pinged; the players get no direct message about permissions.
    const sent = t.fake.find('POST', `/channels/${CHANNEL_ID}/messages`).find((r) => /as malformed/.test(r.body?.content ?? ''));
    expect(sent?.body.allowed_mentions.roles).toEqual(['1200000000000000009']);
    expect(dms(t)).toHaveLength(0);
    // The log says it is a bug, with Discord's own words.
    expect(t.logs.some((l) => /^error .*refused the payload as invalid, a bug in the bot: Invalid Form Body/s.test(l))).toBe(true);
    // The caller is not sent to check permissions either.
    const note = privateNotes(t, /as malformed/)[0];
    expect(note?.body.content).toMatch(/fault of mine, not of the channel's permissions/);
    expect(privateNotes(t, /check that I can view/)).toHaveLength(0);
    // Only that post failed: the channel's other posts of the same command went out, and play goes on.
    const rows = t.svc.store.db.prepare(`SELECT state, error FROM outbox WHERE lane = ? AND state = 'failed'`).all(CHANNEL_ID) as {
      error: string;
    }[];
    expect(rows).toHaveLength(1);
    expect(rows[0].error).toMatch(/^invalid payload: Invalid Form Body/);
    const count = t.fake.messages(CHANNEL_ID).length;
    for (let n = 0; n < 20 && t.fake.messages(CHANNEL_ID).length === count; n++) await move(t);
    expect(t.fake.messages(CHANNEL_ID).length).toBeGreaterThan(count);
  });
});
