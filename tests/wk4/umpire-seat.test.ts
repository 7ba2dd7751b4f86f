// WK4 Turn Results and Challenges with umpire=human: every season waits on the
// umpire, so /game start refuses a campaign nobody umpires (it used to start and
// wait on "(empty seat) — umpire"), says how to seat one, and changes nothing.
import { describe, expect, it } from 'vitest';
import { getGame, registerGame } from '../../src/games/registry.ts';
import { wk4 } from '../../src/games/wk4/index.ts';
import { harness, text } from '../app/harness.ts';

describe('WK4 Turn Results and Challenges: a human-umpired campaign needs its umpire seated to start', () => {
  it('/game start refuses until a moderator seats the umpire, then starts', async () => {
    if (!getGame('wk4')) registerGame(wk4);
    const { svc, say } = harness({ seed: 'wk4-umpire-seat' });
    await say('mod', '/game new system:wk4 options:nations=2,umpire=human');
    await say('alice', '/game join side:almagora');
    await say('bob', '/game join side:capetan');
    const refused = text(await say('mod', '/game start fill_bots:true'));
    expect(refused).toMatch(/nobody holds the umpire's seat yet/);
    expect(refused).toMatch(/\/game join side:umpire user:<member>/);
    // Nothing changed: still a lobby, no seat added (not even by fill_bots).
    const row = svc.store.liveGame('c1')!;
    expect(row.status).toBe('lobby');
    expect(
      svc.store
        .seats(row.id)
        .map((s) => s.role)
        .sort(),
    ).toEqual(['almagora', 'capetan']);
    await say('mod', '/game join side:umpire user:uma');
    expect(text(await say('mod', '/game start'))).toMatch(/Started/);
    expect(svc.store.liveGame('c1')!.status).toBe('active');
  });

  it('with the engine as umpire no umpire is needed', async () => {
    if (!getGame('wk4')) registerGame(wk4);
    const { svc, say } = harness({ seed: 'wk4-umpire-engine' });
    await say('mod', '/game new system:wk4 options:nations=2,umpire=engine');
    await say('alice', '/game join side:almagora');
    await say('bob', '/game join side:capetan');
    expect(text(await say('mod', '/game start'))).toMatch(/Started/);
    expect(svc.store.liveGame('c1')!.status).toBe('active');
  });
});
