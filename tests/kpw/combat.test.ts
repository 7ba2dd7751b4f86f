// 13.1-13.10 battles: evasion, dice, re-rolls, every event, SP, losses,
// leaders, surrender, devastation, the border war and advance.
import { describe, expect, it } from 'vitest';
import { endingOf } from '../../src/engine/procstack.ts';
import { act, asked, clearMap, fight, force, game, legal, loc, put, s, startCombat, texts, unit, type G } from './helpers.ts';

function base(): G {
  const g = game();
  clearMap(g);
  return g;
}

describe('13.1 evasion', () => {
  it('13.1 the English evade on 7+ (+1 Captain); the battle space is then empty and the attacker may advance', () => {
    const g = base();
    s(g).damage.bridgewater = 2;
    for (const id of ['pc1', 'pc2']) put(g, id, 'bridgewater');
    put(g, 'ma1', 'blue_hills');
    put(g, 'ma-captain', 'blue_hills');
    startCombat(g, 'indian', [['bridgewater', 'blue_hills']]);
    act(g, 'indian', { type: 'fight', battle: 't1', units: 'all' });
    const ev = legal(g, 'english').filter((l) => l.sub === 'evade');
    expect(ev.map((l) => l.args.to).sort()).toEqual(['boston', 'hingham']);
    expect(ev[0].label).toMatch(/needs 7\+ \(\+1 Captain\): a roll of 6\+/); // worded like the result line
    force(g, 6);
    const out = act(g, 'english', { type: 'evade', to: 'hingham' });
    expect(texts(out)).toMatch(/no battle/);
    expect(loc(g, 'ma1')).toBe('hingham');
    expect(asked(g)).toBe('indian');
    act(g, 'indian', { type: 'advance', units: 'pc1+pc2' });
    expect(loc(g, 'pc1')).toBe('blue_hills');
  });

  it('13.1 a war band cannot evade from a company with Church; a failed evasion still fights', () => {
    const g = base();
    s(g).churchEntered = true;
    put(g, 'church', 'bridgewater');
    put(g, 'ma1', 'bridgewater');
    put(g, 'pc1', 'titicut');
    put(g, 'pc-sachem', 'titicut');
    startCombat(g, 'english', [['bridgewater', 'titicut']]);
    force(g, 1, 2, 2);
    const out = act(g, 'english', { type: 'fight', battle: 't1', units: 'all' });
    expect(texts(out)).toMatch(/red d6: 1/); // straight to the battle roll
  });
});

describe('13.2 battle roll, doubles and re-rolls', () => {
  it('13.2 a Spy on the enemy leader gives a re-roll; doubles after it cancel the battle and remove Spies and Guides', () => {
    const g = base();
    put(g, 'pc1', 'titicut');
    put(g, 'pc-sachem', 'titicut');
    unit(g, 'pc-sachem').guide = true;
    put(g, 'ma1', 'bridgewater');
    put(g, 'ma-captain', 'bridgewater');
    unit(g, 'ma-captain').spy = true;
    startCombat(g, 'indian', [['titicut', 'bridgewater']]);
    act(g, 'indian', { type: 'fight', battle: 't1', units: 'all' });
    force(g, 1, 2, 3);
    act(g, 'english', { type: 'stand' });
    expect(asked(g)).toBe('indian');
    expect(legal(g, 'indian').map((l) => l.sub)).toEqual(['reroll', 'reroll', 'reroll', 'pass']);
    force(g, 1);
    const out = act(g, 'indian', { type: 'reroll', die: 'green' });
    expect(texts(out)).toMatch(/Doubles \(1-1\)/);
    expect(unit(g, 'ma-captain').spy).toBe(false);
    expect(unit(g, 'pc-sachem').guide).toBe(false);
    expect(s(g).damage.bridgewater ?? 0).toBe(0);
  });

  it('13.2 a Guide lets its own side re-roll one die, then leaves; the attacker chooses before the defender', () => {
    const g = base();
    put(g, 'pc1', 'titicut');
    put(g, 'pc-sachem', 'titicut');
    unit(g, 'pc-sachem').guide = true;
    put(g, 'ma1', 'bridgewater');
    put(g, 'ma-captain', 'bridgewater');
    unit(g, 'ma-captain').guide = true;
    startCombat(g, 'indian', [['titicut', 'bridgewater']]);
    act(g, 'indian', { type: 'fight', battle: 't1', units: 'all' });
    force(g, 1, 2, 3);
    act(g, 'english', { type: 'stand' });
    expect(asked(g)).toBe('indian');
    force(g, 5);
    act(g, 'indian', { type: 'reroll', die: 'green' });
    expect(unit(g, 'pc-sachem').guide).toBe(false);
    expect(asked(g)).toBe('english');
    act(g, 'english', { type: 'pass' });
    expect(unit(g, 'ma-captain').guide).toBe(true);
  });
});

