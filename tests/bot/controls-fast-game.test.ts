// Issue 19.5 end to end: a whole game played with presses 0.3 s apart (each
// sent before the last is answered), through the real discord.js client and
// the real router against the loopback stand-in; once the game is over no
// message of the channel keeps an enabled control, whether it was closed by
// an edit of the message or by the acknowledgement of a press on it.
import { afterEach, describe, expect, it } from 'vitest';
import { getGame, registerGame } from '../../src/games/registry.ts';
import { duel } from '../fixtures/duel.ts';
import { bootServiceRig, closeServiceRigs } from './setup.ts';
import { sleep } from './fake-router.ts';
import { ALICE, BOB, CHANNEL_ID, commandPayload, feed, pressOn } from './payloads.ts';

if (!getGame('duel')) registerGame(duel);
afterEach(closeServiceRigs);

const s = (name: string, value: string) => ({ name, type: 3, value });
const enabled = (components: any[]) => components.flatMap((r: any) => r.components).filter((c: any) => !c.disabled);

describe('controls closed in a fast game (issue 19.5)', () => {
  it('presses 0.3 s apart through a duel, then a resignation, leave no enabled control once it ends', async () => {
    const t = await bootServiceRig({ seed: 'fast-controls', maxSnapshots: 1 });
    const send = async (payload: unknown) => {
      feed(t.bot.client, payload);
      await t.bot.idle();
      await t.bot.outbox.settle();
    };
    await send(commandPayload('game', 'new', [s('system', 'duel'), s('options', 'target=5')]));
    await send(commandPayload('game', 'join', [s('side', 'a')]));
    await send(commandPayload('game', 'join', [s('side', 'b')], { user: BOB }));
    await send(commandPayload('game', 'start'));
    // The message each press was made on, by interaction id: its acknowledgement may edit that message.
    const pressedOn = new Map<string, string>();
    const over = () => t.svc.store.latestGame(CHANNEL_ID)?.status !== 'active';
    let presses = 0;
    while (!over() && presses < 16) {
      const live = t.fake.messages(CHANNEL_ID).filter((m) => enabled(m.components).length);
      const m = live.at(-1);
      if (!m) break;
      const buttons = enabled(m.components);
      const pick = buttons.find((c: any) => /Roll/.test(c.label)) ?? buttons[0];
      for (const user of [ALICE, BOB]) {
        const payload = pressOn(pick.custom_id, m, { user }) as { id: string };
        pressedOn.set(payload.id, m.id);
        feed(t.bot.client, payload);
        presses++;
        await sleep(300);
      }
    }
    // The game ends (a resignation sent 0.3 s after the last press, before it is answered).
    feed(t.bot.client, commandPayload('game', 'resign', [], { user: BOB }));
    await t.bot.idle();
    await t.bot.outbox.settle();
    await t.bot.idle();
    expect(over()).toBe(true);
    // Each message as it stands: its post, then every edit in the order Discord got them.
    const state = new Map(t.fake.messages(CHANNEL_ID).map((m) => [m.id, m.components]));
    for (const r of t.fake.requests) {
      const edit = /^\/channels\/\d+\/messages\/(\d+)$/.exec(r.path);
      if (r.method === 'PATCH' && edit && state.has(edit[1]) && r.body?.components) state.set(edit[1], r.body.components);
      const cb = /^\/interactions\/(\d+)\/[^/]+\/callback$/.exec(r.path);
      if (cb && r.body?.type === 7 && r.body.data?.components && pressedOn.has(cb[1]))
        state.set(pressedOn.get(cb[1])!, r.body.data.components);
      const orig = /^\/webhooks\/\d+\/tok-(\d+)\/messages\/@original$/.exec(r.path);
      if (r.method === 'PATCH' && orig && r.body?.components && pressedOn.has(orig[1]))
        state.set(pressedOn.get(orig[1])!, r.body.components);
    }
    const left = [...state].filter(([, c]) => enabled(c).length);
    expect(presses).toBeGreaterThan(4);
    expect(
      left.map(
        ([id, c]) =>
          `${id}: ${enabled(c)
            .map((x: any) => x.label)
            .join(', ')}`,
      ),
    ).toEqual([]);
  }, 60_000);
});
