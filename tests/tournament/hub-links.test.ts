// Issue 19 §9: the hub links every match thread of the round, including a
// thread opened after the hub was last drawn (a round paired again after a
// corrected result: the hub was edited before the new final's thread existed
// and kept no link to it). Real router and discord.js client, fake Discord.
import { afterEach, describe, expect, it } from 'vitest';
import { bootServiceRig, closeServiceRigs, type ServiceRig } from '../bot/setup.ts';
import { getGame, registerGame } from '../../src/games/registry.ts';
import { duel } from '../fixtures/duel.ts';
import { ON } from '../bot/fake-discord.ts';
import { ALICE, BOB, CHANNEL_ID, PERMS, commandPayload, feed } from '../bot/payloads.ts';
import { repoOf } from '../../src/tournament/repo.ts';

if (!getGame('duel')) registerGame(duel);
const s = (name: string, value: string) => ({ name, type: 3, value });
const MOD = { permissions: PERMS.manageGuild };
const CAT = '1300000000000000003';
const DAN = '1300000000000000004';

afterEach(closeServiceRigs);

async function send(r: ServiceRig, payload: unknown): Promise<void> {
  feed(r.bot.client, payload);
  await r.bot.idle();
  await r.bot.outbox.settle();
}

/** The hub's match lines as they stand after every edit. */
function hubText(r: ServiceRig): string {
  const hub = r.fake.cards(CHANNEL_ID).find((d) => d.embeds[0]?.title === '🏆 Cup (#1)');
  return JSON.stringify(hub?.embeds[0].fields ?? []);
}

const threadOf = (r: ServiceRig, gameId: number) => r.svc.store.game(gameId)!.channelId;

describe('the hub links every match thread (issue 19 §9)', () => {
  it('after the start and after a corrected semi-final re-pairs the final, each thread of the round is linked', async () => {
    const r = await bootServiceRig({ seed: 'hub-links', retry: { baseMs: 20, maxMs: 100, maxAttempts: 3, pollMs: 20 } });
    await send(r, commandPayload('tournament', 'create', [s('name', 'Cup'), s('system', 'duel'), s('format', 'knockout')], MOD));
    for (const id of [ALICE.id, BOB.id, CAT, DAN])
      for (const sub of ['signup', 'checkin'])
        await send(r, commandPayload('tournament', sub, [{ name: 'user', type: 6, value: id }], MOD));
    // Discord takes its time to open a thread: the hub is drawn meanwhile.
    r.fake.delays.push({ match: ON.threadCreate, ms: 150 });
    await send(r, commandPayload('tournament', 'start', [], MOD));
    const repo = repoOf(r.svc);
    const semis = repo.matches(1, 1);
    expect(semis).toHaveLength(2);
    // Nothing played yet: the hub's only edits came with the start, and both threads are linked.
    for (const m of semis) expect(hubText(r)).toContain(`<#${threadOf(r, m.gameId!)}>`);
    for (const m of semis)
      await send(r, commandPayload('mod', 'result', [s('winner', 'a')], { ...MOD, channelId: threadOf(r, m.gameId!) }));
    const final = repo.matches(1, 2)[0];
    expect(hubText(r)).toContain(`<#${threadOf(r, final.gameId!)}>`);
    // Semi-final 1 was really won by its second side: the final is paired again, in a new thread.
    await send(
      r,
      commandPayload('tournament', 'result', [s('match', String(semis[0].id)), s('reason', 'misreported'), s('outcome', 'b')], MOD),
    );
    const again = repo.matches(1, 2)[0];
    expect(again.id).not.toBe(final.id);
    const thread = threadOf(r, again.gameId!);
    expect(thread).not.toContain(':');
    expect(hubText(r)).toContain(`<#${thread}>`);
    expect(hubText(r)).not.toContain(`<#${threadOf(r, final.gameId!)}>`);
  });
});
