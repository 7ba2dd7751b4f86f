// Issue 19 §1: a game's turn message, edited in place. A press that continues
// the same seat's move updates the message it was pressed on (Discord's
// update-message response, type 7, seen at the loopback stand-in); a slash
// command that continues it edits that message and answers privately; a
// hand-off posts anew with one ping; spectators never see a seat's private
// lines there. The real router and engine behind discord.js's real client.
import { afterEach, describe, expect, it } from 'vitest';
import { bootServiceRig, closeServiceRigs, type ServiceRig } from './setup.ts';
import { getGame, registerGame } from '../../src/games/registry.ts';
import { duel, type DuelState } from '../fixtures/duel.ts';
import type { GameModule, LegalAction } from '../../src/engine/types.ts';
import type { Delivered, RecordedRequest } from './fake-discord.ts';
import { ALICE, BOB, CHANNEL_ID, commandPayload, feed, pressOn } from './payloads.ts';

// A duel whose mover may ask the other player a question within the turn (as KPW asks to intercept).
type AskState = DuelState & { asking?: boolean };
const duelask: GameModule<AskState, { target: number }, any> = {
  ...duel,
  id: 'duelask',
  command: 'duelask',
  title: 'Duel (with a question)',
  prompts(st) {
    return st.asking ? [{ role: 'b', text: 'answer the question', buttons: true }] : duel.prompts.call(this, st);
  },
  legal(st, role) {
    if (st.asking) return role === 'b' ? [{ action: { type: 'answer' }, label: 'Answer', sub: 'answer', args: {} }] : [];
    const base: LegalAction[] = duel.legal.call(this, st, role);
    return base.length ? [...base, { action: { type: 'ask' }, label: 'Ask', sub: 'ask', args: {} }] : base;
  },
  apply(st, role, action, ctx) {
    if (action.type === 'ask') {
      st.asking = true;
      ctx.emit({ kind: 'ask', text: 'A question is asked.' });
    } else if (action.type === 'answer') {
      st.asking = false;
      ctx.emit({ kind: 'answer', text: 'The question is answered.' });
    } else duel.apply.call(this, st, role, action, ctx);
  },
  subcommands: [
    ...duel.subcommands,
    { name: 'ask', description: 'Ask', options: [] },
    { name: 'answer', description: 'Answer', options: [] },
  ],
};
if (!getGame('duel')) registerGame(duel);
if (!getGame('duelask')) registerGame(duelask);

const EPHEMERAL = 64;
const s = (name: string, value: string) => ({ name, type: 3, value });
afterEach(closeServiceRigs);

async function send(t: ServiceRig, payload: unknown): Promise<void> {
  feed(t.bot.client, payload);
  await t.bot.idle();
  await t.bot.outbox.settle();
}

/** A duel for alice (a) and bob (b), started: its opening post is the first turn message, alice to move. */
async function started(system = 'duel'): Promise<{ t: ServiceRig; start: Delivered }> {
  const t = await bootServiceRig({ seed: 'turn-message-seed', maxSnapshots: 1 });
  await send(t, commandPayload('game', 'new', [s('system', system)]));
  await send(t, commandPayload('game', 'join', [s('side', 'a')]));
  await send(t, commandPayload('game', 'join', [s('side', 'b')], { user: BOB }));
  await send(t, commandPayload('game', 'start'));
  const start = t.fake.messages(CHANNEL_ID).find((m) => /begins/.test(m.content))!;
  t.fake.requests.length = 0;
  return { t, start };
}

/** A press on a delivered message, as Discord sends it (the stand-in then applies the message's update). */
async function press(t: ServiceRig, label: string, on: Delivered, user = ALICE): Promise<void> {
  const button = controls(on).find((c: any) => c.label === label);
  expect(button, `a live "${label}" button`).toBeTruthy();
  const payload = pressOn(button.custom_id, { id: on.id, components: on.components }, { user });
  t.fake.pressing(payload);
  await send(t, payload);
}

