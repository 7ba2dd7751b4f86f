// Issue 9: every stack sits on its own space. A row that covers another
// space's marker more than its own reads as that space's stack.
import { describe, expect, it } from 'vitest';
import { makeCanvas } from '../../render/kit.ts';
import { boardFor } from '../../render/kpw.ts';
import { defaultKpwMap } from '../../render/kpw/map-source.ts';
import { placeStacks, spaceBoxes } from '../../render/kpw/pieces.ts';
import type { KpwStackView, KpwUnitView } from '../../src/games/kpw/view-types.ts';
import { busyView } from './sample.ts';

type Box = { x: number; y: number; w: number; h: number };
const overlap = (a: Box, b: Box) => {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
};

const unit = (owner: string, i: number): KpwUnitView => ({
  id: `${owner}${i}`,
  kind: 'warrior',
  name: `${owner} Warrior`,
  owner,
  strength: 2,
});
const stack = (space: string, side: KpwStackView['side'], owner: string, n: number): KpwStackView => ({
  space,
  side,
  musket: false,
  units: Array.from({ length: n }, (_, i) => unit(owner, i)),
});

/** Narragansett Bay as reported: Montaup and Portsmouth, Tower Hill and its neighbours, Warwick, all occupied. */
const bay: KpwStackView[] = [
  stack('montaup', 'indian', 'WA', 3),
  stack('portsmouth', 'english', 'RI', 2),
  stack('tower_hill', 'indian', 'SK', 2),
  stack('warwick', 'english', 'RI', 1),
  stack('wickford', 'english', 'RI', 4),
  stack('sowams', 'indian', 'WA', 2),
  stack('punkatees', 'indian', 'SK', 2),
  stack('sakonnet', 'indian', 'SK', 1),
  stack('swansea', 'english', 'PL', 2),
  stack('providence', 'english', 'RI', 2),
  stack('great_swamp', 'indian', 'NA', 4),
  stack('shawomet', 'indian', 'NA', 2),
  stack('pocasset_swamp', 'indian', 'PC', 2),
];

function misplaced(stacks: KpwStackView[]): string[] {
  const ctx = makeCanvas(10, 10).getContext('2d');
  const b = boardFor(defaultKpwMap());
  const boxes = spaceBoxes(ctx, b);
  const bad: string[] = [];
  for (const p of placeStacks(ctx, b, stacks)) {
    const own = overlap(p, boxes.get(p.space)!);
    for (const [id, box] of boxes)
      if (id !== p.space && overlap(p, box) > own) bad.push(`${p.space} row covers ${id} (${overlap(p, box)} > ${own})`);
  }
  return bad;
}

describe('KPW stack placement', () => {
  it('places every stack of a crowded Narragansett Bay on its own space', () => {
    expect(placeStacks(makeCanvas(10, 10).getContext('2d'), boardFor(defaultKpwMap()), bay)).toHaveLength(bay.length);
    expect(misplaced(bay)).toEqual([]);
  });

  it('places the busy sample view and a stack on every space without covering another space more than its own', () => {
    expect(misplaced(busyView().stacks)).toEqual([]);
    const all = defaultKpwMap().spaces.map((s, i) => stack(s.id, i % 2 ? 'english' : 'indian', i % 2 ? 'MA' : 'NA', 1 + (i % 3)));
    expect(misplaced(all)).toEqual([]);
  });
});
