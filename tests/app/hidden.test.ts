// Spectators and other seats never see hidden information: secret plans stay
// out of public replies, /game log and /game export until they are revealed.
import { describe, expect, it } from 'vitest';
import { harness, text } from './harness.ts';

async function planning() {
  const h = harness({ seed: 'hidden' });
  await h.say('alice', '/game new system:rifle options:players=2');
  await h.say('alice', '/game join side:p1');
  await h.say('bob', '/game join side:p2');
  await h.say('alice', '/game start');
  await h.say('alice', '/rifle leader name:boone');
  await h.say('bob', '/rifle leader name:clark');
  const planned = await h.say('alice', '/rifle plan action:fishing count:3');
  return { ...h, planned };
}

describe('hidden information (issue 2 §2 views per viewer; issue 3 private plans)', () => {
  it('a secret plan step is not announced at all (others could count announcements); the planner gets it privately', async () => {
    const { planned } = await planning();
    const pub =
      planned.replies
        .filter((r) => !r.ephemeral)
        .map((r) => r.content)
        .join('\n') +
      planned.posts
        .filter((p) => !p.to)
        .map((p) => p.content)
        .join('\n');
    expect(pub).not.toMatch(/acted|Fishing/i);
    expect(planned.replies.some((r) => r.ephemeral && /Fishing/.test(r.content))).toBe(true);
    // A copy for the planner's own seat thread (Discord), addressed to them alone.
    const kept = planned.posts.filter((p) => /Fishing/.test(p.content));
    expect(kept.map((p) => [p.to, p.echo])).toEqual([[{ roles: ['p1'], userIds: ['alice'], names: ['alice'] }, true]]);
  });

  it('secret steps are not announced; /game log shows a run of them as one hidden line (others do not learn how many)', async () => {
    const h = await planning();
    const o = await h.say('alice', '/rifle plans text:gathering,cooking');
    expect(o.replies.filter((r) => !r.ephemeral)).toEqual([]);
    expect(o.posts.filter((p) => !p.to)).toEqual([]);
    const log = text(await h.say('carol', '/game log count:20'));
    expect(log.match(/Settlement 1 acted \(hidden until revealed\)/g)).toHaveLength(1);
  });

  it('declaring done (by hand, or a bot seat) announces it without the plan', async () => {
    const h = await planning();
    const done = await h.say('alice', '/rifle done');
    const pub =
      done.replies
        .filter((r) => !r.ephemeral)
        .map((r) => r.content)
        .join('\n') + done.posts.map((p) => p.content).join('\n');
    expect(pub).toMatch(/finished planning/);
    expect(pub).not.toMatch(/Fishing/i);
    const b = harness({ seed: 'hidden-bot' });
    await b.say('alice', '/game new system:rifle options:players=2,bots=1');
    await b.say('alice', '/game join side:p1');
    await b.say('alice', '/game start');
    const o = await b.say('alice', '/rifle leader name:boone');
    const botPub =
      o.replies
        .filter((r) => !r.ephemeral)
        .map((r) => r.content)
        .join('\n') + o.posts.map((p) => p.content).join('\n');
    expect(botPub).toMatch(/finished planning/);
    expect(botPub).not.toMatch(/Fishing|Trapping|Gathering|Cooking|Plant/i);
  });

  it('/game log and /game export withhold the plan from the other seat and spectators, not from its owner', async () => {
    const h = await planning();
    for (const who of ['bob', 'carol']) {
      const log = await h.say(who, '/game log count:20');
      expect(text(log)).not.toMatch(/Fishing/i);
      expect(text(log)).toMatch(/hidden until revealed/);
      const exp = await h.say(who, '/game export');
      const json = exp.replies[0].files![0].data.toString();
      expect(json).not.toMatch(/fishing/i);
      expect(json).toMatch(/"hidden"/);
    }
    const own = await h.say('alice', '/game log count:20');
    expect(text(own)).toMatch(/Fishing/i);
    const mine = await h.say('alice', '/game export');
    expect(mine.replies[0].files![0].data.toString()).toMatch(/fishing/i);
  });

  it('Engine v2 §4: export and log give the same output whether the other seat took one hidden step or three', async () => {
    const outputs: string[][] = [];
    for (const steps of [1, 3]) {
      const h = await planning();
      for (let i = 1; i < steps; i++) await h.say('alice', '/rifle plan action:fishing count:1');
      const exp = JSON.parse((await h.say('bob', '/game export')).replies[0].files![0].data.toString());
      const log = text(await h.say('bob', '/game log count:50'));
      // Strip what legitimately differs between two games (ids); what remains must not depend on the step count.
      outputs.push([JSON.stringify(exp.log.map((e: { role: string; action: { type: string } }) => [e.role, e.action.type])), log]);
      expect(
        exp.log.every(
          (e: { seq?: number; at?: number; action: { type: string } }) =>
            e.action.type !== 'hidden' || (e.seq === undefined && e.at === undefined),
        ),
      ).toBe(true);
    }
    expect(outputs[0]).toEqual(outputs[1]);
  });

  it("/game status shows a seat its own plan but not the other seat's", async () => {
    const h = await planning();
    expect(text(await h.say('alice', '/game status'))).toMatch(/Fishing/i);
    expect(text(await h.say('bob', '/game status'))).not.toMatch(/Fishing/i);
    expect(text(await h.say('carol', '/game status'))).not.toMatch(/Fishing/i);
  });
});

describe('undo in simultaneous play (issue 2 §2 undo; issue 3)', () => {
  it('a planner takes back a plan step while the other seat is still planning; the public reply hides it', async () => {
    const h = await planning();
    const o = await h.say('alice', '/game undo');
    const pub = o.replies
      .filter((r) => !r.ephemeral)
      .map((r) => r.content)
      .join('\n');
    expect(pub).toMatch(/took back: a hidden action/);
    expect(pub).not.toMatch(/Fishing/i);
    expect(o.replies.find((r) => r.ephemeral)!.content).toMatch(/You took back: Plan Fishing ×3/);
    expect(text(await h.say('alice', '/rifle review'))).toMatch(/nothing planned/);
  });

  it('declaring done can be taken back while another seat still plans', async () => {
    const h = await planning();
    await h.say('alice', '/rifle done');
    const o = await h.say('alice', '/game undo');
    expect(text(o)).toMatch(/took back: Done planning/);
    const again = await h.say('alice', '/rifle plan action:gathering count:2');
    expect(again.replies.some((r) => r.ephemeral && /Gathering/.test(r.content))).toBe(true);
  });

  it('/rifle reopen takes done back while another seat still plans, after others have acted too', async () => {
    const h = await planning();
    await h.say('alice', '/rifle done');
    await h.say('bob', '/rifle plan action:fishing count:1');
    const o = await h.say('alice', '/rifle reopen');
    expect(text(o)).toMatch(/Settlement 1 is planning again/);
    const again = await h.say('alice', '/rifle plan action:gathering count:2');
    expect(again.replies.some((r) => r.ephemeral && /Gathering/.test(r.content))).toBe(true);
  });
});