describe('13.3 events', () => {
  function philipAttack(g: G, ...dice: number[]): string {
    s(g).damage.bridgewater = 0;
    for (const id of ['philip', 'wa1', 'wa2', 'wa3']) put(g, id, 'titicut');
    startCombat(g, 'indian', [['titicut', 'bridgewater']]);
    const evs = [...act(g, 'indian', { type: 'fight', battle: 't1', units: 'all' })];
    force(g, ...dice);
    if (legal(g, 'english').some((l) => l.sub === 'stand')) evs.push(...act(g, 'english', { type: 'stand' }));
    return texts(evs);
  }

  it('13.3 Ambush: the ambushed side takes its losses first and strikes back only with what is left', () => {
    const g = base();
    put(g, 'ma1', 'bridgewater');
    put(g, 'ma2', 'bridgewater');
    const t = philipAttack(g, 2, 6, 1);
    expect(t).toMatch(/Event Ambush affects the English/);
    expect(t).toMatch(/Indians 7 SP on green 6 → English lose 4/);
    for (const id of ['ma1', 'ma1', 'ma2']) act(g, 'english', { type: 'loss', unit: id });
    const out = act(g, 'english', { type: 'loss', unit: 'ma2' });
    expect(texts(out)).toMatch(/strike back with 1 SP on red 2: Indians lose 0/);
    expect(s(g).vp.indian).toBe(2);
  });

  it('13.3 Emergency Reinforcements: the affected side reads one column to the right', () => {
    const g = base();
    put(g, 'ma1', 'bridgewater');
    const t = philipAttack(g, 5, 1, 3);
    expect(t).toMatch(/English 3 SP \(\+1 column\) on red 5 → Indians lose 2/);
  });

  it('13.3 Spy and Guide: the affected leader takes the marker after the battle (no leader, no effect)', () => {
    for (const [face, kind] of [
      [2, 'spy'],
      [6, 'guide'],
    ] as const) {
      const g = base();
      put(g, 'pc1', 'titicut');
      put(g, 'pc-sachem', 'titicut');
      startCombat(g, 'indian', [['titicut', 'bridgewater']]);
      fight(g, 'indian', 't1', 1, 2, face);
      expect(unit(g, 'pc-sachem')[kind]).toBe(true);
    }
  });

  it('13.3 Massacre: the English raise a Soldier of an undevastated colony in one of its settlements', () => {
    const g = base();
    put(g, 'pc1', 'titicut');
    startCombat(g, 'indian', [['titicut', 'bridgewater']]);
    fight(g, 'indian', 't1', 3, 1, 4);
    const l = legal(g, 'english');
    expect(l.every((x) => x.sub === 'place')).toBe(true);
    act(g, 'english', l.find((x) => x.args.to === 'boston')!.action);
    expect(Object.values(s(g).units).some((u) => u.kind === 'soldier' && u.loc === 'boston')).toBe(true);
  });
});

