// Phases 1, 2, 4-11 under forced dice: initiative, movement limits, control
// rolls, raising, deployment, prisoners, death, placement, command, scoring.
import { describe, expect, it } from 'vitest';
import { endingOf } from '../../src/engine/procstack.ts';
import type { RuleError } from '../../src/engine/errors.ts';
import { canCommand } from '../../src/games/wog/assign.ts';
import { determineControl } from '../../src/games/wog/control.ts';
import { diesOf } from '../../src/games/wog/data.ts';
import { leaderDeath } from '../../src/games/wog/death.ts';
import { deployReach } from '../../src/games/wog/deploy.ts';
import { canLeave, impulseLegal, impulsesProc, startImpulses } from '../../src/games/wog/impulses.ts';
import { determineInitiative } from '../../src/games/wog/initiative.ts';
import { pileOf } from '../../src/games/wog/piles.ts';
import { crownCandidates, fillPool, placeAreas, placeLeader } from '../../src/games/wog/placement.ts';
import { exchangePrisoners } from '../../src/games/wog/prisoners.ts';
import { raiseOptions } from '../../src/games/wog/raise.ts';
import { scoreTurn, turnScore } from '../../src/games/wog/scoring.ts';
import { borderLimit, capture, data, leaderData } from '../../src/games/wog/state.ts';
import { blank, dice, inf, put } from './helpers.ts';

describe('Phase 1 initiative', () => {
  it('+1 for a king in his capital, −1 without a king; impulses 2 + the lower die, the nIP one fewer', () => {
    const s = blank();
    s.ip = null;
    s.kings = { english: 'edward_iii', french: null };
    put(s, 'edward_iii', 'england', 'english');
    // English 3 + 1 = 4, French 4 − 1 = 3: English initiative; impulses 2 + 3 = 5 and 4.
    determineInitiative(s, dice(3, 4).ctx);
    expect(s.ip).toBe('english');
    expect(s.impulses).toEqual({ english: 5, french: 4 });
  });

  it('a tie keeps the initiative where it was; the English win a first-turn tie', () => {
    const s = blank();
    s.ip = null;
    determineInitiative(s, dice(2, 2).ctx);
    expect(s.ip).toBe('english');
    s.ip = 'french';
    determineInitiative(s, dice(6, 6).ctx);
    expect(s.ip).toBe('french');
    expect(s.impulses).toEqual({ french: 8, english: 7 });
  });
});

describe('Phase 2 impulses', () => {
  it('border limits: clear 2, river 3, obstructed 1; by sea 2 into a friendly area, English 2 from a friendly area, else 1', () => {
    const s = blank();
    expect(borderLimit(s, 'french', 'normandy', 'brittany')).toBe(2);
    expect(borderLimit(s, 'french', 'normandy', 'ile_de_france')).toBe(3);
    expect(borderLimit(s, 'english', 'england', 'wales')).toBe(1);
    expect(borderLimit(s, 'french', 'normandy', 'england')).toBe(1);
    s.control.england = 'french';
    expect(borderLimit(s, 'french', 'normandy', 'england')).toBe(2);
    s.control.england = 'english';
    expect(borderLimit(s, 'english', 'england', 'normandy')).toBe(2);
    expect(borderLimit(s, 'english', 'normandy', 'scotland')).toBe(0);
  });

  it('leaders move only if they outnumber enemy leaders plus an enemy control marker; too many across a border is refused with the rule', () => {
    const s = blank();
    s.control.england = 'french';
    put(s, 'edward_iii', 'england', 'english');
    put(s, 'northampton', 'england', 'english');
    put(s, 'philippe_vi', 'england', 'french');
    expect(canLeave(s, 'english', 'england')).toBe(false); // 2 > 1 + 1 fails
    put(s, 'walter_manny', 'england', 'english');
    expect(canLeave(s, 'english', 'england')).toBe(true);
    s.ip = 'english';
    s.impulses = { english: 2, french: 1 };
    const f = startImpulses(s);
    s.stack.frames = [{ proc: 'turn', step: 'battles', now: 'impulses' }, f];
    const t = dice();
    expect(() =>
      impulsesProc.apply!(s, f, 'english', { type: 'move', from: 'england', to: 'wales', leaders: 'edward_iii+northampton' }, t.ctx),
    ).toThrow(/At most 1 leader may cross/);
    try {
      impulsesProc.apply!(s, f, 'english', { type: 'move', from: 'england', to: 'wales', leaders: 'edward_iii+northampton' }, t.ctx);
    } catch (e) {
      expect((e as RuleError).rule).toBe('WoG Phase 2 (move)');
      expect((e as RuleError).allowed.length).toBeGreaterThan(3);
    }
    // Moving into an enemy-occupied area places the Aggressor marker.
    put(s, 'jean_normandy', 'wales', 'french');
    impulsesProc.apply!(s, f, 'english', { type: 'move', from: 'england', to: 'wales', leaders: 'walter_manny' }, t.ctx);
    expect(s.aggressor.wales).toBe('english');
    expect(f.side).toBe('french');
    expect(impulseLegal(s, 'french').at(-1)!.sub).toBe('pass');
  });
});

