// Tie-breaks per format (issue 20 §5): a round robin breaks ties by
// head-to-head, then Sonneborn-Berger, then wins (Buchholz is the same for
// everyone when all meet all); a Swiss keeps the FIDE Buchholz family, cut-1
// first, in an order the organiser may choose.
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import {
  DEFAULT_TIE_BREAKS,
  directEncounter,
  parseTieBreaks,
  standings,
  type StandingGame,
  type TieBreak,
} from '../../src/tournament/standings.ts';
import { harness, text } from '../app/harness.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import { hubEmbed } from '../../src/tournament/hub.ts';
import { field } from './helpers.ts';

const g = (round: number, a: string, b: string, pa: number): StandingGame => ({ round, a, b, pa, pb: 1 - pa, played: true });

describe('round-robin tie-breaks', () => {
  it('two on the same score: the one who won their game ranks first', () => {
    // zed beats amy; amy beats cal and dan; cal beats zed; zed beats dan; cal and dan draw. zed and amy: 2 each.
    const games = [
      g(1, 'zed', 'amy', 1),
      g(1, 'cal', 'dan', 0.5),
      g(2, 'amy', 'cal', 1),
      g(2, 'zed', 'dan', 1),
      g(3, 'amy', 'dan', 1),
      g(3, 'cal', 'zed', 1),
    ];
    const ids = ['amy', 'cal', 'dan', 'zed'];
    const rr = standings(ids, games, () => 0, 'roundrobin');
    expect(rr.map((s) => [s.id, s.score])).toEqual([
      ['zed', 2],
      ['amy', 2],
      ['cal', 1.5],
      ['dan', 0.5],
    ]);
    // Buchholz ties them (everyone met everyone): the Swiss order falls through to SB, which agrees here.
    const sw = standings(ids, games);
    expect(sw[0].buchholz).toBe(sw[1].buchholz);
  });

  it('a three-way cycle (each beat one of the others) is not decided by head-to-head: every tie-break is equal', () => {
    // amy beats bo, bo beats cy, cy beats amy, and all three beat dee: 2 points each, head-to-head 1 each,
    // Sonneborn-Berger and wins equal too, so the last resort (rating, then id) orders them.
    const games = [
      g(1, 'amy', 'bo', 1),
      g(2, 'bo', 'cy', 1),
      g(3, 'cy', 'amy', 1),
      g(1, 'cy', 'dee', 1),
      g(2, 'amy', 'dee', 1),
      g(3, 'bo', 'dee', 1),
    ];
    const rr = standings(['amy', 'bo', 'cy', 'dee'], games, () => 0, 'roundrobin');
    expect(rr.slice(0, 3).map((s) => s.score)).toEqual([2, 2, 2]);
    expect(rr.slice(0, 3).map((s) => s.id)).toEqual(['amy', 'bo', 'cy']);
    expect(rr.slice(0, 3).map((s) => s.wins)).toEqual([2, 2, 2]);
  });
});

