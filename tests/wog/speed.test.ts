// The leadersIn/onMap cache (state.ts) keeps one Object.values list per
// `leaders` record: sound only while leaders are created once in setup and
// then mutated in place. These tests hold the rules code to that.
import { describe, expect, it } from 'vitest';
import { registerAllGames } from '../../src/app/games.ts';
import { getGame } from '../../src/games/registry.ts';
import { leadersIn, onMap } from '../../src/games/wog/state.ts';
import { playout } from '../games/playout.ts';
import { blank, put } from './helpers.ts';

registerAllGames();

describe('WoG leader index (Phase 2 legal moves, Phase 3 contested areas)', () => {
  it('no phase replaces or adds a leader record over a whole bot game', () => {
    const mod = getGame('wog')!;
    let first: Record<string, unknown> | null = null;
    let steps = 0;
    playout(mod, { scenario: 'liw' }, 'speed-identity', {
      each: (env) => {
        const leaders = env.game.leaders as Record<string, unknown>;
        first ??= { ...leaders };
        expect(Object.keys(leaders)).toEqual(Object.keys(first));
        for (const id of Object.keys(first)) expect(leaders[id]).toBe(first[id]);
        steps++;
      },
    });
    expect(steps).toBeGreaterThan(100);
  });

  it('sees moves made in place after a first lookup (the cache holds records, not positions)', () => {
    const s = blank();
    put(s, 'edward_iii', 'england', 'english');
    put(s, 'philippe_vi', 'ile_de_france', 'french');
    expect(leadersIn(s, 'england').map((l) => l.id)).toEqual(['edward_iii']);
    s.leaders.edward_iii!.area = 'normandy';
    s.leaders.philippe_vi!.area = 'normandy';
    expect(leadersIn(s, 'england')).toEqual([]);
    expect(leadersIn(s, 'normandy', 'french').map((l) => l.id)).toEqual(['philippe_vi']);
    s.leaders.philippe_vi!.where = 'prison';
    expect(onMap(s).map((l) => l.id)).toEqual(['edward_iii']);
  });

  it('a JSON copy of the state gets its own index', () => {
    const s = blank();
    put(s, 'edward_iii', 'england', 'english');
    expect(leadersIn(s, 'england')).toHaveLength(1);
    const copy = JSON.parse(JSON.stringify(s)) as typeof s;
    copy.leaders.edward_iii!.area = 'wales';
    expect(leadersIn(copy, 'wales')[0]).toBe(copy.leaders.edward_iii);
    expect(leadersIn(s, 'england')[0]).toBe(s.leaders.edward_iii);
  });
});
