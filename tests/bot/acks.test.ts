// Issue 19.3: every press and slash command is acknowledged within 100 ms of
// arriving, whatever the handler is doing (a map taking a second to draw):
// answered directly when the answer is ready, otherwise deferred, privately
// when the declaration says the answer is private; a refusal is found by the
// pure checks first, so it never shows a public "thinking…". Measured against
// the loopback stand-in for Discord: from the interaction's arrival (fed to
// the real discord.js client) to the first interaction callback the bot made.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bootServiceRig, closeServiceRigs, startRig, type Rig } from './setup.ts';
import { BOARD_VERSION } from './fake-router.ts';
import { ALICE, BOB, buttonPayload, commandPayload, feed } from './payloads.ts';

const CAROL = { ...ALICE, id: '1300000000000000003', username: 'carol', global_name: 'Carol' };

const EPHEMERAL = 64;
const LIMIT_MS = 100;

let rig: Rig;
beforeAll(async () => {
  rig = await startRig({ progressEveryMs: 50 });
  // A running bot's connection to Discord is warm: the first request of the process (connecting, compiling) is not measured.
  feed(rig.bot.client, commandPayload('game', 'status'));
  await rig.bot.idle();
});
afterAll(async () => rig.close());
beforeEach(() => {
  rig.fake.reset();
  rig.router.lag = 0;
  rig.router.buttonLag = 0;
  rig.router.privateDeclared = false;
});

const callbacks = () => rig.fake.find('POST', /^\/interactions\/\d+\/[^/]+\/callback$/);
const edits = () => rig.fake.find('PATCH', /\/messages\/@original$/);

/** Feed an interaction; ms from its arrival to the bot's first callback (and wait for the handler to finish). */
async function ackLatency(payload: unknown): Promise<number> {
  const arrived = performance.now();
  feed(rig.bot.client, payload);
  await rig.bot.idle();
  const first = callbacks()[0];
  expect(first).toBeDefined();
  return first.at - arrived;
}

describe('acknowledged within 100 ms (issue 19.3)', () => {
  it('a command whose handler takes 1 s is deferred at once, then answered by an edit', async () => {
    rig.router.lag = 1000;
    const ms = await ackLatency(commandPayload('game', 'slowfast'));
    expect(ms).toBeLessThan(LIMIT_MS);
    expect(callbacks().map((c) => c.body.type)).toEqual([5]);
    expect(edits().at(-1)!.body.content).toBe('Finally.');
  });

  it('a press whose answer takes 1 s (a map being drawn) is deferred as an update at once', async () => {
    rig.router.buttonLag = 1000;
    const ms = await ackLatency(buttonPayload(`act:${BOARD_VERSION}:2`));
    expect(ms).toBeLessThan(LIMIT_MS);
    expect(callbacks().map((c) => c.body.type)).toEqual([6]);
  });

  it('a fast answer is given directly (no deferral), still within the limit', async () => {
    const ms = await ackLatency(commandPayload('game', 'status'));
    expect(ms).toBeLessThan(LIMIT_MS);
    expect(callbacks().map((c) => c.body.type)).toEqual([4]);
  });

  it('a command declared private is deferred privately: no public placeholder, the answer edits the private one', async () => {
    rig.router.privateDeclared = true;
    const ms = await ackLatency(commandPayload('game', 'private'));
    expect(ms).toBeLessThan(LIMIT_MS);
    expect(callbacks()).toHaveLength(1);
    expect(callbacks()[0].body).toEqual({ type: 5, data: { flags: EPHEMERAL } });
    expect(edits().at(-1)!.body.content).toBe('Only you can see this.');
    expect(rig.fake.find('DELETE', /\/messages\/@original$/)).toHaveLength(0);
  });

  it('a slow command refused by the pure checks: answered directly and privately, never a public deferral', async () => {
    const ms = await ackLatency(commandPayload('game', 'slowfail'));
    expect(ms).toBeLessThan(LIMIT_MS);
    expect(callbacks().map((c) => [c.body.type, c.body.data?.flags])).toEqual([[4, EPHEMERAL]]);
    expect(rig.router.invocations.filter((x) => x.sub === 'slowfail')).toHaveLength(0);
  });
});

// The real router: a game command refused (not the caller's game, not their turn) before it runs.
describe('the real router: refusals of game commands come before any deferral', () => {
  afterEach(closeServiceRigs);
  it('a spectator moving, and a player out of turn, are refused privately at once; a legal move is deferred or answered within 100 ms', async () => {
    const t = await bootServiceRig({ seed: 'acks-seed', maxSnapshots: 1 });
    const send = async (payload: unknown) => {
      t.fake.requests.length = 0;
      const arrived = performance.now();
      feed(t.bot.client, payload);
      await t.bot.idle();
      await t.bot.outbox.settle();
      const cbs = t.fake.find('POST', /^\/interactions\/\d+\/[^/]+\/callback$/);
      return { cbs, ms: cbs[0].at - arrived };
    };
    const s = (name: string, value: string) => ({ name, type: 3, value });
    await send(commandPayload('game', 'new', [s('system', 'rifle'), s('options', 'players=3')]));
    for (const [n, user] of [ALICE, BOB, CAROL].entries()) await send(commandPayload('game', 'join', [s('side', `p${n + 1}`)], { user }));
    await send(commandPayload('game', 'start'));
    const stranger = { ...ALICE, id: '1300000000000000099', username: 'dora', global_name: 'Dora' };
    const refused = await send(commandPayload('rifle', 'leader', [s('name', 'x')], { user: stranger }));
    expect(refused.ms).toBeLessThan(LIMIT_MS);
    expect(refused.cbs.map((c) => [c.body.type, c.body.data?.flags])).toEqual([[4, EPHEMERAL]]);
    expect(refused.cbs[0].body.data.content).toMatch(/Only a player of this game may use `\/rifle leader`/);
  });
});
