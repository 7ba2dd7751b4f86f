// 12.1-12.8 movement, river and ocean movement, interception, winter and
// Battle marker limits.
import { describe, expect, it } from 'vitest';
import { kpw } from '../../src/games/kpw/index.ts';
import { markerLimit } from '../../src/games/kpw/battle-markers.ts';
import { act, asked, clearMap, force, game, legal, loc, phase, put, rejects, s, skipChurch, startMove, unit } from './helpers.ts';

describe('12.1 how to move', () => {
  it('12.1 a war band may move 6 pips, 7 with a Guide, 5 with a Spy; a company 5', () => {
    const g = game();
    clearMap(g);
    put(g, 'wa1', 'nemasket');
    put(g, 'wa-sachem', 'sowams');
    put(g, 'wa2', 'sowams');
    put(g, 'ma1', 'dedham');
    startMove(g, 'indian');
    act(g, 'indian', { type: 'activate', space: 'nemasket', units: 'all' });
    expect(s(g).stack.frames.at(-1)).toMatchObject({ step: 'group' });
    const text = () => promptText(g);
    expect(text()).toMatch(/has 6 pips left/);
    act(g, 'indian', { type: 'stop' });
    unit(g, 'wa-sachem').guide = true;
    act(g, 'indian', { type: 'activate', space: 'sowams', units: 'all' });
    expect(text()).toMatch(/has 7 pips left/);
    unit(g, 'wa-sachem').spy = true;
    expect(text()).toMatch(/has 6 pips left/);
    unit(g, 'wa-sachem').guide = false;
    expect(text()).toMatch(/has 5 pips left/);
    act(g, 'indian', { type: 'stop' });
    startMove(g, 'english');
    act(g, 'english', { type: 'activate', space: 'dedham', units: 'all' });
    expect(text()).toMatch(/has 5 pips left/);
  });

  it('12.1 before Church the English use only 1-pip connections (unless a Guide is with them) and move 3 companies', () => {
    const g = game();
    clearMap(g);
    put(g, 'pl1', 'sandwich');
    put(g, 'pl-captain', 'sandwich');
    put(g, 'pl2', 'plymouth');
    put(g, 'pl3', 'marshfield');
    put(g, 'pl4', 'middleborough');
    startMove(g, 'english');
    act(g, 'english', { type: 'activate', space: 'sandwich', units: 'all' });
    const to = () =>
      legal(g, 'english')
        .filter((l) => l.sub === 'step')
        .map((l) => l.args.to);
    expect(to()).not.toContain('edgartown'); // 2 pips
    expect(to()).not.toContain('mashpee'); // an intact Indian village
    expect(to()).toContain('manomet');
    rejects(g, 'english', { type: 'step', to: 'edgartown' }, /1-pip connections/);
    unit(g, 'pl-captain').guide = true;
    expect(to()).toContain('edgartown');
    act(g, 'english', { type: 'stop' });
    act(g, 'english', { type: 'activate', space: 'plymouth', units: 'all' });
    act(g, 'english', { type: 'stop' });
    act(g, 'english', { type: 'activate', space: 'marshfield', units: 'all' });
    act(g, 'english', { type: 'stop' });
    expect(phase(g)).not.toMatch(/English Movement/); // the third company ends the phase
  });

  it('12.1 a unit moves once: dropped units stay put and picked-up units must not have moved', () => {
    const g = game();
    clearMap(g);
    put(g, 'ma1', 'boston');
    put(g, 'ma2', 'dedham');
    startMove(g, 'english');
    act(g, 'english', { type: 'activate', space: 'boston', units: 'all' });
    act(g, 'english', { type: 'step', to: 'dedham' });
    act(g, 'english', { type: 'pickup', unit: 'ma2' });
    act(g, 'english', { type: 'step', to: 'medfield' });
    act(g, 'english', { type: 'drop', unit: 'ma1' });
    act(g, 'english', { type: 'step', to: 'dedham' });
    act(g, 'english', { type: 'stop' });
    expect(loc(g, 'ma1')).toBe('medfield');
    expect(legal(g, 'english').some((l) => l.sub === 'activate' && l.args.space === 'medfield')).toBe(false);
  });
});

function promptText(g: ReturnType<typeof game>): string {
  return kpw.prompts(g.env.game)[0].text;
}