describe('Phase 4 control', () => {
  it('home: d6 ≤ 6 − mercenaries; elsewhere d6 ≤ rank − mercenaries; in an enemy area: uncontrolled; disgraced leaders do nothing', () => {
    const s = blank();
    put(s, 'henry_grosmont', 'england', 'english'); // home England
    s.loose.england!.push({ kind: 'mercenary', home: 'ireland' });
    put(s, 'northampton', 'normandy', 'english'); // 2★, not home
    put(s, 'walter_manny', 'picardy', 'english');
    s.control.picardy = 'french';
    put(s, 'jean_normandy', 'anjou', 'french');
    s.leaders.jean_normandy!.disgraced = true;
    s.aggressor.anjou = 'english';
    const t = dice(5, 3);
    determineControl(s, t.ctx);
    expect(t.left()).toBe(0); // exactly two rolls: England, Normandy
    expect(s.control.england).toBe('english'); // 5 ≤ 6 − 1
    expect(s.control.normandy).toBeNull(); // 3 > 2
    expect(s.control.picardy).toBeNull();
    expect(s.control.anjou).toBeNull();
    expect(s.aggressor).toEqual({});
    expect(s.leaders.jean_normandy!.disgraced).toBe(false);
  });
});

describe('Phases 5, 6 and 10: raising, deployment, command', () => {
  it('raise up to the area value; knights by flag and gunners in value-3 areas, one each per turn; longbowmen in England and Wales', () => {
    const s = blank();
    s.control.england = 'english';
    s.control.picardy = 'english';
    const kinds = (a: string) =>
      raiseOptions(s, 'english')
        .filter((o) => o.area === a)
        .map((o) => o.troop.kind);
    expect(kinds('england')).toEqual(['infantry', 'knight', 'gunner', 'longbow']);
    expect(kinds('picardy')).toEqual(['infantry', 'knight']);
    s.raised.england = { sp: 1, knight: true, gunner: false };
    expect(kinds('england')).toEqual(['infantry', 'gunner', 'longbow']);
    s.raised.england = { sp: 3, knight: true, gunner: true };
    expect(kinds('england')).toEqual([]);
  });

  it('deployment runs through friendly areas only, never across obstructed borders; the French never by sea', () => {
    const s = blank();
    for (const a of ['normandy', 'brittany', 'ile_de_france', 'orleanais', 'england']) s.control[a] = 'french';
    expect(deployReach(s, 'french', 'normandy')).toEqual(['brittany', 'ile_de_france', 'orleanais']);
    for (const a of ['england', 'normandy', 'wales', 'aquitaine']) s.control[a] = 'english';
    expect(deployReach(s, 'english', 'england')).toEqual(['aquitaine', 'normandy']); // Wales is across an obstructed border
  });

  it('command: 3 × rank SP; knights need a national 3-star (or a 2-star Burgundian for Burgundian chevaliers); gunners a national leader; LiW English longbowmen only Richard I, Edward I, Robin Hood', () => {
    const s = blank('liw');
    put(s, 'geoffrey_v', 'anjou', 'english', inf(5));
    put(s, 'matilda', 'anjou', 'english');
    put(s, 'robin_hood', 'england', 'english');
    put(s, 'david_i', 'scotland', 'english');
    expect(canCommand(s, 'geoffrey_v', { kind: 'infantry' })).toBe(true);
    s.leaders.geoffrey_v!.troops.push({ kind: 'infantry' });
    expect(canCommand(s, 'geoffrey_v', { kind: 'infantry' })).toBe(false); // 6 = 3 × 2
    expect(canCommand(s, 'matilda', { kind: 'knight', flag: 'english' })).toBe(true);
    expect(canCommand(s, 'robin_hood', { kind: 'knight', flag: 'english' })).toBe(false);
    expect(canCommand(s, 'david_i', { kind: 'gunner' })).toBe(false);
    expect(canCommand(s, 'matilda', { kind: 'longbow', flag: 'english' })).toBe(false);
    expect(canCommand(s, 'robin_hood', { kind: 'longbow', flag: 'english' })).toBe(true);
    expect(canCommand(s, 'matilda', { kind: 'longbow', flag: 'welsh' })).toBe(true);
  });
});