const controls = (m: { components: any[] }) => m.components.flatMap((r: any) => r.components).filter((c: any) => !c.disabled);
const callbacks = (t: ServiceRig) => t.fake.find('POST', /^\/interactions\/\d+\/[^/]+\/callback$/);
const channelPosts = (t: ServiceRig) => t.fake.find('POST', `/channels/${CHANNEL_ID}/messages`);
const state = (t: ServiceRig) => JSON.parse(t.svc.store.liveGame(CHANNEL_ID)!.state!).game as { turn: 'a' | 'b'; pending: number };

/** Everything the channel's viewers can read: posts, edits of its messages, and public answers to interactions. */
function publicText(t: ServiceRig): string[] {
  const isPublic = (r: RecordedRequest) => !(Number(r.body?.data?.flags ?? r.body?.flags ?? 0) & EPHEMERAL);
  return t.fake.requests
    .filter(
      (r) =>
        (r.path.startsWith(`/channels/${CHANNEL_ID}/messages`) && (r.method === 'POST' || r.method === 'PATCH')) ||
        (/\/callback$/.test(r.path) && isPublic(r)) ||
        (r.path.startsWith('/webhooks/') && r.method === 'POST' && isPublic(r)),
    )
    .map((r) => String(r.body?.data?.content ?? r.body?.content ?? ''));
}