describe('13.4 strength points', () => {
  it('13.4 fort 2 SP, Key Leader +1, soldier 2; a Spy -1', () => {
    const g = base();
    put(g, 'wa1', 'nemasket');
    put(g, 'pl2', 'plymouth');
    put(g, 'winslow', 'plymouth');
    startCombat(g, 'indian', [['nemasket', 'plymouth']]);
    act(g, 'indian', { type: 'fight', battle: 't1', units: 'all' });
    force(g, 1, 2, 2);
    expect(texts(act(g, 'english', { type: 'stand' }))).toMatch(/English 5 SP on red 1/);
    const h = base();
    put(h, 'wa1', 'nemasket');
    put(h, 'pl2', 'plymouth');
    put(h, 'winslow', 'plymouth');
    unit(h, 'winslow').spy = true;
    startCombat(h, 'indian', [['nemasket', 'plymouth']]);
    act(h, 'indian', { type: 'fight', battle: 't1', units: 'all' });
    force(h, 1, 2, 2);
    act(h, 'english', { type: 'stand' });
    const out = act(h, 'indian', { type: 'pass' }); // the Spy on Winslow offers the Indians a re-roll
    expect(texts(out)).toMatch(/English 4 SP on red 1/);
  });
});

describe('13.5 losses, VP and leaders', () => {
  function attackBlueHills(g: G, leader: string, ...dice: number[]) {
    s(g).damage.bridgewater = 2;
    for (const id of ['philip', 'wa1', 'wa2', 'wa3']) put(g, id, 'bridgewater');
    put(g, 'ma1', 'blue_hills', 1);
    put(g, leader, 'blue_hills');
    startCombat(g, 'indian', [['bridgewater', 'blue_hills']]);
    act(g, 'indian', { type: 'fight', battle: 't1', units: 'all' });
    force(g, ...dice);
    return act(g, 'english', { type: 'stand' });
  }

  it('13.5 the last Soldier defeated: the Captain is lost (1 VP) and returns two turns later; the attacker may advance', () => {
    const g = base();
    const out = attackBlueHills(g, 'ma-captain', 1, 5, 2); // the only loss choice is taken by itself
    expect(texts(out)).toMatch(/MA Captain is lost; a successor comes on turn 3/);
    expect(unit(g, 'ma-captain').where).toBe('track');
    expect(s(g).vp.indian).toBe(2);
    expect(legal(g, 'indian').some((l) => l.sub === 'advance')).toBe(true);
  });

  it('13.5 a Key Leader lost gives 2 VP and rolls for survival: 1-3 killed', () => {
    const g = base();
    const out = attackBlueHills(g, 'winslow', 1, 5, 2, 2);
    expect(texts(out)).toMatch(/Winslow is killed \(survival roll 2\)/);
    expect(unit(g, 'winslow').where).toBe('dead');
    expect(s(g).vp.indian).toBe(3);
  });

  it('13.5 razing a settlement: 1 VP to the Indians, English provisions lost +1; Infantry weakened before defeated', () => {
    const g = base();
    s(g).damage.bridgewater = 1;
    put(g, 'pc1', 'titicut');
    put(g, 'pc2', 'titicut');
    startCombat(g, 'indian', [['titicut', 'bridgewater']]);
    fight(g, 'indian', 't1', 1, 5, 2);
    expect(s(g).damage.bridgewater).toBe(2);
    expect(s(g).vp.indian).toBe(1);
    expect(s(g).prov.english).toBe(1);
    act(g, 'indian', { type: 'advance', units: 'pc1+pc2' });
    expect(loc(g, 'pc2')).toBe('bridgewater');
  });

  it('13.5 both Philip and Canonchet off the map: the Indians lose at once', () => {
    const g = base();
    unit(g, 'canonchet').where = 'track';
    unit(g, 'canonchet').returnTurn = 3;
    put(g, 'philip', 'bridgewater');
    s(g).damage.bridgewater = 2;
    put(g, 'ma1', 'blue_hills');
    put(g, 'ma2', 'blue_hills');
    startCombat(g, 'english', [['blue_hills', 'bridgewater']]);
    act(g, 'english', { type: 'fight', battle: 't1', units: 'all' });
    force(g, 5, 2, 2, 6); // English 4 SP on red 5: 2 hits; Philip has nothing to absorb them; survival 6
    if (asked(g) === 'indian') act(g, 'indian', { type: 'stand' });
    expect(endingOf(s(g).stack)?.winners).toEqual(['english']);
  });
});

