// A refusal names the rule that refuses what was typed (issue 2 §4), also
// when the typed name loosely fits several legal choices.
import { describe, expect, it } from 'vitest';
import { duoTable } from './harness.ts';

describe("refusals give the rules' reason", () => {
  it('KPW 6.4: "activate units:philip" in Montaup explains that Philip may not leave three Warriors alone', async () => {
    const h = await duoTable('kpw', ['indian', 'english'], 'reasons');
    await h.say('bob', '/dev dice values:6');
    await h.say('bob', '/kpw roll');
    const o = await h.say('alice', '/kpw activate space:montaup units:philip');
    expect(o.replies[0].ephemeral).toBe(true);
    expect(o.replies[0].content).toMatch(/take at least one Infantry along \(6\.4\)/);
    expect(o.replies[0].content).toMatch(/Allowed now: Move Philip, WA Warrior 1 from Montaup/);
    await h.say('alice', '/kpw activate space:montaup units:all');
    const far = await h.say('alice', '/kpw step to:boston');
    expect(far.replies[0].content).toMatch(/Boston is not adjacent to Montaup/);
  });
});