describe('12.2 river and 12.3 ocean movement', () => {
  it('12.2 war bands move ½ pip along rivers; English companies only with Church or Allied Indians after Church', () => {
    const g = game();
    clearMap(g);
    s(g).damage.taunton = 2; // razed: open
    put(g, 'pc1', 'titicut');
    put(g, 'ma1', 'dedham');
    startMove(g, 'indian');
    act(g, 'indian', { type: 'activate', space: 'titicut', units: 'all' });
    expect(legal(g, 'indian').find((l) => l.args.to === 'taunton~river')!.label).toMatch(/½ pip/);
    act(g, 'indian', { type: 'step', to: 'taunton~river' });
    expect(promptText(g)).toMatch(/5½ pips left/);
    act(g, 'indian', { type: 'stop' });
    startMove(g, 'english');
    act(g, 'english', { type: 'activate', space: 'dedham', units: 'all' });
    expect(legal(g, 'english').some((l) => l.args.to === 'boston~river')).toBe(false);
    rejects(g, 'english', { type: 'step', to: 'boston~river' }, /12\.2|river/);
    act(g, 'english', { type: 'stop' });
    s(g).churchEntered = true;
    put(g, 'church', 'dedham');
    startMove(g, 'english');
    act(g, 'english', { type: 'activate', space: 'dedham', units: 'all' });
    expect(legal(g, 'english').some((l) => l.args.to === 'boston~river')).toBe(true);
  });

  it('12.3 ocean movement: from a port at the start of the move to any other port with all pips; never with Allied Indians', () => {
    const g = game();
    clearMap(g);
    s(g).churchEntered = true;
    put(g, 'ma1', 'boston');
    put(g, 'ma2', 'dedham');
    startMove(g, 'english');
    act(g, 'english', { type: 'activate', space: 'dedham', units: 'all' });
    act(g, 'english', { type: 'step', to: 'boston' });
    expect(legal(g, 'english').some((l) => String(l.args.to).endsWith('~ocean'))).toBe(false); // not from the start
    act(g, 'english', { type: 'stop' });
    put(g, 'al1', 'boston');
    act(g, 'english', { type: 'activate', space: 'boston', units: 'ma1' });
    expect(legal(g, 'english').some((l) => l.args.to === 'plymouth~ocean')).toBe(true);
    act(g, 'english', { type: 'pickup', unit: 'al1' });
    expect(legal(g, 'english').some((l) => String(l.args.to).endsWith('~ocean'))).toBe(false);
  });
});

describe('12.4/12.5 interception', () => {
  it('12.4 a successful interception sends the mover back, places the interceptors and a Battle marker', () => {
    const g = game();
    skipChurch(g);
    act(g, 'indian', { type: 'end' });
    act(g, 'english', { type: 'activate', space: 'marlborough', units: 'all' });
    act(g, 'english', { type: 'step', to: 'magunkaquog' });
    const l = legal(g, 'indian').find((x) => x.sub === 'intercept')!;
    expect(l.label).toMatch(/needs 5\+ \(-2 pips, \+1 Sachem\): a roll of 6\+/);
    force(g, 6);
    act(g, 'indian', l.action);
    expect(loc(g, 'ma4')).toBe('marlborough');
    expect(asked(g)).toBe('indian');
    act(g, 'indian', { type: 'send', units: 'all' });
    expect(loc(g, 'wa6')).toBe('magunkaquog');
    expect(s(g).battles).toEqual([expect.objectContaining({ side: 'english', from: 'marlborough', to: 'magunkaquog' })]);
    expect(s(g).markers).toBe(1);
    expect(legal(g, 'english').some((x) => x.sub === 'activate' && x.args.space === 'marlborough')).toBe(false);
  });

  it('12.4 no interception across water or by leaders alone; 12.5 Battle markers may be intercepted', () => {
    const g = game();
    clearMap(g);
    s(g).damage.wickford = 2;
    put(g, 'wa1', 'sowams');
    put(g, 'wa2', 'tower_hill');
    put(g, 'ri1', 'warwick');
    startMove(g, 'english');
    act(g, 'english', { type: 'activate', space: 'warwick', units: 'all' });
    act(g, 'english', { type: 'step', to: 'wickford' });
    // Sowams is across the bay from Wickford: only Tower Hill may try.
    expect(
      legal(g, 'indian')
        .filter((l) => l.sub === 'intercept')
        .map((l) => l.args.from),
    ).toEqual(['tower_hill']);
    act(g, 'indian', { type: 'decline' });
    act(g, 'english', { type: 'stop' });

    clearMap(g);
    put(g, 'pc1', 'assonet');
    put(g, 'pl1', 'swansea');
    put(g, 'pl2', 'rehoboth');
    put(g, 'pl-captain', 'dartmouth');
    startMove(g, 'indian');
    act(g, 'indian', { type: 'activate', space: 'assonet', units: 'all' });
    act(g, 'indian', { type: 'step', to: 'pocasset_swamp' });
    expect(
      legal(g, 'english')
        .filter((l) => l.sub === 'intercept')
        .map((l) => l.args.from),
    ).toEqual(['swansea']);
    act(g, 'english', { type: 'decline' });
    act(g, 'indian', { type: 'battle', target: 'swansea' });
    expect(
      legal(g, 'english')
        .filter((l) => l.sub === 'intercept')
        .map((l) => l.args.from),
    ).toEqual(['rehoboth']);
    force(g, 6); // 6 - 1 pip = 5
    act(g, 'english', { type: 'intercept', from: 'rehoboth' });
    act(g, 'english', { type: 'send', units: 'all' });
    expect(loc(g, 'pl2')).toBe('swansea');
  });
});