describe('13.6 effects of losses', () => {
  it('13.6 tribal surrender when the English VP reach the tribe; its units leave the map', () => {
    const g = base();
    s(g).vp.english = 9; // Sakonnet surrender at 10
    for (const id of ['pl1', 'pl2', 'pl-captain']) put(g, id, 'swansea');
    put(g, 'sk1', 'punkatees', 1);
    put(g, 'sk-sachem', 'punkatees');
    put(g, 'sk2', 'sakonnet');
    startCombat(g, 'english', [['swansea', 'punkatees']]);
    act(g, 'english', { type: 'fight', battle: 't1', units: 'all' });
    force(g, 6, 1, 2);
    act(g, 'indian', { type: 'stand' });
    const out = act(g, 'indian', { type: 'loss', unit: 'sk1' }); // then the village takes the second SP by itself
    expect(texts(out)).toMatch(/The Sakonnet surrender/);
    expect(s(g).tribes.SK.status).toBe('surrendered');
    expect(unit(g, 'sk2').where).toBe('pool');
    expect(unit(g, 'sk-sachem').where).toBe('track'); // 13.5: lost with his war band's last Warrior, the village standing or not
  });

  it('13.6 devastation: a tribe whose villages are all razed gets no more reinforcements', () => {
    const g = base();
    s(g).damage.sakonnet = 2;
    s(g).damage.punkatees = 1;
    for (const id of ['pl1', 'pl2', 'pl-captain']) put(g, id, 'swansea');
    startCombat(g, 'english', [['swansea', 'punkatees']]);
    fight(g, 'english', 't1', 6, 1, 2);
    expect(s(g).tribes.SK.devastated).toBe(true);
  });

  it('13.6 New York/Connecticut border war: after a CT settlement is razed, a roll under the number razed gives 3 VP, once', () => {
    const g = base();
    s(g).damage.hartford = 2;
    s(g).damage.windsor = 2;
    s(g).damage.wethersfield = 1;
    put(g, 'wa1', 'hartford');
    startCombat(g, 'indian', [['hartford', 'wethersfield']]);
    fight(g, 'indian', 't1', 1, 6, 2);
    expect(asked(g)).toBe('indian');
    expect(legal(g, 'indian').map((l) => l.sub)).toEqual(['exploit', 'decline']);
    force(g, 2);
    act(g, 'indian', { type: 'exploit' });
    expect(s(g).vp.indian).toBe(4);
    expect(s(g).exploitUsed).toBe(true);
  });
});

describe('4.2/13.5 forts', () => {
  it('4.2 a fort has 2 SP, then damaged (1 SP), breached (0), razed (1 VP, provisions); it defends with no garrison', () => {
    const g = base();
    for (const id of ['philip', 'wa1', 'wa2', 'wa3']) put(g, id, 'middleborough');
    s(g).damage.middleborough = 2;
    startCombat(g, 'indian', [['middleborough', 'plymouth']]);
    const t = texts(fight(g, 'indian', 't1', 1, 6, 2));
    expect(t).toMatch(/English 2 SP on red 1/);
    expect(t).toMatch(/Plymouth is damaged/);
    expect(t).toMatch(/Plymouth is breached/);
    expect(t).toMatch(/Plymouth is razed/);
    expect(s(g).vp.indian).toBe(1);
    expect(s(g).prov.english).toBe(1);
  });
});
