// Issue 9: "/game undo count:N posts no new map and pings nobody". After a
// moderator's rollback that asks someone else, the channel gets the board as
// it now stands, the prompt with its controls, and one ping for whoever must
// act; an undo that gives the turn back to the one who undid edits the turn
// message (issue 19 §1) — through discord.js and the loopback Discord.
import { afterEach, describe, expect, it } from 'vitest';
import { runBot, type BotHandle } from '../../src/bot/client.ts';
import type { Logger } from '../../src/bot/log.ts';
import { createRouter } from '../../commands/router.ts';
import { openServices, type Services } from '../../src/app/services.ts';
import { quickCards } from './setup.ts';
import { getGame, registerGame } from '../../src/games/registry.ts';
import { duel } from '../fixtures/duel.ts';
import { tempDb } from '../setup/test-db.ts';
import { FakeDiscord } from './fake-discord.ts';
import { PNG } from './fake-router.ts';
import { ALICE, BOB, CHANNEL_ID, PERMS, commandPayload, feed, seedGuild } from './payloads.ts';

if (!getGame('dueldraw')) registerGame({ ...duel, id: 'dueldraw', command: 'dueldraw', title: 'Duel (drawn)', render: async () => PNG });
const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const s = (name: string, value: string) => ({ name, type: 3, value });

let open: { fake: FakeDiscord; svc: Services; bot: BotHandle }[] = [];
afterEach(async () => {
  for (const t of open) {
    await t.bot.stop();
    t.svc.store.close();
    await t.fake.close();
  }
  open = [];
});

async function started() {
  const fake = await new FakeDiscord().start();
  const svc = quickCards(openServices({ dbPath: tempDb(), seed: 'undo-seed', maxSnapshots: 1 }));
  const bot = await runBot(createRouter(svc), { login: false, token: 'test-token', apiBase: fake.api, tickMs: 0, logger: silent });
  seedGuild(bot.client, fake);
  open.push({ fake, svc, bot });
  const send = async (p: unknown) => {
    feed(bot.client, p);
    await bot.idle();
    await bot.outbox.settle();
  };
  await send(commandPayload('game', 'new', [s('system', 'dueldraw')]));
  await send(commandPayload('game', 'join', [s('side', 'a')]));
  await send(commandPayload('game', 'join', [s('side', 'b')], { user: BOB }));
  await send(commandPayload('game', 'start'));
  const turn = () => (JSON.parse(svc.store.liveGame(CHANNEL_ID)!.state!).game as { turn: string }).turn;
  return { fake, svc, send, turn };
}

describe('undo and rollback hand the game off again (issue 9)', () => {
  it("a moderator's rollback posts the new map and pings whoever must act now, even for a decision handed off before", async () => {
    const { fake, send, turn } = await started();
    // alice's turn ends (a 1 busts it, or she banks): bob is handed off.
    for (let i = 0; i < 20 && turn() === 'a'; i++) {
      const pending = (JSON.parse(open[0].svc.store.liveGame(CHANNEL_ID)!.state!).game as { pending: number }).pending;
      await send(commandPayload('dueldraw', pending > 0 ? 'bank' : 'roll'));
    }
    expect(turn()).toBe('b');
    const before = fake.messages(CHANNEL_ID).length;
    const entries = open[0].svc.store.log(open[0].svc.store.liveGame(CHANNEL_ID)!.id).length;
    await send(
      commandPayload('mod', 'undo', [{ name: 'count', type: 4, value: Math.min(2, entries) }], { permissions: PERMS.manageGuild }),
    );
    expect(turn()).toBe('a');
    const after = fake.messages(CHANNEL_ID).slice(before);
    const map = after.find((m) => /after the undo/.test(m.content));
    expect(map).toBeDefined();
    expect(map!.files[0].data.subarray(0, 4)).toEqual(PNG.subarray(0, 4));
    expect(map!.mentions).toEqual([ALICE.id]); // pinged again for a decision she was handed before
    expect(map!.components.flatMap((r: any) => r.components).some((c: any) => c.label === 'Roll the die')).toBe(true);
  });

  it("a player's own undo that gives the turn back to her edits the turn message: nothing is posted, nobody pinged (issue 19 §1)", async () => {
    const { fake, send } = await started();
    await send(commandPayload('dueldraw', 'mark', [s('n', 'one')]));
    const before = fake.messages(CHANNEL_ID).length;
    fake.requests.length = 0;
    await send(commandPayload('game', 'undo'));
    expect(fake.messages(CHANNEL_ID).slice(before)).toEqual([]);
    const turn = fake.messages(CHANNEL_ID).find((m) => /took back: Mark 1/.test(m.content));
    expect(turn, 'the turn message names the undo').toBeDefined();
    expect(turn!.components.flatMap((r: any) => r.components).some((c: any) => c.label === 'Roll the die' && !c.disabled)).toBe(true);
    expect(fake.find('POST', `/channels/${CHANNEL_ID}/messages`)).toHaveLength(0);
  });
});