describe('Phase 7 prisoners, Phase 8 death, Phase 9 placement', () => {
  it('equal stars are exchanged and go to the routed box', () => {
    const s = blank();
    capture(s, 'edward_iii', 'french'); // 3★
    capture(s, 'raoul_eu', 'english'); // 2★
    capture(s, 'louis_nevers', 'english'); // 2★
    expect(exchangePrisoners(s, dice().ctx)).toBe(0);
    capture(s, 'walter_manny', 'french'); // now 4★ a side
    expect(exchangePrisoners(s, dice().ctx)).toBe(4);
    for (const id of ['edward_iii', 'walter_manny', 'raoul_eu', 'louis_nevers']) expect(s.leaders[id]!.where).toBe('routed');
  });

  it('Leader Death Chart: age = turn − entry + 1; dies on d6 ≤ age; a dead leader leaves his troops unassigned', () => {
    const s = blank();
    const edward = leaderData(s, 'edward_iii'); // entry turn 1
    expect(diesOf(data().charts, edward, 3, 3)).toBe(true);
    expect(diesOf(data().charts, edward, 3, 4)).toBe(false);
    expect(diesOf(data().charts, edward, 9, 6)).toBe(true);
    s.turn = 2;
    s.kings.english = 'edward_iii';
    put(s, 'edward_iii', 'england', 'english', inf(2));
    put(s, 'northampton', 'england', 'english', inf(1));
    leaderDeath(s, dice(2, 3).ctx); // Edward (age 2) dies on 2; Northampton lives on 3
    expect(s.leaders.edward_iii!.where).toBe('dead');
    expect(s.kings.english).toBeNull();
    expect(s.loose.england).toHaveLength(2);
    expect(s.leaders.northampton!.where).toBe('map');
    expect(crownCandidates(s, 'english')).toEqual([]);
  });

  it("Phase 8 future leader piles: a dead leader's heir of age comes forward to the pile arriving in this turn's Phase 9", () => {
    const s = blank();
    s.turn = 2;
    expect(pileOf(s, 'richard_ii')).toBe(5);
    put(s, 'black_prince', 'aquitaine', 'english', inf(3));
    s.leaders.henry_grosmont!.where = 'dead';
    s.killed.push({ id: 'henry_grosmont', side: 'english', rank: 2, king: false }); // killed in this turn's battles
    const t = dice(1); // the Black Prince (age 1) dies on a 1
    leaderDeath(s, t.ctx);
    expect(s.leaders.black_prince!.where).toBe('dead');
    expect(s.loose.aquitaine).toEqual(inf(3));
    // John of Gaunt (turn 4 pile; 17 in 1357) comes forward to turn 3's pile and arrives now;
    // Richard II (born 1367) is too young to come forward for 1357: he stays in turn 5's pile.
    expect(s.piles['3']).toContain('john_of_gaunt');
    expect(pileOf(s, 'john_of_gaunt')).toBe(3);
    expect(s.piles['4']).not.toContain('john_of_gaunt');
    expect(pileOf(s, 'richard_ii')).toBe(5);
    expect(t.text()).toContain('John of Gaunt, heir of Henry of Grosmont, comes forward from the turn 4 pile');
    fillPool(s);
    expect(s.leaders.john_of_gaunt!.where).toBe('pool');
    expect(s.leaders.richard_ii!.where).toBe('future');
    expect(s.piles['3']).toBeUndefined();
    // An heir already arrived (or due this turn) stays where he is: Edward III's heir is the Black Prince, dead.
    const u = blank();
    u.turn = 1;
    put(u, 'edward_iii', 'england', 'english');
    leaderDeath(u, dice(1).ctx);
    expect(pileOf(u, 'black_prince')).toBe(2);
  });

  it('placement: friendly or neutral areas or home; at home the leader gets his rank in infantry; into enemy leaders, an Aggressor marker', () => {
    const s = blank();
    s.control.aquitaine = 'english';
    s.control.england = 'french';
    const areas = placeAreas(s, 'english', 'northampton');
    expect(areas).toContain('england'); // his home, even enemy-controlled
    expect(areas).toContain('aquitaine');
    expect(areas).toContain('navarre');
    expect(areas).not.toContain('normandy');
    put(s, 'philippe_vi', 'england', 'french');
    placeLeader(s, 'english', 'northampton', 'england', dice().ctx);
    expect(s.leaders.northampton!.troops).toHaveLength(2);
    expect(s.aggressor.england).toBe('english');
  });
});

