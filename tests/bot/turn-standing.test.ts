// Issue 19 §1, the turn message's rule for what is not a move: "edit in place
// what continues the same turn; post anew only when someone else must act or
// the board changed". A repost takes the turn message over (the old one gives
// up its controls), a deadline's default is a line of the turn message, and
// bots moving first at the start go into the opening post. The real router
// and engine behind discord.js's real client, against the loopback stand-in.
import { afterEach, describe, expect, it } from 'vitest';
import { bootServiceRig, closeServiceRigs, type ServiceRig } from './setup.ts';
import { getGame, registerGame } from '../../src/games/registry.ts';
import { duel } from '../fixtures/duel.ts';
import { ALICE, BOB, CHANNEL_ID, commandPayload, feed } from './payloads.ts';

if (!getGame('duel')) registerGame(duel);
const s = (name: string, value: string) => ({ name, type: 3, value });
afterEach(closeServiceRigs);

async function send(t: ServiceRig, payload: unknown): Promise<void> {
  feed(t.bot.client, payload);
  await t.bot.idle();
  await t.bot.outbox.settle();
}

async function started(): Promise<ServiceRig> {
  const t = await bootServiceRig({ seed: 'turn-standing-seed', maxSnapshots: 1 });
  await send(t, commandPayload('game', 'new', [s('system', 'duel')]));
  await send(t, commandPayload('game', 'join', [s('side', 'a')]));
  await send(t, commandPayload('game', 'join', [s('side', 'b')], { user: BOB }));
  await send(t, commandPayload('game', 'start'));
  return t;
}

const live = (m: { components: any[] }) => m.components.flatMap((r: any) => r.components).filter((c: any) => !c.disabled);
const game = (t: ServiceRig) => JSON.parse(t.svc.store.liveGame(CHANNEL_ID)!.state!).game as { turn: 'a' | 'b'; pending: number };

describe('the turn message for what is not a move (issue 19 §1)', () => {
  it('a repost replaces the turn message: one new message with the controls, the old one keeps none; the next move edits the new one', async () => {
    const t = await started();
    const before = t.fake.messages(CHANNEL_ID);
    const old = before.find((m) => /begins/.test(m.content))!;
    await send(t, commandPayload('game', 'repost', [], { user: BOB }));
    const fresh = t.fake.messages(CHANNEL_ID).slice(before.length);
    expect(fresh).toHaveLength(1);
    expect(fresh[0].content).toMatch(/🔁/);
    expect(live(fresh[0]).some((c: any) => c.label === 'Roll the die')).toBe(true);
    // The decision was handed off before: the repost does not ping it again.
    expect(fresh[0].mentions).toEqual([]);
    expect(old.content).toMatch(/Reposted below/);
    expect(live(old)).toEqual([]);
    // The repost is now the turn message: a move that continues the turn edits it, nothing is posted.
    await send(t, commandPayload('duel', 'mark', [s('n', 'one')]));
    expect(t.fake.messages(CHANNEL_ID).slice(before.length)).toHaveLength(1);
    expect(fresh[0].content).toMatch(/Mark 1/);
  });

  it("a deadline's default that continues the seat's turn is a line of the turn message; one that hands off posts once, pinging", async () => {
    const t = await started();
    const row = t.svc.store.liveGame(CHANNEL_ID)!;
    const before = t.fake.messages(CHANNEL_ID).length;
    const decision = (JSON.parse(row.state!) as { decisions: { open: Record<string, { id: number }> } }).decisions.open.a.id;
    t.svc.store.deadlines.set(row.id, 'a', decision, Date.now() - 1, Date.now() - 10);
    await t.bot.tick();
    await t.bot.outbox.settle();
    const fresh = t.fake.messages(CHANNEL_ID).slice(before);
    const said = t.fake.messages(CHANNEL_ID).filter((m) => /Deadline passed for Player A/.test(m.content));
    expect(said).toHaveLength(1);
    if (game(t).turn === 'a') {
      // The default roll did not end the turn: the turn message was edited, nothing posted.
      expect(fresh).toEqual([]);
    } else {
      // It busted: one new message asks bob, with one ping.
      expect(fresh).toHaveLength(1);
      expect(fresh[0].mentions).toEqual([BOB.id]);
    }
  });

  it('bots that move first at the start go into the opening post, which asks the first human with one ping', async () => {
    const t = await bootServiceRig({ seed: 'turn-standing-bots', maxSnapshots: 1 });
    await send(t, commandPayload('game', 'new', [s('system', 'duel')]));
    await send(t, commandPayload('game', 'join', [s('side', 'b')]));
    await send(t, commandPayload('game', 'start', [{ name: 'fill_bots', type: 5, value: true }]));
    const posted = t.fake.messages(CHANNEL_ID).filter((m) => /begins|Bot|Player A/.test(m.posted));
    expect(posted).toHaveLength(1);
    const [opening] = posted;
    expect(opening.content).toMatch(/begins/);
    expect(opening.content).toMatch(/\(Player A\): (Roll the die|Bank)/);
    expect(opening.content).toContain(`➡️ <@${ALICE.id}>`);
    expect(opening.mentions).toEqual([ALICE.id]);
    expect(live(opening).length).toBeGreaterThan(0);
  });
});
