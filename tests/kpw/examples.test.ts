// The Extended Examples of Play, reproduced from the example start position
// with forced dice.
import { describe, expect, it } from 'vitest';
import { act, asked, force, game, legal, loc, phase, s, skipChurch, texts, unit, type G } from './helpers.ts';
import type { LegalAction } from '../../src/engine/types.ts';

const battleTo = (g: G, to: string): LegalAction => {
  const b = s(g).battles.find((x) => x.to === to && !x.fought)!;
  return legal(g, asked(g) as 'english').find((l) => l.sub === 'fight' && l.args.battle === b.id)!;
};

function mark(g: G, from: string, to: string): void {
  act(g, 'indian', { type: 'activate', space: from, units: 'all' });
  act(g, 'indian', { type: 'battle', target: to });
}

/** Turn 1 up to the end of the Indian combat phase. */
function indianTurn1(): G {
  const g = game();
  expect(phase(g)).toBe('Turn 1 · Church/Allied Indian Roll');
  skipChurch(g);
  expect(phase(g)).toBe('Turn 1 · Indian Movement');
  mark(g, 'montaup', 'portsmouth');
  act(g, 'indian', { type: 'stop' });
  mark(g, 'sowams', 'wickford');
  act(g, 'indian', { type: 'stop' });
  mark(g, 'punkatees', 'swansea');
  act(g, 'indian', { type: 'stop' });
  mark(g, 'titicut', 'bridgewater');
  return g;
}

