// 14.0 winter attrition, 16.0 victory, 18.1-18.3 optional rules.
import { describe, expect, it } from 'vitest';
import { kpw } from '../../src/games/kpw/index.ts';
import { act, asked, clearMap, force, game, legal, put, rejects, s, startCombat, startMove, texts, unit, type G } from './helpers.ts';

function endTurn(g: G): void {
  startMove(g, 'english');
  act(g, 'english', { type: 'end' });
}

describe('14.0 winter attrition', () => {
  it('14.0 on turn 5 each side removes one full-strength Infantry per two own sites razed, to the pool, without VP', () => {
    const g = game();
    s(g).turn = 5;
    s(g).prov.english = 5; // 2 Soldiers
    s(g).prov.indian = 1; // none
    put(g, 'ma5', 'salem', 1);
    endTurn(g);
    expect(asked(g)).toBe('english');
    const l = legal(g, 'english');
    expect(l.every((x) => s(g).units[String(x.args.unit)].str === 2)).toBe(true);
    rejects(g, 'english', { type: 'loss', unit: 'ma5' }, /full-strength Infantry first/);
    act(g, 'english', l[0].action);
    act(g, 'english', legal(g, 'english')[0].action);
    expect(s(g).vp.indian).toBe(0);
    expect(s(g).turn).toBe(6);
    expect(Object.values(s(g).units).filter((u) => u.side === 'english' && u.kind === 'soldier' && u.where === 'map')).toHaveLength(9);
  });

  it('14.0 no attrition on other turns', () => {
    const g = game();
    s(g).prov.english = 6;
    endTurn(g);
    expect(s(g).turn).toBe(2);
  });
});

describe('16.0 victory', () => {
  it('16.0 30 VP wins automatically at the end of the turn', () => {
    const g = game();
    s(g).vp.indian = 30;
    endTurn(g);
    const r = kpw.result(s(g));
    expect(r).toMatchObject({ status: 'over', winners: ['indian'], scores: { indian: 30 } });
  });

  it('16.0 Boston and Plymouth razed: automatic Indian victory; both automatic: fewest sites lost wins', () => {
    const g = game();
    s(g).damage.boston = 2;
    s(g).damage.plymouth = 3;
    endTurn(g);
    expect(kpw.result(s(g))).toMatchObject({ status: 'over', winners: ['indian'] });
    const h = game();
    s(h).damage.boston = 2;
    s(h).damage.plymouth = 3;
    s(h).vp.english = 31;
    s(h).prov.english = 2;
    s(h).prov.indian = 5;
    endTurn(h);
    const r = kpw.result(s(h));
    expect(r).toMatchObject({ status: 'over', winners: ['english'] });
    expect(r.status === 'over' && r.summary).toMatch(/Both sides win automatically/);
  });

  it('16.0 after turn 9 the most VP wins; a tie goes to the side that lost fewer sites, then a draw', () => {
    for (const [ve, vi, pe, pi, want] of [
      [12, 10, 0, 0, 'english'],
      [10, 10, 3, 2, 'indian'],
      [10, 10, 2, 2, 'draw'],
    ] as const) {
      const g = game();
      s(g).turn = 9;
      Object.assign(s(g).vp, { english: ve, indian: vi });
      Object.assign(s(g).prov, { english: pe, indian: pi });
      endTurn(g);
      const r = kpw.result(s(g));
      expect(r.status).toBe('over');
      if (r.status === 'over') {
        if (want === 'draw') expect(r.draw).toBe(true);
        else expect(r.winners).toEqual([want]);
      }
    }
  });

  it('16.0 Philip and Canonchet both dead or on the track at the end of a turn: English victory', () => {
    const g = game();
    unit(g, 'philip').where = 'dead';
    unit(g, 'canonchet').where = 'track';
    endTurn(g);
    expect(kpw.result(s(g))).toMatchObject({ status: 'over', winners: ['english'] });
  });
});

describe('18.0 optional rules', () => {
  it('18.1 Disunited Colonies: before Church no unit leaves its own colony', () => {
    for (const disunited of [false, true]) {
      const g = game({ disunited });
      clearMap(g);
      put(g, 'ri1', 'providence');
      startMove(g, 'english');
      act(g, 'english', { type: 'activate', space: 'providence', units: 'all' });
      expect(legal(g, 'english').some((l) => l.args.to === 'rehoboth')).toBe(!disunited);
    }
  });

  function ferocityBattle(opts: Record<string, string>, withKey: boolean): G {
    const g = game(opts);
    clearMap(g);
    s(g).damage.bridgewater = 2;
    for (const id of ['wa1', 'wa2', withKey ? 'philip' : 'wa-sachem']) put(g, id, 'titicut');
    startCombat(g, 'indian', [['titicut', 'bridgewater']]);
    put(g, 'ma1', 'bridgewater');
    put(g, 'ma2', 'bridgewater');
    act(g, 'indian', { type: 'fight', battle: 't1', units: 'all' });
    force(g, 1, 2, 2);
    act(g, 'english', { type: 'stand' });
    while (asked(g) === 'english') act(g, 'english', legal(g, 'english')[0].action);
    return g;
  }

  it('18.2 Unlimited Ferocity: the attacker may fight a second round with red and green only', () => {
    const g = ferocityBattle({ ferocity: 'unlimited' }, false);
    expect(asked(g)).toBe('indian');
    expect(legal(g, 'indian').map((l) => l.sub)).toEqual(['ferocity', 'decline']);
    force(g, 3, 5);
    const out = act(g, 'indian', { type: 'ferocity' });
    expect(texts(out)).toMatch(/second round/);
    expect(out.filter((e) => e.kind === 'roll')).toHaveLength(2);
  });

  it('18.3 Limited Ferocity: only war bands or companies with a Key Leader fight a second round; normal rules none', () => {
    const g = ferocityBattle({ ferocity: 'limited' }, false);
    expect(legal(g, 'indian').some((l) => l.sub === 'ferocity')).toBe(false);
    const h = ferocityBattle({ ferocity: 'limited' }, true);
    expect(legal(h, 'indian').some((l) => l.sub === 'ferocity')).toBe(true);
    const n = ferocityBattle({}, true);
    expect(legal(n, 'indian').some((l) => l.sub === 'ferocity')).toBe(false);
  });

  it('options are validated with what is allowed', () => {
    expect(() => kpw.parseOptions({ ferocity: 'wild' })).toThrow(/normal, unlimited \(18\.2\) or limited/);
    expect(() => kpw.parseOptions({ setup: 'random' })).toThrow(/example or manual/);
    expect(() => kpw.parseOptions({ speed: 'fast' })).toThrow(/Unknown option/);
    expect(kpw.parseOptions({ short: 'true', ferocity: 'limited' })).toMatchObject({ short: true, ferocity: 'limited', setup: 'example' });
  });
});