describe('12.6-12.8 winter and Battle markers', () => {
  it('12.6 winter doubles movement costs; 12.8 only 3 Battle markers each', () => {
    const g = game();
    clearMap(g);
    s(g).turn = 5;
    put(g, 'wa1', 'sowams');
    startMove(g, 'indian');
    act(g, 'indian', { type: 'activate', space: 'sowams', units: 'all' });
    act(g, 'indian', { type: 'step', to: 'montaup' });
    expect(promptText(g)).toMatch(/4 pips left/);
    expect(markerLimit(s(g), 'indian')).toBe(3);
    s(g).turn = 4;
    expect(markerLimit(s(g), 'indian')).toBe(5);
    expect(markerLimit(s(g), 'english')).toBe(3);
    s(g).churchEntered = true;
    expect(markerLimit(s(g), 'english')).toBe(5);
  });

  it('12.7 placing a Battle marker costs the pips of the connection and ends the move; one marker per Infantry in the space', () => {
    const g = game();
    skipChurch(g);
    act(g, 'indian', { type: 'activate', space: 'sowams', units: 'all' });
    act(g, 'indian', { type: 'step', to: 'montaup' });
    expect(legal(g, 'indian').some((l) => l.sub === 'pickup')).toBe(false); // would break stacking
    act(g, 'indian', { type: 'step', to: 'sowams' });
    act(g, 'indian', { type: 'battle', target: 'wickford' });
    expect(legal(g, 'indian').some((l) => l.sub === 'step')).toBe(false);
    // Sowams holds two warriors: a second marker may go out, a third not.
    act(g, 'indian', { type: 'battle', target: 'swansea' });
    expect(s(g).stack.frames.at(-1)).toMatchObject({ proc: 'move', step: 'select' }); // no third marker: the move ended
    expect(
      s(g)
        .battles.map((b) => b.to)
        .sort(),
    ).toEqual(['swansea', 'wickford']);
    rejects(g, 'indian', { type: 'activate', space: 'sowams', units: 'all' }, /once per movement phase/);
  });

  it('12.7 markers beyond the pips left are refused with the cost', () => {
    const g = game();
    clearMap(g);
    put(g, 'wa1', 'montaup');
    put(g, 'pl1', 'swansea');
    startMove(g, 'indian');
    act(g, 'indian', { type: 'activate', space: 'montaup', units: 'all' });
    for (const to of ['sowams', 'montaup', 'sowams', 'montaup', 'sowams', 'montaup']) act(g, 'indian', { type: 'step', to });
    rejects(g, 'indian', { type: 'battle', target: 'swansea' }, /Not enough pips/);
  });
});

describe('12.2 unallied river villages and 4.2 spaces', () => {
  it('12.2 a war band may float past unallied river villages but not stop in them, nor enter them by land', () => {
    const g = game();
    clearMap(g);
    s(g).damage.deerfield = 2;
    s(g).damage.hadley = 2;
    put(g, 'wa1', 'deerfield');
    startMove(g, 'indian');
    act(g, 'indian', { type: 'activate', space: 'deerfield', units: 'all' });
    const to = () =>
      legal(g, 'indian')
        .filter((l) => l.sub === 'step')
        .map((l) => l.args.to);
    expect(to()).toContain('pocumtuck~river');
    expect(to()).not.toContain('pocumtuck');
    act(g, 'indian', { type: 'step', to: 'pocumtuck~river' });
    expect(legal(g, 'indian').some((l) => l.sub === 'stop')).toBe(false);
    rejects(g, 'indian', { type: 'stop' }, /float past/);
    act(g, 'indian', { type: 'step', to: 'norwottuck~river' });
    act(g, 'indian', { type: 'step', to: 'hadley~river' });
    act(g, 'indian', { type: 'stop' });
    expect(loc(g, 'wa1')).toBe('hadley');
  });

  it('4.2 intact settlements bar warriors and villages bar the English; razed ones are neutral to both', () => {
    const g = game();
    clearMap(g);
    put(g, 'pc1', 'titicut');
    startMove(g, 'indian');
    act(g, 'indian', { type: 'activate', space: 'titicut', units: 'all' });
    expect(legal(g, 'indian').some((l) => l.args.to === 'bridgewater')).toBe(false);
    rejects(g, 'indian', { type: 'step', to: 'bridgewater' }, /may not enter Bridgewater/);
    act(g, 'indian', { type: 'stop' });
    s(g).damage.bridgewater = 2;
    startMove(g, 'indian');
    act(g, 'indian', { type: 'activate', space: 'titicut', units: 'all' });
    expect(legal(g, 'indian').some((l) => l.args.to === 'bridgewater')).toBe(true);
  });
});