describe('Extended Examples of Play', () => {
  it('12.5 Example: the Dedham interception into Bridgewater needs a 5 and fails on a 1; it is the only one', () => {
    const g = indianTurn1();
    expect(asked(g)).toBe('english');
    const l = legal(g, 'english');
    expect(l.filter((x) => x.sub === 'intercept').map((x) => x.args.from)).toEqual(['dedham']);
    expect(l.find((x) => x.sub === 'intercept')!.label).toMatch(/needs 5\+/);
    force(g, 1);
    const ev = act(g, 'english', { type: 'intercept', from: 'dedham' });
    expect(texts(ev)).toMatch(/rolled 1.*needs 5\+ → failure/);
    expect(asked(g)).toBe('indian');
    expect(s(g).markers).toBe(4);
  });

  it('13.2-13.8 Examples: Portsmouth, Wickford, Swansea and Bridgewater battles', () => {
    const g = indianTurn1();
    force(g, 1);
    act(g, 'english', { type: 'intercept', from: 'dedham' });
    act(g, 'indian', { type: 'stop' });
    act(g, 'indian', { type: 'end' });
    expect(phase(g)).toBe('Turn 1 · Indian Combat');

    // Portsmouth: red 1, green 5, Guide on the English (no leader: no effect); English lose 3.
    act(g, 'indian', battleTo(g, 'portsmouth').action);
    expect(asked(g)).toBe('english'); // may evade to Wickford
    force(g, 1, 5, 6);
    let ev = act(g, 'english', { type: 'stand' });
    expect(texts(ev)).toMatch(/Event Guide affects the English: no leader present/);
    expect(texts(ev)).toMatch(/English 3 SP on red 1 → Indians lose 0; Indians 7 SP on green 5 → English lose 3/);
    act(g, 'english', { type: 'loss', unit: 'ri1' });
    ev = act(g, 'english', { type: 'loss', unit: 'ri1' });
    expect(texts(ev)).toMatch(/Indians \+1 VP/);
    expect(s(g).damage.portsmouth).toBe(1); // the last SP falls on the settlement without asking
    expect(texts(ev)).toMatch(/Portsmouth is raided/);
    expect(s(g).vp.indian).toBe(1);
    expect(loc(g, 'philip')).toBe('montaup'); // no advance: Portsmouth still stands

    // Wickford: red 1, green 3, Massacre on the English; Wickford raided; a new soldier there.
    force(g, 1, 3, 4);
    ev = act(g, 'indian', battleTo(g, 'wickford').action);
    expect(texts(ev)).toMatch(/Event Massacre affects the English/);
    expect(texts(ev)).toMatch(/Indians 4 SP on green 3 → English lose 1/);
    expect(s(g).damage.wickford).toBe(1);
    const place = legal(g, 'english').find((l) => l.sub === 'place' && l.args.to === 'wickford')!;
    expect(place).toBeTruthy();
    act(g, 'english', place.action);
    expect(s(g).units[String(place.args.unit)].loc).toBe('wickford');
    expect(s(g).units[String(place.args.unit)].str).toBe(2);
    expect(s(g).vp.english).toBe(0);

    // Swansea: red 2, green 3, Panic on the Indians; the English leave one warrior out: 2 SP → 0 losses.
    act(g, 'indian', battleTo(g, 'swansea').action);
    force(g, 2, 3, 5);
    act(g, 'english', { type: 'stand' });
    expect(asked(g)).toBe('english');
    expect(legal(g, 'english').map((l) => l.args.unit)).toEqual(expect.arrayContaining(['sk1', 'sk2']));
    ev = act(g, 'english', { type: 'panic', unit: 'sk1' });
    expect(texts(ev)).toMatch(/English 3 SP on red 2 → Indians lose 0; Indians 2 SP on green 3 → English lose 0/);

    // Bridgewater: red 2, green 1, Massacre on the Indians: a new warrior joins the war band.
    force(g, 2, 1, 4);
    ev = act(g, 'indian', battleTo(g, 'bridgewater').action);
    expect(texts(ev)).toMatch(/Event Massacre affects the Indians/);
    const p = legal(g, 'indian').find((l) => l.sub === 'place' && l.args.to === 'titicut' && String(l.args.unit).startsWith('pc'))!;
    act(g, 'indian', p.action);
    expect(s(g).units[String(p.args.unit)].loc).toBe('titicut');
    expect(phase(g)).toBe('Turn 1 · English Movement');
    expect(s(g).battles).toEqual([]);
  });

  it('12.1-12.3 Example: English turn-1 moves, the Pocasset evasion and the doubles 3-3; then turn-2 reinforcements and the Taunton doubles 1-1', () => {
    const g = indianTurn1();
    force(g, 1);
    act(g, 'english', { type: 'intercept', from: 'dedham' });
    act(g, 'indian', { type: 'stop' });
    act(g, 'indian', { type: 'end' });
    force(g, 1, 5, 6, 1, 3, 4, 2, 3, 5, 2, 1, 4);
    act(g, 'indian', battleTo(g, 'portsmouth').action);
    act(g, 'english', { type: 'stand' });
    for (let i = 0; i < 2; i++) act(g, 'english', { type: 'loss', unit: 'ri1' });
    act(g, 'indian', battleTo(g, 'wickford').action);
    act(g, 'english', legal(g, 'english').find((l) => l.args.to === 'wickford')!.action);
    act(g, 'indian', battleTo(g, 'swansea').action);
    act(g, 'english', { type: 'stand' });
    act(g, 'english', { type: 'panic', unit: 'sk1' });
    act(g, 'indian', battleTo(g, 'bridgewater').action);
    act(g, 'indian', legal(g, 'indian').find((l) => l.args.to === 'titicut')!.action);
    expect(phase(g)).toBe('Turn 1 · English Movement');

    // Marlborough's company: 1 pip to the neutral space; the war band next door declines to intercept.
    act(g, 'english', { type: 'activate', space: 'marlborough', units: 'all' });
    act(g, 'english', { type: 'step', to: 'magunkaquog' });
    expect(asked(g)).toBe('indian');
    expect(legal(g, 'indian').find((l) => l.sub === 'intercept')!.args.from).toBe('wollomonopoag');
    act(g, 'indian', { type: 'decline' });
    act(g, 'english', { type: 'stop' });

    // Sudbury's company picks up at Dedham and Boston, walks 4 pips to Bridgewater, attacks with the last pip.
    act(g, 'english', { type: 'activate', space: 'sudbury', units: 'all' });
    act(g, 'english', { type: 'step', to: 'dedham' });
    act(g, 'english', { type: 'pickup', unit: 'ma1' });
    act(g, 'english', { type: 'pickup', unit: 'ma-captain' });
    act(g, 'english', { type: 'step', to: 'boston' });
    act(g, 'english', { type: 'pickup', unit: 'ma3' });
    expect(legal(g, 'english').some((l) => l.sub === 'pickup')).toBe(false);
    act(g, 'english', { type: 'step', to: 'blue_hills' });
    act(g, 'english', { type: 'step', to: 'bridgewater' });
    const bm = legal(g, 'english').find((l) => l.sub === 'battle' && l.args.target === 'titicut')!;
    expect(bm.label).toMatch(/1 pip/);
    act(g, 'english', bm.action); // no pips for another marker: the move ends by itself
    expect(['ma1', 'ma2', 'ma3', 'ma-captain'].map((id) => loc(g, id))).toEqual([
      'bridgewater',
      'bridgewater',
      'bridgewater',
      'bridgewater',
    ]);
    expect(s(g).moved).toBe(2);

    // Connecticut by sea to Warwick: all pips spent, no Battle marker possible; the third company ends the phase.
    act(g, 'english', { type: 'activate', space: 'new_london', units: 'all' });
    act(g, 'english', { type: 'step', to: 'warwick~ocean' });
    expect(loc(g, 'ct1')).toBe('warwick');
    expect(s(g).battles.filter((b) => b.side === 'english')).toHaveLength(1);
    expect(phase(g)).toBe('Turn 1 · English Combat');

    // The Pocassets evade west on a 6 (+1 Sachem); the attack hits the empty village; doubles 3-3 cancel it.
    act(g, 'english', legal(g, 'english')[0].action);
    expect(asked(g)).toBe('indian');
    const ev1 = legal(g, 'indian').find((l) => l.sub === 'evade' && l.args.to === 'winnecunnet')!;
    expect(ev1.label).toMatch(/needs 5\+ \(\+1 Sachem\): a roll of 4\+/);
    force(g, 6, 3, 3, 3);
    const ev = act(g, 'indian', ev1.action);
    expect(texts(ev)).toMatch(/rolled 6 \(\+1 Sachem\) = 7, needs 5\+ → success/);
    expect(texts(ev)).toMatch(/Doubles \(3-3\): fate stops the battle/);
    expect(loc(g, 'pc-sachem')).toBe('winnecunnet');
    expect(s(g).damage.titicut ?? 0).toBe(0);

    // Turn 2: Church roll 6 fails; English reinforcements 2 MA + 1 each.
    expect(phase(g)).toBe('Turn 2 · Church/Allied Indian Roll');
    force(g, 6);
    act(g, 'english', { type: 'roll' });
    expect(phase(g)).toBe('Turn 2 · English Reinforcements');
    const due = s(g).stack.frames.at(-1) as { items: string[] };
    expect(due.items.map((id) => s(g).units[id].owner).sort()).toEqual(['CT', 'MA', 'MA', 'PL', 'RI']);
    for (const [owner, to] of [
      ['CT', 'norwich'],
      ['PL', 'rehoboth'],
      ['RI', 'pawtuxet'],
      ['MA', 'dedham'],
      ['MA', 'boston'],
    ]) {
      const l = legal(g, 'english').find((x) => x.args.to === to && s(g).units[String(x.args.unit)].owner === owner)!;
      act(g, 'english', l.action);
    }
    // No settlement razed: no diplomacy; Sakonnets and Pocassets get one each, the Wampanoags none.
    expect(phase(g)).toBe('Turn 2 · Indian Reinforcements');
    const ind = s(g).stack.frames.at(-1) as { items: string[] };
    expect(ind.items.map((id) => s(g).units[id].owner).sort()).toEqual(['PC', 'SK']);
    act(g, 'indian', legal(g, 'indian').find((x) => x.args.to === 'punkatees')!.action);
    act(g, 'indian', legal(g, 'indian').find((x) => x.args.to === 'titicut')!.action);
    // 10.2: the turn-2 Musket marker goes to a war band in a river or port space (Winnecunnet is on the Taunton River).
    expect(phase(g)).toBe('Turn 2 · Muskets');
    expect(legal(g, 'indian').map((l) => l.args.to)).toContain('winnecunnet');
    act(g, 'indian', { type: 'place', unit: 'musket', to: 'titicut' });
    expect(phase(g)).toBe('Turn 2 · Indian Movement');
    // Taunton and Middleborough from one Pocasset space.
    act(g, 'indian', { type: 'activate', space: 'winnecunnet', units: 'pc-sachem+pc1+pc2' });
    act(g, 'indian', { type: 'step', to: 'titicut' });
    act(g, 'indian', { type: 'battle', target: 'taunton' });
    if (asked(g) === 'english') act(g, 'english', { type: 'decline' });
    act(g, 'indian', { type: 'battle', target: 'middleborough' });
    if (asked(g) === 'english') act(g, 'english', { type: 'decline' });
    if (s(g).stack.frames.at(-1)!.step === 'markers') act(g, 'indian', { type: 'stop' });
    act(g, 'indian', { type: 'end' });
    const tb = s(g).battles.find((b) => b.to === 'taunton')!;
    const opts = legal(g, 'indian').filter((l) => l.args.battle === tb.id);
    expect(opts.some((l) => l.args.units === 'pc1+pc2')).toBe(true);
    expect(opts.some((l) => l.args.units.split('+').length === 4)).toBe(false); // someone must be left for Middleborough
    force(g, 1, 1, 1);
    const ev2 = act(g, 'indian', { type: 'fight', battle: tb.id, units: 'pc1+pc2' });
    expect(texts(ev2)).toMatch(/Doubles \(1-1\)/);
    expect(s(g).damage.taunton ?? 0).toBe(0);
    const mb = legal(g, 'indian').filter((l) => l.sub === 'fight');
    expect(mb).toHaveLength(1);
    expect(mb[0].args.units).toBe('all');
    expect(mb[0].label).toMatch(/Pocasset Sachem/);
  });

  it('11.1 Example of diplomacy: with 4 settlements razed the Narragansetts, Nipmucks and Niantics are ready; the Narragansetts join', () => {
    const g = game();
    for (const t of ['rehoboth', 'taunton', 'middleborough', 'medfield']) s(g).damage[t] = 2;
    s(g).prov.english = 4;
    skipChurch(g);
    expect(phase(g)).toBe('Turn 1 · Indian Diplomacy');
    const tribes = new Set(
      legal(g, 'indian')
        .filter((l) => l.sub === 'recruit')
        .map((l) => l.args.tribe),
    );
    expect([...tribes].sort()).toEqual(['NA', 'NC', 'NI']);
    const r = legal(g, 'indian').find(
      (l) => l.sub === 'recruit' && l.args.tribe === 'NA' && l.args.space === 'great_swamp' && l.args.with === 'wa1',
    )!;
    expect(legal(g, 'indian').some((l) => l.sub === 'recruit' && l.args.with === 'none')).toBe(false); // 6.4: Philip may not leave three warriors leaderless
    act(g, 'indian', r.action);
    expect(s(g).tribes.NA.status).toBe('allied');
    for (let i = 0; i < 6 && asked(g) === 'indian' && legal(g, 'indian')[0].sub === 'place'; i++)
      act(g, 'indian', legal(g, 'indian')[0].action);
    const na = Object.values(s(g).units).filter((u) => u.owner === 'NA' && u.where === 'map');
    expect(na.filter((u) => u.kind === 'warrior')).toHaveLength(4);
    expect(new Set(na.filter((u) => u.kind === 'warrior').map((u) => u.loc)).size).toBe(4);
    expect(unit(g, 'na-sachem').where).toBe('map');
    expect(unit(g, 'canonchet').where).toBe('map');
    expect(loc(g, 'canonchet')).not.toBe(loc(g, 'philip'));
  });
});