describe('the turn message (issue 19 §1)', () => {
  it('a press that continues the same seat updates the message it was pressed on (UPDATE_MESSAGE); nothing is posted', async () => {
    const { t, start } = await started();
    await press(t, 'Mark 2', start);
    let [cb] = callbacks(t);
    expect(cb.body.type).toBe(7);
    expect(cb.body.data.content).toMatch(/\*\*Alice\*\* \(Player A\): Mark 2\n➡️ <@1300000000000000001> — \*\*Player A\*\*: roll or bank/);
    // Mentions in an edit ping nobody: none are allowed.
    expect(cb.body.data.allowed_mentions.users).toEqual([]);
    expect(controls(cb.body.data).map((c: any) => c.label)).toContain('Roll the die');
    // A second move in the same turn: the running log grows in the same message.
    t.fake.requests.length = 0;
    const now = t.fake.delivered.find((d) => d.id === start.id)!;
    await press(t, 'Mark 1', now);
    [cb] = callbacks(t);
    expect(cb.body.type).toBe(7);
    expect(cb.body.data.content).toMatch(/Mark 2\n\*\*Alice\*\* \(Player A\): Mark 1\n➡️/);
    expect(channelPosts(t)).toEqual([]);
    expect(t.fake.messages(CHANNEL_ID).filter((m) => m.mentions.length)).toHaveLength(1); // the opening post's only
  });

  it('a slash command that continues the turn edits the turn message and is answered privately', async () => {
    const { t, start } = await started();
    await send(t, commandPayload('duel', 'mark', [s('n', 'two')]));
    const [cb] = callbacks(t);
    expect(Number(cb.body.data?.flags ?? 0) & EPHEMERAL).toBe(EPHEMERAL);
    expect(channelPosts(t)).toEqual([]);
    const edit = t.fake.find('PATCH', `/channels/${CHANNEL_ID}/messages/${start.id}`).at(-1)!;
    expect(edit.body.content).toMatch(/\(Player A\): Mark 2\n➡️/);
    expect(controls(edit.body).map((c: any) => c.label)).toContain('Roll the die');
    // The picture and text of the opening stay: only the text below it and the controls change.
    expect(edit.body.content.startsWith(start.posted.split('\n➡️')[0])).toBe(true);
    expect(edit.body.attachments).toBeUndefined();
  });

  it('a hand-off posts anew with one ping; the old turn message keeps its lines and loses its controls', async () => {
    const { t, start } = await started();
    let on = start;
    for (let i = 0; i < 20 && state(t).turn === 'a'; i++) {
      await press(t, state(t).pending > 0 ? `Bank ${state(t).pending}` : 'Roll the die', on);
      on = t.fake.delivered.find((d) => d.id === start.id)!;
    }
    expect(state(t).turn).toBe('b');
    const posts = channelPosts(t).filter((r) => !(r.body?.embeds?.length && !r.body?.content));
    expect(posts).toHaveLength(1);
    expect(posts[0].body.allowed_mentions.users).toEqual([BOB.id]);
    expect(posts[0].body.content).toMatch(/<@1300000000000000002> — \*\*Player B\*\*: roll or bank/);
    expect(controls(posts[0].body).map((c: any) => c.label)).toContain('Roll the die');
    const old = t.fake.delivered.find((d) => d.id === start.id)!;
    expect(old.components).toEqual([]);
    expect(old.content).toMatch(/\(Player A\): (Bank \d+|Roll the die)/);
    // Bob's own move then edits his new turn message in place.
    t.fake.requests.length = 0;
    const bobs = t.fake.messages(CHANNEL_ID).find((m) => m.mentions.includes(BOB.id))!;
    await press(t, 'Mark 1', bobs, BOB);
    expect(callbacks(t)[0].body.type).toBe(7);
    expect(t.fake.delivered.find((d) => d.id === bobs.id)!.content).toMatch(/\(Player B\): Mark 1/);
    expect(channelPosts(t)).toEqual([]);
  });

  it("spectators never see a seat's private lines in the turn message: they stay in private answers", async () => {
    const { t, start } = await started();
    await press(t, 'Mark 1', start);
    await send(t, commandPayload('duel', 'mark', [s('n', 'two')]));
    const seen = publicText(t).join('\n');
    expect(seen).toMatch(/\(Player A\): Mark 1/);
    expect(seen).not.toMatch(/marked [12]/);
    const privately = t.fake.requests
      .filter((r) => Number(r.body?.data?.flags ?? r.body?.flags ?? 0) & EPHEMERAL)
      .map((r) => String(r.body?.data?.content ?? r.body?.content ?? ''))
      .join('\n');
    expect(privately).toMatch(/🔒 marked 1/);
    expect(privately).toMatch(/🔒 marked 2/);
    // Nor do the secrets the duel keeps, until they are revealed.
    const row = t.svc.store.liveGame(CHANNEL_ID)!;
    const secret = (JSON.parse(row.state!).game as { secret: { a: number; b: number } }).secret;
    expect(seen).not.toMatch(new RegExp(`Secrets: A ${secret.a}`));
  });

  it('someone asked within the turn is pinged once in their private thread; the question and its button are on the turn message', async () => {
    const { t, start } = await started('duelask');
    await press(t, 'Ask', start);
    const [cb] = callbacks(t);
    expect(cb.body.type).toBe(7);
    expect(cb.body.data.content).toMatch(/A question is asked\.\n➡️ <@1300000000000000002> — \*\*Player B\*\*: answer the question/);
    expect(controls(cb.body.data).map((c: any) => c.label)).toEqual(['Answer']);
    expect(channelPosts(t)).toEqual([]);
    const ping = t.fake.requests.filter(
      (r) => r.method === 'POST' && /^\/channels\/\d+\/messages$/.test(r.path) && r.body?.allowed_mentions?.users?.length,
    );
    expect(ping).toHaveLength(1);
    expect(ping[0].path).not.toBe(`/channels/${CHANNEL_ID}/messages`);
    expect(ping[0].body.allowed_mentions.users).toEqual([BOB.id]);
    expect(ping[0].body.content).toContain(`Answer on the turn message: https://discord.com/channels/`);
    expect(ping[0].body.content).toContain(start.id);
    // Bob answers on the turn message itself; alice is asked again the same way, and the channel still gets nothing new.
    t.fake.requests.length = 0;
    await press(
      t,
      'Answer',
      t.fake.delivered.find((d) => d.id === start.id)!,
      BOB,
    );
    expect(callbacks(t)[0].body.type).toBe(7);
    expect(callbacks(t)[0].body.data.content).toMatch(/\(Player B\): Answer\n• The question is answered\.\n➡️ <@1300000000000000001>/);
    expect(channelPosts(t)).toEqual([]);
    const again = t.fake.requests.filter((r) => r.method === 'POST' && (r.body?.allowed_mentions?.users ?? []).includes(ALICE.id));
    expect(again).toHaveLength(1);
    expect(again[0].path).not.toBe(`/channels/${CHANNEL_ID}/messages`);
  });
});