describe('Swiss tie-breaks in a chosen order (issue 20 §5)', () => {
  it('Buchholz cut-1 drops the lowest opponent score (worked by hand)', () => {
    // a beats b and c, draws d; b beats c and d; c beats d. Scores: a 2.5, b 2, c 1, d 0.5.
    const games = [g(1, 'a', 'b', 1), g(1, 'c', 'd', 1), g(2, 'a', 'c', 1), g(2, 'b', 'd', 1), g(3, 'a', 'd', 0.5), g(3, 'b', 'c', 1)];
    const a = standings(['a', 'b', 'c', 'd'], games).find((s) => s.id === 'a')!;
    // a's opponents scored 2, 1 and 0.5: Buchholz 3.5, cut-1 3, median 1.
    expect(a.buchholz).toBe(3.5);
    expect(a.buchholzCut1).toBe(3);
    expect(a.medianBuchholz).toBe(1);
  });

  it('ranks each score group by the first tie-break that differs, in the order given (random tournaments)', () => {
    const orders: TieBreak[][] = [DEFAULT_TIE_BREAKS.swiss, ['sb', 'wins'], ['wins', 'bh', 'h2h'], ['mbh', 'bhc1']];
    for (let s = 0; s < 20; s++) {
      const rand = seedrandom(`tb-${s}`);
      const ids = Array.from({ length: 6 + (s % 5) }, (_, i) => `p${i}`);
      const games: StandingGame[] = [];
      for (let r = 1; r <= 4; r++) {
        const order = [...ids].sort(() => rand() - 0.5);
        if (order.length % 2) games.push({ round: r, a: order.pop()!, b: null, pa: 1, pb: 0, played: false });
        for (let k = 0; k < order.length; k += 2) {
          const x = rand();
          games.push(g(r, order[k], order[k + 1], x < 0.4 ? 1 : x < 0.6 ? 0.5 : 0));
        }
      }
      for (const order of orders) {
        const rows = standings(ids, games, () => 0, order);
        const key: Record<TieBreak, (x: (typeof rows)[number]) => number> = {
          bhc1: (x) => x.buchholzCut1,
          bh: (x) => x.buchholz,
          mbh: (x) => x.medianBuchholz,
          sb: (x) => x.sonnebornBerger,
          h2h: () => 0,
          wins: (x) => x.wins,
        };
        for (let i = 1; i < rows.length; i++) {
          const [hi, lo] = [rows[i - 1], rows[i]];
          expect(hi.score).toBeGreaterThanOrEqual(lo.score);
          if (hi.score !== lo.score) continue;
          // Up to the first key that differs (head-to-head is checked by the round-robin tests above), hi is ahead.
          for (const k of order.filter((x) => x !== 'h2h')) {
            if (key[k](hi) === key[k](lo)) continue;
            if (!order.slice(0, order.indexOf(k)).includes('h2h')) expect(key[k](hi)).toBeGreaterThan(key[k](lo));
            break;
          }
        }
      }
    }
  });

  it('reads an organiser order by names or short ids, and refuses unknown or repeated ones', () => {
    expect(parseTieBreaks('Buchholz cut-1, Sonneborn-Berger, wins')).toEqual(['bhc1', 'sb', 'wins']);
    expect(parseTieBreaks('median; h2h; bh')).toEqual(['mbh', 'h2h', 'bh']);
    expect(() => parseTieBreaks('buchholz, koya')).toThrow(/"koya" is not a tie-break: use Buchholz cut-1/);
    expect(() => parseTieBreaks('sb, Sonneborn-Berger')).toThrow(/listed twice/);
  });

  it('/tournament create tiebreaks: sets the order the hub announces and the standings use; a bad one creates nothing', async () => {
    const h = harness({ seed: 'tiebreak-order' });
    const bad = text(await h.say('mod', '/tournament create name:Open system:duel format:swiss rounds:3 tiebreaks:sb,koya'));
    expect(bad).toMatch(/"koya" is not a tie-break/);
    expect(repoOf(h.svc).get(1)).toBeNull();
    const made = text(
      await h.say('mod', '/tournament create name:Open system:duel format:swiss rounds:3 tiebreaks:"Sonneborn-Berger,wins,Buchholz"'),
    );
    expect(made).toMatch(/is open/);
    expect(repoOf(h.svc).get(1)!.tieBreaks).toEqual(['sb', 'wins', 'bh']);
    await field(h, ['ann', 'bob', 'cid', 'dee'], 'mod');
    await h.say('mod', '/tournament start');
    expect(JSON.stringify(hubEmbed(h.svc, repoOf(h.svc).get(1)!))).toContain('ties broken by Sonneborn-Berger, wins, Buchholz');
  });
});

