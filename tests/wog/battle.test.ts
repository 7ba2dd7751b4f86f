// Phase 3 (Resolve Battles) under forced dice: battle dice, bravery, hits on
// 6+, losses (knight covers two, mercenaries break together, BC last),
// Elimination rolls, retreat with pursuit, sieges, Jeanne d'Arc, three misses.
import { describe, expect, it } from 'vitest';
import { battleDice, battleRating, braveryMods } from '../../src/games/wog/battle-dice.ts';
import { wog } from '../../src/games/wog/index.ts';
import { machine } from '../../src/games/wog/sequence.ts';
import { siegeNumber } from '../../src/games/wog/siege.ts';
import { turnScore } from '../../src/games/wog/scoring.ts';
import { blank, dice, inf, put, startBattles, subs, top } from './helpers.ts';

describe('Phase 3 battle dice', () => {
  it('X = min(BR, non-gunner strength) + min(BR, longbows); leaders count 1 SP; a longbow-marked leader counts as a longbow', () => {
    const s = blank();
    // Edward III: 3★ BR 6, longbow mark. 1 + 6 troops (a gunner does not count) = 6 strength; 2 longbows + himself = 3.
    put(s, 'edward_iii', 'champagne', 'english', [
      ...inf(3),
      { kind: 'longbow', flag: 'english' },
      { kind: 'longbow', flag: 'english' },
      { kind: 'gunner' },
    ]);
    put(s, 'walter_manny', 'champagne', 'english', inf(1));
    expect(battleDice(s, 'english', 'champagne', 'edward_iii')).toEqual({ dice: 6 + 3, br: 6, strength: 8, longbows: 3 });
    // Philippe VI BR 3 caps the strength term; no longbows.
    put(s, 'philippe_vi', 'champagne', 'french', inf(5));
    expect(battleDice(s, 'french', 'champagne', 'philippe_vi').dice).toBe(3);
  });

  it('Robin Hood commanding longbowmen: +1 battle rating', () => {
    const s = blank('liw');
    put(s, 'robin_hood', 'england', 'english', inf(1));
    expect(battleRating(s, 'robin_hood')).toBe(3);
    s.leaders.robin_hood!.troops.push({ kind: 'longbow', flag: 'english' });
    expect(battleRating(s, 'robin_hood')).toBe(4);
  });

  it('the braver BC adds the bravery difference to his dice', () => {
    const s = blank();
    // Edward bravery 2, Philippe 1; Jean of Normandy 3.
    expect(braveryMods(s, { english: 'edward_iii', french: 'philippe_vi' })).toEqual({ english: 1, french: 0 });
    expect(braveryMods(s, { english: 'edward_iii', french: 'jean_normandy' })).toEqual({ english: 0, french: 1 });
  });
});