describe('Phase 11 scoring and the end', () => {
  it('areas 2/1/1, enemy capital +1, leaders killed, leaders rotting; zero-sum; 30 VP ends the game', () => {
    const s = blank();
    Object.assign(s.control, { england: 'english', ile_de_france: 'english', wales: 'english', normandy: 'french', flanders: 'french' });
    s.killed.push({ id: 'raoul_eu', side: 'french', rank: 2, king: false });
    capture(s, 'walter_manny', 'french');
    // English: 2 + 2 + 1 (areas) + 1 (Ile-de-France) + 1 (Raoul) = 7; French: 1 + 2 + 1 (Manny rots) = 4.
    const t = turnScore(s);
    expect([t.english, t.french]).toEqual([7, 4]);
    s.vp = 27;
    s.turn = 4;
    expect(scoreTurn(s, dice().ctx)).toBe(true);
    expect(s.vp).toBe(30);
    expect(endingOf(s.stack)?.winners).toEqual(['english']);
    expect(s.killed).toEqual([]);
  });

  it('after turn 12 the side ahead wins; level is a draw', () => {
    const s = blank();
    s.turn = 12;
    expect(scoreTurn(s, dice().ctx)).toBe(true);
    expect(endingOf(s.stack)).toMatchObject({ draw: true, winners: [] });
  });
});

describe('Phase 2 at the runner', () => {
  it('the same leaders named in another order are the same move', async () => {
    const { applyAction, createGame } = await import('../../src/engine/runner.ts');
    const { wog } = await import('../../src/games/wog/index.ts');
    let { env } = createGame(wog, { scenario: 'hyw' }, 'order');
    env.dice.forced.push(5, 2);
    env = applyAction(wog, env, 'english', { type: 'roll' }).env;
    env.dice.forced.push(4, 3);
    env = applyAction(wog, env, 'english', { type: 'choose', leader: 'charles_blois' }).env;
    env = applyAction(wog, env, 'english', { type: 'move', from: 'england', to: 'normandy', leaders: 'northampton+edward_iii' }).env;
    expect(env.game.leaders.edward_iii!.area).toBe('normandy');
    expect(env.game.leaders.northampton!.area).toBe('normandy');
  });
});

describe('Setup (Lion in Winter): Robert of Gloucester', () => {
  it('the English taking Robert of Gloucester get an Aggressor marker in England (WOG-NOTES)', async () => {
    const { applyAction, createGame } = await import('../../src/engine/runner.ts');
    const { wog } = await import('../../src/games/wog/index.ts');
    let { env } = createGame(wog, { scenario: 'liw' }, 'robert');
    env.dice.forced.push(6, 1);
    env = applyAction(wog, env, 'english', { type: 'roll' }).env;
    env = applyAction(wog, env, 'english', { type: 'choose', leader: 'robert_gloucester' }).env;
    expect(env.game.leaders.robert_gloucester!.owner).toBe('english');
    expect(env.game.leaders.david_i!.owner).toBe('french');
    expect(env.game.aggressor.england).toBe('english');
  });
});

describe('Phase 7: the IP decides the exchange combinations', () => {
  it('with two ways to match 2 stars the IP chooses; the one left in prison can be ransomed or rots', async () => {
    const { machine } = await import('../../src/games/wog/sequence.ts');
    const s = blank();
    s.ip = 'english';
    capture(s, 'raoul_eu', 'english');
    capture(s, 'louis_nevers', 'english');
    capture(s, 'northampton', 'french');
    s.control.champagne = 'french';
    s.stack.frames = [
      { proc: 'turn', step: 'death', now: 'prisoners' },
      { proc: 'exchange', step: 'go' },
    ];
    const t = dice();
    machine.run(s, t.ctx);
    expect(machine.prompts(s)[0]!.role).toBe('english');
    expect(machine.legal(s, 'english').map((l) => l.action.french)).toEqual(['louis_nevers', 'raoul_eu']);
    expect(machine.prompts(s)[0]!.buttons).toBe(true); // a quick decision: buttons
    machine.apply(s, 'english', { type: 'exchange', english: 'northampton', french: 'raoul_eu' }, t.ctx);
    expect(s.leaders.northampton!.where).toBe('routed');
    expect(s.leaders.raoul_eu!.where).toBe('routed');
    // The French may ransom Louis de Nevers (2★) with Champagne (value 2).
    expect(machine.prompts(s)[0]).toMatchObject({ role: 'french', buttons: true });
    // Another command than the one asked for is told what is asked.
    expect(() => machine.apply(s, 'french', { type: 'pass' }, t.ctx)).toThrow(
      '/wog pass is not a choice now; asked now: /wog ransom, /wog done.',
    );
    machine.apply(s, 'french', { type: 'ransom', leader: 'louis_nevers', area: 'champagne' }, t.ctx);
    expect(s.control.champagne).toBeNull();
    // Play has gone on to Phase 9, where routed leaders join the pool to be placed (unless Phase 8 took him).
    expect(['pool', 'dead']).toContain(s.leaders.louis_nevers!.where);
  });
});
