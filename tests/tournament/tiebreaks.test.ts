// Tie-breaks per format (issue 20 §5): a round robin breaks ties by
// head-to-head, then Sonneborn-Berger, then wins (Buchholz is the same for
// everyone when all meet all); a Swiss keeps the FIDE Buchholz family.
import { describe, expect, it } from 'vitest';
import { standings, type StandingGame } from '../../src/tournament/standings.ts';

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
