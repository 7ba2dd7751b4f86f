// Issue 8 through the command layer: what a player actually reads.
import { describe, expect, it } from 'vitest';
import { duoTable } from './harness.ts';

describe('KPW refusals through /kpw (issue 8)', () => {
  it('4.2 an unknown place is "no such space"; 12.1 a whole stack named unit by unit moves like units:all', async () => {
    const h = await duoTable('kpw', ['indian', 'english'], 'reasons');
    await h.say('bob', '/dev dice values:6');
    await h.say('bob', '/kpw roll');
    const o = await h.say('alice', '/kpw activate space:atlantis units:all');
    expect(o.replies[0].content).toMatch(/No such space: there is no "atlantis" on the map/);
    const ok = await h.say('alice', '/kpw activate space:montaup units:wa1,philip,wa2,wa3');
    expect(ok.replies[0]?.content ?? '').not.toMatch(/not a legal|not possible|❌/);
  });
});