describe('Phase 3 battle rounds, losses, Elimination, retreat and pursuit (hand-computed)', () => {
  it('two rounds in Champagne, a French retreat, pursuit kills the French king', () => {
    const s = blank();
    s.kings.french = 'philippe_vi';
    put(s, 'edward_iii', 'champagne', 'english', [
      ...inf(3),
      { kind: 'longbow', flag: 'english' },
      { kind: 'longbow', flag: 'english' },
      { kind: 'knight', flag: 'english' },
    ]);
    put(s, 'walter_manny', 'champagne', 'english', inf(1));
    put(s, 'philippe_vi', 'champagne', 'french', [
      ...inf(4),
      { kind: 'knight', flag: 'french' },
      { kind: 'mercenary', home: 'brabant' },
      { kind: 'mercenary', home: 'brabant' },
    ]);
    put(s, 'raoul_eu', 'champagne', 'french');
    s.aggressor.champagne = 'english';
    // Round 1. English: strength 7+2 = 9, longbows 3 → min(6,9)+min(6,3) = 9 dice at +1 (bravery 2 vs 1): 5 and 6 hit.
    // French: strength 8+1 = 9, BR 3 → 3 dice, three 6s.
    const t = dice(5, 6, 1, 1, 1, 1, 1, 1, 2, 6, 6, 6);
    startBattles(s, t);
    expect(t.left()).toBe(0);
    // Losses, nIP (French) first: 2 hits. Raoul has no troops and may be hit; Philippe (BC) may not while Raoul stands.
    const fr = machine.legal(s, 'french').map((l) => `${l.action.leader}:${l.action.troop}`);
    expect(fr).toEqual(['philippe_vi:infantry', 'philippe_vi:mercenary', 'philippe_vi:knight', 'raoul_eu:leader']);
    expect(() => machine.apply(s, 'french', { type: 'loss', leader: 'philippe_vi', troop: 'leader' }, t.ctx)).toThrow(
      /can't be removed while they have troops/,
    );
    machine.apply(s, 'french', { type: 'loss', leader: 'philippe_vi', troop: 'infantry' }, t.ctx);
    machine.apply(s, 'french', { type: 'loss', leader: 'philippe_vi', troop: 'infantry' }, t.ctx);
    expect(s.leaders.philippe_vi!.troops.filter((x) => x.kind === 'infantry')).toHaveLength(2);
    // English 3 hits: Manny's infantry, then two of Edward's infantry.
    for (const [leader, troop] of [
      ['walter_manny', 'infantry'],
      ['edward_iii', 'infantry'],
      ['edward_iii', 'infantry'],
    ])
      machine.apply(s, 'english', { type: 'loss', leader, troop }, t.ctx);
    expect(s.leaders.walter_manny!.troops).toHaveLength(0);
    expect(s.leaders.edward_iii!.troops.map((x) => x.kind)).toEqual(['infantry', 'longbow', 'longbow', 'knight']);
    expect(s.misses.champagne).toBe(0);
    // nIP (French) decides first, then the IP.
    expect(machine.prompts(s)[0]!.role).toBe('french');
    machine.apply(s, 'french', { type: 'continue' }, t.ctx);
    expect(machine.prompts(s)[0]!.role).toBe('english');
    // Round 2. English: strength 5+1 = 6, longbows 3 → 9 dice: six hits. French: strength 6+1 → 3 dice, all miss.
    t.force(6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1);
    machine.apply(s, 'english', { type: 'continue' }, t.ctx);
    // French 6 hits: infantry, infantry, a mercenary (the other breaks), the chevalier (covers 2): 1 left,
    // and only Raoul can take it (the BC is last): taken for them. Raoul's Elimination die 3: captured.
    machine.apply(s, 'french', { type: 'loss', leader: 'philippe_vi', troop: 'infantry' }, t.ctx);
    machine.apply(s, 'french', { type: 'loss', leader: 'philippe_vi', troop: 'infantry' }, t.ctx);
    machine.apply(s, 'french', { type: 'loss', leader: 'philippe_vi', troop: 'mercenary' }, t.ctx);
    t.force(3);
    machine.apply(s, 'french', { type: 'loss', leader: 'philippe_vi', troop: 'knight' }, t.ctx);
    expect(t.left()).toBe(0);
    expect(s.leaders.philippe_vi!.troops).toEqual([]);
    expect(s.leaders.raoul_eu).toMatchObject({ where: 'prison', captor: 'english' });
    expect(t.text()).toMatch(/French lose mercenaries \(Brabant\) \(Philippe VI\); 1 more mercenaries break/);
    expect(t.text()).toMatch(/French: Raoul, Count of Eu \(Constable\) is hit/);
    // The French retreat (nIP decides first): to one area, not enemy controlled or occupied.
    expect(subs(s, 'french')).toEqual(['continue', 'retreat']);
    machine.apply(s, 'french', { type: 'retreat' }, t.ctx);
    expect(top(s).proc).toBe('retreat');
    expect(machine.legal(s, 'french').map((l) => l.action.to)).toEqual(['brabant', 'burgundy', 'flanders', 'ile_de_france', 'picardy']);
    // Pursuit: English 9 dice (strength 6, longbows 3) at +1 pursuit +1 bravery: only the 4 hits.
    // Philippe is the only French leader: hit, Elimination die 1: killed (a king).
    t.force(1, 1, 1, 1, 1, 1, 1, 1, 4, 1);
    machine.apply(s, 'french', { type: 'retreat', to: 'ile_de_france' }, t.ctx);
    expect(t.text()).toMatch(/English pursue with 9 dice at \+2: 1 1 1 1 1 1 1 1 4 → 1 hit\./);
    expect(s.leaders.philippe_vi!.where).toBe('dead');
    expect(s.kings.french).toBeNull();
    expect(s.killed).toEqual([{ id: 'philippe_vi', side: 'french', rank: 3, king: true }]);
    // Phase 11: a 3-star king killed is 2 + 1 VP, Raoul (2★) in prison 2 VP, no areas held.
    const sc = turnScore(s);
    expect(sc.lines.filter((l) => !l.startsWith('areas'))).toEqual([
      'Philippe VI killed: +3 English',
      'Raoul, Count of Eu (Constable) rots in prison: +2 English',
    ]);
  });

  it('a retreat lets through only as many leaders as the border allows; the rest are captured; survivors are disgraced', () => {
    const s = blank();
    // Brabant–Champagne is obstructed (1 leader). Only Brabant is open to the French.
    for (const a of ['picardy', 'flanders', 'ile_de_france', 'burgundy']) s.control[a] = 'english';
    put(s, 'edward_iii', 'champagne', 'english', inf(6));
    put(s, 'jean_normandy', 'champagne', 'french', inf(1));
    put(s, 'raoul_eu', 'champagne', 'french');
    // Round: English 7 dice (BR 6, strength 7 capped at 6, Edward's own longbow mark +1), all miss; French 2 dice (Jean BR 2) at +1 (bravery 3 vs 2), all miss.
    const t = dice(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    startBattles(s, t);
    machine.apply(s, 'french', { type: 'retreat' }, t.ctx);
    t.force(1, 1, 1, 1, 1, 1, 1);
    machine.apply(s, 'french', { type: 'retreat', to: 'brabant' }, t.ctx);
    // (Phase 4 has run since and removed the disgraced marker.)
    expect(s.leaders.jean_normandy).toMatchObject({ where: 'map', area: 'brabant' });
    expect(t.text()).toContain('Jean, Duke of Normandy retreats to Brabant, disgraced.'.replace('Normandy', 'Normandy (Jean II)'));
    expect(s.leaders.raoul_eu).toMatchObject({ where: 'prison', captor: 'english' });
  });
});

describe('Phase 3 sieges', () => {
  it('SN = value + 3 + defender bravery − attacker bravery − gunners (max 2); d6 > SN takes every defender', () => {
    const s = blank();
    s.control.normandy = 'french';
    put(s, 'jean_normandy', 'normandy', 'french', inf(2));
    put(s, 'edward_iii', 'normandy', 'english', [{ kind: 'gunner' }, { kind: 'gunner' }, { kind: 'gunner' }, ...inf(1)]);
    // 2 + 3 + 3 − 2 − 2 = 4
    expect(siegeNumber(s, 'normandy', 'jean_normandy', 'edward_iii', 'english')).toEqual({ sn: 4, gunners: 2 });
    const t = dice();
    startBattles(s, t);
    expect(machine.prompts(s)[0]!.role).toBe('french');
    expect(subs(s, 'french')).toEqual(['siege', 'fight']);
    t.force(5);
    machine.apply(s, 'french', { type: 'siege' }, t.ctx);
    expect(s.leaders.jean_normandy).toMatchObject({ where: 'prison', captor: 'english', troops: [] });
  });

  it('a successful siege names its prisoners (issue 22), and the summary shows the prison before the areas', () => {
    const s = blank();
    s.control.normandy = 'french';
    put(s, 'jean_normandy', 'normandy', 'french', inf(2));
    put(s, 'raoul_eu', 'normandy', 'french');
    put(s, 'edward_iii', 'normandy', 'english', [{ kind: 'gunner' }, { kind: 'gunner' }, ...inf(1)]);
    const t = dice();
    startBattles(s, t);
    // Jean, Duke of Normandy (rank 3) commands: SN 2 + 3 + 3 − 2 − 2 = 4; a 6 takes the area.
    if (machine.prompts(s)[0]!.text.includes('commander'))
      machine.apply(s, 'french', { type: 'commander', leader: 'jean_normandy' }, t.ctx);
    t.force(6);
    machine.apply(s, 'french', { type: 'siege' }, t.ctx);
    expect(t.text()).toMatch(
      /English roll 6: the defenders fall: (Jean, Duke of Normandy \(Jean II\), Raoul, Count of Eu \(Constable\)|Raoul, Count of Eu \(Constable\), Jean, Duke of Normandy \(Jean II\)) are captured by the English\./,
    );
    const summary = wog.summarize!(wog.view(s, { kind: 'spectator' }), { kind: 'spectator' }).split('\n');
    const prison = summary.findIndex((l) => l.startsWith('In the English prison:'));
    expect(prison).toBeGreaterThan(0);
    expect(summary[prison]).toContain('Jean, Duke of Normandy (Jean II)');
    expect(prison).toBeLessThan(summary.findIndex((l) => l.startsWith('English control:')));
  });

  it('a failed siege (d6 ≤ SN): each attacker flees on his own, not disgraced; one with nowhere to go is captured', () => {
    const s = blank();
    s.control.normandy = 'french';
    for (const a of ['brittany', 'picardy', 'anjou', 'ile_de_france']) s.control[a] = 'french';
    put(s, 'jean_normandy', 'normandy', 'french', inf(2));
    put(s, 'edward_iii', 'normandy', 'english', inf(1));
    put(s, 'northampton', 'normandy', 'english', inf(1));
    const t = dice();
    startBattles(s, t);
    // SN = 2 + 3 + 3 − 2 − 0 = 6: a 6 fails.
    t.force(6);
    machine.apply(s, 'french', { type: 'siege' }, t.ctx);
    expect(top(s).proc).toBe('flee');
    // Only England is open (by sea: 1 leader into an uncontrolled area).
    expect(machine.legal(s, 'english').map((l) => l.label)).toEqual(['Edward III flees Normandy → England']);
    machine.apply(s, 'english', { type: 'flee', leader: 'edward_iii', to: 'england' }, t.ctx);
    expect(s.leaders.edward_iii).toMatchObject({ area: 'england' });
    expect(s.leaders.edward_iii!.disgraced).toBeFalsy();
    expect(s.leaders.northampton).toMatchObject({ where: 'prison', captor: 'french' });
  });
});

describe("Phase 3 Jeanne d'Arc and the three misses", () => {
  it("Jeanne's duel: an English die below the English BC's bravery silences the French; above it silences the English", () => {
    for (const [die, silent] of [
      [1, 'French'],
      [5, 'English'],
    ] as const) {
      const s = blank();
      put(s, 'jeanne_darc', 'champagne', 'french', inf(2));
      put(s, 'edward_iii', 'champagne', 'english', inf(2));
      const t = dice(die, 1, 1, 1, 1, 1, 1);
      startBattles(s, t);
      expect(t.text()).toContain(`the ${silent} roll no dice`);
      const rolled = t.events.filter((e) => e.kind === 'roll' && /Battle/.test(e.text));
      expect(rolled.every((e) => !e.text.includes(`(${silent})`))).toBe(true);
      expect(rolled.length).toBeGreaterThan(0);
    }
  });

  it('three aggressor misses in a row let the non-aggressor force a retreat', () => {
    const s = blank();
    put(s, 'walter_manny', 'champagne', 'english', inf(1));
    put(s, 'philippe_vi', 'champagne', 'french', inf(3));
    s.aggressor.champagne = 'english';
    s.misses.champagne = 2;
    // Manny: BR 3, strength 2 → 2 dice; Philippe BR 3 → 3 dice (+0; bravery 3 vs 1 gives the English +2). All low.
    const t = dice(1, 1, 1, 1, 1);
    startBattles(s, t);
    expect(s.misses.champagne).toBe(3);
    expect(subs(s, 'french')).toContain('force');
    expect(subs(s, 'english')).toEqual([]);
  });
});