describe('head-to-head is FIDE direct encounter among exactly the tied players (C.07 Art. 6)', () => {
  // Worked by hand. Six players, four rounds (a round robin's rounds 2–5, so nobody meets twice):
  //   R1 amy beats eve, dan beats fay, cat beats bea     R2 dan beats amy, eve draws cat, bea beats fay
  //   R3 amy beats cat, dan beats bea, eve draws fay     R4 bea beats amy, cat draws fay, dan draws eve
  // Scores: dan 3½; amy, bea, cat 2; eve 1½; fay 1. Wins: amy 2, bea 2, cat 1.
  const games = [
    g(1, 'amy', 'eve', 1),
    g(1, 'dan', 'fay', 1),
    g(1, 'cat', 'bea', 1),
    g(2, 'dan', 'amy', 1),
    g(2, 'eve', 'cat', 0.5),
    g(2, 'bea', 'fay', 1),
    g(3, 'amy', 'cat', 1),
    g(3, 'dan', 'bea', 1),
    g(3, 'eve', 'fay', 0.5),
    g(4, 'bea', 'amy', 1),
    g(4, 'cat', 'fay', 0.5),
    g(4, 'dan', 'eve', 0.5),
  ];
  const ids = ['amy', 'bea', 'cat', 'dan', 'eve', 'fay'];

  it('after wins, counts only the encounter of the two still tied (not the third on the same score)', () => {
    const rows = standings(ids, games, () => 0, ['wins', 'h2h']);
    expect(rows.map((x) => [x.id, x.score, x.wins])).toEqual([
      ['dan', 3.5, 3],
      // Wins put cat (1) below amy and bea (2). Between those two only: bea beat amy, so bea is first.
      // (Counting every player on 2 points, amy 1 — her win over cat — and bea 1 would stay tied.)
      ['bea', 2, 2],
      ['amy', 2, 2],
      ['cat', 2, 1],
      ['eve', 1.5, 0],
      ['fay', 1, 0],
    ]);
  });

  it('all three tied have met each other: their points among themselves rank them, equal points stay tied', () => {
    // amy 1 (beat cat), bea 1 (beat amy), cat 1 (beat bea): a cycle, not separated; ratings decide.
    const rating = (id: string) => ({ cat: 300, bea: 200 })[id] ?? 0;
    expect(
      standings(ids, games, rating, ['h2h'])
        .filter((x) => x.score === 2)
        .map((x) => x.id),
    ).toEqual(['cat', 'bea', 'amy']);
  });

  // Six players, three rounds: R1 amy beats zoe, bea beats yan, cat beats xia; R3 xia beats amy, cat beats yan,
  // bea beats zoe; R5 amy beats bea, zoe beats cat, xia draws yan. amy, bea, cat have 2 each; cat met neither.
  const partial = [
    g(1, 'amy', 'zoe', 1),
    g(1, 'bea', 'yan', 1),
    g(1, 'cat', 'xia', 1),
    g(3, 'xia', 'amy', 1),
    g(3, 'cat', 'yan', 1),
    g(3, 'bea', 'zoe', 1),
    g(5, 'amy', 'bea', 1),
    g(5, 'zoe', 'cat', 1),
    g(5, 'xia', 'yan', 0.5),
  ];
  const six = ['amy', 'bea', 'cat', 'xia', 'yan', 'zoe'];

  it('not all tied players met: a point that others could still equal does not separate anyone', () => {
    // Among amy, bea, cat: amy 1, bea 0, cat 0. cat, had she played amy and bea, could have 2, so amy's 1 is not
    // beyond reach: direct encounter leaves all three tied and ratings decide (cat 200, bea 100, amy 0).
    const rating = (id: string) => ({ cat: 200, bea: 100 })[id] ?? 0;
    expect(directEncounter(['amy', 'bea', 'cat'], partial)).toEqual(
      new Map([
        ['amy', 0],
        ['bea', 0],
        ['cat', 0],
      ]),
    );
    const rows = standings(six, partial, rating, ['h2h']);
    expect(rows.filter((x) => x.score === 2).map((x) => x.id)).toEqual(['cat', 'bea', 'amy']);
  });

  it('not all tied players met: a score nobody could equal ranks first, the rest stay tied', () => {
    // Only amy and bea tied (cat left out): they met, amy won: amy first.
    expect(directEncounter(['amy', 'bea'], partial)).toEqual(
      new Map([
        ['amy', 1],
        ['bea', 0],
      ]),
    );
    // amy beat bea and cat, who never met: amy 2; bea and cat 0 and could reach 1 at most by their missing game.
    const beatBoth = [g(1, 'amy', 'bea', 1), g(2, 'amy', 'cat', 1)];
    const values = directEncounter(['amy', 'bea', 'cat'], beatBoth);
    expect(values.get('amy')).toBeGreaterThan(values.get('bea')!);
    expect(values.get('bea')).toBe(values.get('cat'));
  });
});
