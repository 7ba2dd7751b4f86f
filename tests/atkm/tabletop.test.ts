// The ATKM virtual tabletop: footprints, movement checks, measuring, line of
// sight and deployment. Each test names the rule (section of the text) and
// uses numbers worked by hand; positions are a unit's measuring point.
import { describe, expect, it } from 'vitest';
import { RuleError } from '../../src/engine/errors.ts';
import {
  chargeTargets,
  fireTargets,
  generalInContact,
  unitsInCommand,
  approach,
  autoDeploy,
  escapeMove,
  firingFigures,
  inZone,
  tableFacts,
  toTableUnit,
  aspect,
  atkmScenario,
  atkmScenarios,
  checkDeployment,
  checkFireGeometry,
  checkGeneralMove,
  checkMove,
  fireDistance,
  fireGeometry,
  footprint,
  footprintSize,
  frontContact,
  generalDistance,
  holder,
  lineOfSight,
  measure,
  parseMoveOrder,
  tabletopData,
  unitDistance,
  validateScenarios,
  withinCommand,
  type Table,
  type TableUnit,
  type TerrainPiece,
} from '../../src/games/atkm/tabletop/index.ts';

const open: Table = { width: 72, height: 48, terrain: [] };
let n = 0;
function unit(p: Partial<TableUnit> & Pick<TableUnit, 'type'>): TableUnit {
  const formation =
    p.formation ??
    (p.type === 'skirmisher' ? 'skirmish' : p.type.endsWith('artillery') ? 'limbered' : p.type === 'cavalry' ? 'line' : 'line');
  const figures = p.figures ?? (p.type === 'infantry' ? 12 : p.type.endsWith('artillery') ? 4 : 6);
  return { id: p.id ?? `u${++n}`, side: p.side ?? 'red', x: 30, y: 30, facing: 0, ...p, formation, figures };
}
const refusal = (f: () => unknown): RuleError => {
  try {
    f();
  } catch (e) {
    if (e instanceof RuleError) return e;
    throw e;
  }
  throw new Error('expected a RuleError');
};
const rect = (x0: number, y0: number, x1: number, y1: number) => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];
const with_ = (...terrain: TerrainPiece[]): Table => ({ width: 72, height: 48, terrain });

describe('footprints (Toy Soldier Formations; base sizes ours in data/atkm/tabletop.json)', () => {
  it('infantry of 12: line two ranks 6x2, column two files 2x6, square 4 a side', () => {
    expect(footprintSize('infantry', 'line', 12)).toEqual({ w: 6, d: 2 });
    expect(footprintSize('infantry', 'column', 12)).toEqual({ w: 2, d: 6 });
    expect(footprintSize('infantry', 'square', 12)).toEqual({ w: 4, d: 4 });
    // A column is deeper than wide (p.6): 4 men go in single file.
    expect(footprintSize('infantry', 'column', 4)).toEqual({ w: 1, d: 4 });
  });
  it('cavalry of 6: line 7.5x2.5, column 2.5x7.5; skirmishers 6 in a 12-inch line (6 inches either side of officer and ensign)', () => {
    expect(footprintSize('cavalry', 'line', 6)).toEqual({ w: 7.5, d: 2.5 });
    expect(footprintSize('cavalry', 'column', 6)).toEqual({ w: 2.5, d: 7.5 });
    expect(footprintSize('skirmisher', 'skirmish', 6)).toEqual({ w: 12, d: 2 });
    expect(footprintSize('skirmisher', 'skirmish', 9).w).toBe(12);
  });
  it('artillery: deployed gun and crew within 1 inch 3.5x4, limbered crew in file before the gun 1.5x7', () => {
    expect(footprintSize('foot-artillery', 'deployed', 4)).toEqual({ w: 3.5, d: 4 });
    expect(footprintSize('horse-artillery', 'limbered', 4)).toEqual({ w: 1.5, d: 7 });
  });
  it('the measuring point is the front centre; skirmishers are measured from their centre', () => {
    expect(footprint(unit({ type: 'infantry', x: 10, y: 10 }))).toMatchObject({ cx: 10, cy: 11, w: 6, d: 2 });
    expect(footprint(unit({ type: 'skirmisher', x: 10, y: 10 }))).toMatchObject({ cx: 10, cy: 10 });
  });
});

describe('Moving Your Troops: the chart, forward and backward', () => {
  it('infantry in line moves 6 forward, not 6.5', () => {
    const u = unit({ type: 'infantry', id: 'a' });
    const r = checkMove(open, [u], 'a', 'forward:6');
    expect(r.unit).toMatchObject({ x: 30, y: 24, facing: 0 });
    expect(r).toMatchObject({ distance: 6, allowance: 6 });
    const e = refusal(() => checkMove(open, [u], 'a', 'forward:6.5'));
    expect(e.message).toContain('may move 6"');
  });
  it('a column moves 10; cavalry in line 16 and in column 20 (ours, from the road and terrain examples)', () => {
    expect(checkMove(open, [unit({ type: 'infantry', formation: 'column', id: 'a' })], 'a', 'forward:10').allowance).toBe(10);
    expect(checkMove(open, [unit({ type: 'cavalry', id: 'c', y: 40 })], 'c', 'forward:16').allowance).toBe(16);
    expect(checkMove(open, [unit({ type: 'cavalry', formation: 'column', id: 'c', y: 40 })], 'c', 'forward:20').allowance).toBe(20);
  });
  it('artillery: foot 8 limbered and 4 deployed, horse 16 and 8', () => {
    expect(checkMove(open, [unit({ type: 'foot-artillery', id: 'g' })], 'g', 'forward:8').allowance).toBe(8);
    expect(checkMove(open, [unit({ type: 'foot-artillery', formation: 'deployed', id: 'g' })], 'g', 'forward:4').allowance).toBe(4);
    expect(checkMove(open, [unit({ type: 'horse-artillery', id: 'g', y: 40 })], 'g', 'forward:16').allowance).toBe(16);
    expect(checkMove(open, [unit({ type: 'horse-artillery', formation: 'deployed', id: 'g' })], 'g', 'back:4').allowance).toBe(4);
  });
  it("the refusal says what is left: 4 of a column's 10 already moved leaves 6", () => {
    const u = unit({ type: 'infantry', formation: 'column', id: 'a' });
    const r = checkMove(open, [u], 'a', 'forward:5', { spent: 4 });
    expect(r).toMatchObject({ allowance: 10, left: 1 });
    const e = refusal(() => checkMove(open, [u], 'a', 'forward:7', { spent: 4 }));
    expect(e.message).toContain('4" already moved, 6" left; this move is 7"');
    expect(e.allowed).toEqual(['move at most 6"']);
  });
  it('moving backward is halved: a line goes back 3, not 3.5', () => {
    const u = unit({ type: 'infantry', id: 'a' });
    const r = checkMove(open, [u], 'a', 'back:3');
    expect(r.unit).toMatchObject({ x: 30, y: 33, facing: 0 });
    expect(r.halved).toEqual(['moving backward']);
    expect(refusal(() => checkMove(open, [u], 'a', 'back:3.5')).message).toContain('may move 3"');
  });
  it('anywhere within 180 degrees of the facing is forward: a point 4 right and 4 ahead costs its 5.66 inches in full', () => {
    const r = checkMove(open, [unit({ type: 'infantry', id: 'a' })], 'a', '34,26');
    expect(r.distance).toBeCloseTo(5.66, 2);
    expect(r.halved).toEqual([]);
  });
  it('skirmishers move their 12 in any direction, even straight back', () => {
    const s = unit({ type: 'skirmisher', id: 's', y: 20 });
    expect(checkMove(open, [s], 's', 'back:12').unit).toMatchObject({ y: 32 });
  });
  it('ending faced back halves the move: forward 3 then about face, but not forward 4', () => {
    const u = unit({ type: 'infantry', id: 'a' });
    expect(checkMove(open, [u], 'a', 'forward:3 face:180').unit.facing).toBe(180);
    expect(refusal(() => checkMove(open, [u], 'a', 'forward:4 face:180')).message).toContain('ending faced back');
    // Within 180 degrees (90 either way) facing is free.
    expect(checkMove(open, [u], 'a', 'forward:6 face:90').unit.facing).toBe(90);
  });
  it('the halvings never reduce a move below half: backward and faced back together still allow 3', () => {
    const u = unit({ type: 'infantry', id: 'a' });
    const r = checkMove(open, [u], 'a', 'back:3 face:+180');
    expect(r.allowance).toBe(3);
    expect(r.halved).toEqual(['moving backward', 'ending faced back']);
  });
  it('a wheel costs the outer corner arc: a 6-inch line wheels 45 degrees for 4.71 inches, not 90 (9.42)', () => {
    const u = unit({ type: 'infantry', id: 'a', x: 30, y: 30 });
    const r = checkMove(open, [u], 'a', 'wheel:45');
    expect(r.distance).toBeCloseTo(4.71, 2);
    expect(r.unit.facing).toBe(45);
    // The pivot is the front-right corner (33,30); the front centre swings 3 inches round it.
    expect(r.unit.x).toBeCloseTo(33 - 3 * Math.cos(Math.PI / 4), 2);
    expect(r.unit.y).toBeCloseTo(30 - 3 * Math.sin(Math.PI / 4), 2);
    expect(refusal(() => checkMove(open, [u], 'a', 'wheel:90')).message).toContain('may move 6"');
  });
});

describe('Moving Across Terrain', () => {
  const fence: TerrainPiece = {
    id: 'f',
    kind: 'fence',
    line: [
      { x: 20, y: 17 },
      { x: 40, y: 17 },
    ],
    width: 0.5,
  };
  it('the text example: an infantry column meeting a fence travels 5 inches rather than 10', () => {
    const u = unit({ type: 'infantry', formation: 'column', id: 'a', x: 30, y: 20 });
    const r = checkMove(with_(fence), [u], 'a', 'forward:5');
    expect(r.allowance).toBe(5);
    expect(r.halved).toEqual(['fence f']);
    const e = refusal(() => checkMove(with_(fence), [u], 'a', 'forward:6'));
    expect(e.message).toContain('may move 5"');
    expect(e.message).toContain('fence f');
  });
  it('...and still intersected by the fence at the start of its next move, it is halved again', () => {
    // After 5 inches the column's front is at y 15, its footprint 15-21 across the fence at 17.
    const u = unit({ type: 'infantry', formation: 'column', id: 'a', x: 30, y: 15 });
    expect(checkMove(with_(fence), [u], 'a', 'forward:5').allowance).toBe(5);
    // Clear of it (front at 10, rear at 16.0 < 16.75) the column moves its full 10.
    expect(checkMove(with_(fence), [unit({ ...u, y: 10 })], 'a', 'forward:10').allowance).toBe(10);
  });
  it('a Jack gives the full move regardless of terrain or moving backward', () => {
    const u = unit({ type: 'infantry', formation: 'column', id: 'a', x: 30, y: 20 });
    expect(checkMove(with_(fence), [u], 'a', 'forward:10', { fullMovement: true }).allowance).toBe(10);
  });
  it('the text example: cavalry in line touching a forest on one side and a hill on the other still travels 8', () => {
    const woods: TerrainPiece = { id: 'w', kind: 'woods', polygon: rect(10, 10, 25.5, 30) };
    const hill: TerrainPiece = { id: 'h', kind: 'hill', polygon: rect(34.5, 10, 50, 30) };
    // Cavalry line 7.5 wide at x 26.25-33.75: each flank passes within the woods/hill outlines once it moves.
    const c = unit({ type: 'cavalry', id: 'c', x: 30, y: 34 });
    const wide = unit({ ...c, figures: 8 }); // 10 inches wide: 25-35, touching both
    const r = checkMove(with_(woods, hill), [wide], 'c', 'forward:8');
    expect(r.allowance).toBe(8);
    expect(r.halved).toEqual(['woods w', 'hill h']);
    expect(checkMove(with_(woods, hill), [c], 'c', 'forward:16').allowance).toBe(16);
  });
  it('impassable terrain (a lake) cannot be crossed, not even with a Jack', () => {
    const lake: TerrainPiece = { id: 'l', kind: 'lake', name: 'Mere', polygon: rect(20, 20, 40, 25) };
    const u = unit({ type: 'infantry', formation: 'column', id: 'a', x: 30, y: 30 });
    expect(refusal(() => checkMove(with_(lake), [u], 'a', 'forward:6', { fullMovement: true })).message).toContain(
      "lake 'Mere' is impassable",
    );
  });
  it('a deep river is crossed only on a bridge (a road over it)', () => {
    const river: TerrainPiece = {
      id: 'r',
      kind: 'river',
      line: [
        { x: 0, y: 24 },
        { x: 72, y: 24 },
      ],
      width: 3,
      impassable: true,
    };
    const road: TerrainPiece = {
      id: 'rd',
      kind: 'road',
      line: [
        { x: 36, y: 48 },
        { x: 36, y: 0 },
      ],
      width: 3,
    };
    const t = with_(river, road);
    const off = unit({ type: 'infantry', formation: 'column', id: 'a', x: 20, y: 28 });
    expect(refusal(() => checkMove(t, [off], 'a', 'forward:8')).message).toContain('not on a bridge');
    // Ending in the water is refused too: a left wheel pivots on (20,19) and swings the column's tail to y 25.
    const bank = unit({ type: 'infantry', formation: 'column', id: 'a', x: 20, y: 20, facing: 90 }); // footprint x 14-20, y 19-21
    expect(refusal(() => checkMove(t, [bank], 'a', 'wheel:-90')).message).toContain('would end in it');
    const on = unit({ ...off, x: 36 });
    const r = checkMove(t, [on], 'a', 'forward:15');
    expect(r.road).toBe(true);
    expect(r.unit.y).toBe(13);
  });
  it('roads: infantry in column on a road travels 15, cavalry 30, keeping the bonus when forming line at the end', () => {
    const road: TerrainPiece = {
      id: 'rd',
      kind: 'road',
      line: [
        { x: 0, y: 40 },
        { x: 72, y: 40 },
      ],
      width: 3,
    };
    const inf = unit({ type: 'infantry', formation: 'column', id: 'a', x: 10, y: 40, facing: 90 });
    expect(checkMove(with_(road), [inf], 'a', 'forward:15')).toMatchObject({ allowance: 15, road: true });
    const cav = unit({ type: 'cavalry', formation: 'column', id: 'c', x: 10, y: 40, facing: 90 });
    const r = checkMove(with_(road), [cav], 'c', 'forward:30 form:line');
    expect(r).toMatchObject({ allowance: 30, road: true, formationChanged: true });
    expect(r.unit).toMatchObject({ x: 40, y: 40, formation: 'line' });
    // A line gets no road bonus (column only).
    expect(refusal(() => checkMove(with_(road), [unit({ ...cav, formation: 'line' })], 'c', 'forward:17')).message).toContain(
      'may move 16"',
    );
  });
  it('buildings: entering halves movement; cavalry may not enter; 12 figures at most', () => {
    const house: TerrainPiece = { id: 'b', kind: 'building', name: 'Farm', polygon: rect(28, 20, 32, 24) };
    const inf = unit({ type: 'infantry', formation: 'column', id: 'a', x: 30, y: 27 });
    const r = checkMove(with_(house), [inf], 'a', 'forward:5');
    expect(r.allowance).toBe(5);
    expect(r.halved).toEqual(["building 'Farm'"]);
    const cav = unit({ type: 'cavalry', formation: 'column', id: 'c', x: 30, y: 27 });
    expect(refusal(() => checkMove(with_(house), [cav], 'c', 'forward:5')).message).toContain('cavalry may not enter');
    const inside = unit({ type: 'skirmisher', id: 's', x: 30, y: 21, figures: 6, side: 'red' });
    expect(refusal(() => checkMove(with_(house), [inf, inside], 'a', 'forward:5')).message).toContain('holds 12 figures');
  });
});

describe('Special Circumstances: formation change, squares, moving through units', () => {
  it('FAQ: a line moves 6 then forms column; it may not form column first and move 10', () => {
    const u = unit({ type: 'infantry', id: 'a' });
    const r = checkMove(open, [u], 'a', 'forward:6 form:column');
    expect(r.unit).toMatchObject({ formation: 'column', x: 30, y: 24 });
    expect(refusal(() => checkMove(open, [u], 'a', 'form:column forward:10')).rule).toBe('ATKM Formation Change');
  });
  it('only the formations of the type: no skirmisher in line, no square by choice', () => {
    expect(refusal(() => checkMove(open, [unit({ type: 'skirmisher', id: 's' })], 's', 'form:line')).message).toContain('cannot take line');
    expect(refusal(() => checkMove(open, [unit({ type: 'infantry', id: 'a' })], 'a', 'form:square')).message).toContain(
      'cavalry makes contact',
    );
    expect(checkMove(open, [unit({ type: 'foot-artillery', id: 'g' })], 'g', 'forward:8 form:deployed').unit.formation).toBe('deployed');
  });
  it('Immobile Squares: a square cannot move; it may form line facing any direction', () => {
    const sq = unit({ type: 'infantry', formation: 'square', id: 'a' });
    expect(refusal(() => checkMove(open, [sq], 'a', 'forward:1')).rule).toBe('ATKM Immobile Squares');
    const r = checkMove(open, [sq], 'a', 'form:line face:180');
    expect(r.unit).toMatchObject({ formation: 'line', facing: 180 });
    expect(r.halved).toEqual([]);
  });
  it('Moving Through Units: an enemy in the way stops the move and says after how far', () => {
    const a = unit({ type: 'infantry', id: 'a', x: 30, y: 30 });
    const e = unit({ type: 'infantry', id: 'e', side: 'black', x: 30, y: 25, facing: 180 }); // footprint y 23-25
    const err = refusal(() => checkMove(open, [a, e], 'a', 'forward:6'));
    expect(err.rule).toBe('ATKM Moving Through Units');
    expect(err.message).toContain('blocked by enemy e after 5" of 6"');
    const e2 = { ...e, y: 26 }; // footprint 24-26
    expect(refusal(() => checkMove(open, [a, e2], 'a', 'forward:6')).message).toContain('after 4" of 6"');
    // Stopping short, touching, is fine.
    expect(checkMove(open, [a, e2], 'a', 'forward:4').contacts).toEqual(['e']);
  });
  it('...but a unit may pass through its own skirmishers', () => {
    const a = unit({ type: 'infantry', id: 'a', x: 30, y: 30 });
    const s = unit({ type: 'skirmisher', id: 's', x: 30, y: 26 });
    expect(checkMove(open, [a, s], 'a', 'forward:6').unit.y).toBe(24);
    expect(refusal(() => checkMove(open, [a, { ...s, side: 'black' }], 'a', 'forward:6')).message).toContain('enemy s');
  });
  it('a unit that ended among its own skirmishers may move off again, and the skirmishers may move out', () => {
    const a = unit({ type: 'infantry', id: 'a', x: 30, y: 30 });
    const s = unit({ type: 'skirmisher', id: 's', x: 30, y: 30.5 });
    expect(checkMove(open, [a, s], 's', 'back:6').unit.y).toBe(36.5);
    expect(checkMove(open, [a, s], 'a', 'forward:6').unit.y).toBe(24);
  });
  it('the table edge', () => {
    expect(refusal(() => checkMove(open, [unit({ type: 'infantry', id: 'a', y: 5 })], 'a', 'forward:6')).message).toContain('leave the');
  });
});

describe('Making Contact: toward a unit, stop:contact', () => {
  it('a line charges an enemy line 5 inches ahead and its front centre touches it', () => {
    const a = unit({ type: 'infantry', id: 'a', x: 30, y: 30 });
    const e = unit({ type: 'infantry', id: 'e', side: 'black', x: 30, y: 25, facing: 180 });
    const r = checkMove(open, [a, e], 'a', 'toward:e stop:contact');
    expect(r.unit).toMatchObject({ x: 30, y: 25, facing: 0 });
    expect(r.distance).toBe(5);
    expect(r.charged).toBe('e');
    expect(frontContact(r.unit, e)).toBe(true);
  });
  it('8 inches away is out of a line infantry charge: the refusal names the distance and the allowance', () => {
    const a = unit({ type: 'infantry', id: 'a', x: 30, y: 30 });
    const e = unit({ type: 'infantry', id: 'e', side: 'black', x: 30, y: 22, facing: 180 });
    const err = refusal(() => checkMove(open, [a, e], 'a', 'toward:e stop:contact'));
    expect(err.rule).toBe('ATKM Making Contact');
    expect(err.message).toContain('may move 6"');
    expect(err.message).toContain('this move is 8"');
  });
  it('toward a unit without stop:contact goes as far as the move allows on the same line', () => {
    const a = unit({ type: 'infantry', id: 'a', x: 30, y: 40 });
    const e = unit({ type: 'infantry', id: 'e', side: 'black', x: 30, y: 20, facing: 180 });
    const r = checkMove(open, [a, e], 'a', 'toward:e');
    expect(r.unit).toMatchObject({ x: 30, y: 34, facing: 0 });
    expect(r).toMatchObject({ distance: 6, charged: null, order: 'toward:e' });
    // Over a hill on the way it gets half.
    const hill: TerrainPiece = { id: 'h', kind: 'hill', polygon: rect(20, 30, 40, 38) };
    expect(checkMove(with_(hill), [a, e], 'a', 'toward:e').unit.y).toBe(37);
  });
  it('cavalry charging a flank squares up to the nearest side', () => {
    // Enemy line facing up at (40,20): footprint x 37-43, y 20-22; the cavalry comes from the right.
    const e = unit({ type: 'infantry', id: 'e', side: 'black', x: 40, y: 20, facing: 0 });
    const c = unit({ type: 'cavalry', id: 'c', x: 50, y: 21, facing: 270 });
    const r = checkMove(open, [c, e], 'c', 'toward:e stop:contact');
    expect(r.unit).toMatchObject({ x: 43, y: 21, facing: 270 });
    expect(r.distance).toBe(7);
    expect(aspect(open, r.unit, e)).toBe('flank');
  });
  it('skirmishers are contacted at their officer and ensign, deployed guns at the cannon', () => {
    const s = unit({ type: 'skirmisher', id: 's', side: 'black', x: 30, y: 20 });
    const c = unit({ type: 'cavalry', id: 'c', x: 30, y: 32 });
    const r = checkMove(open, [c, s], 'c', 'toward:s stop:contact');
    expect(r.unit.y).toBeCloseTo(20.5, 2);
    expect(r.charged).toBe('s');
    const g = unit({ type: 'foot-artillery', formation: 'deployed', id: 'g', side: 'black', x: 30, y: 20, facing: 180 });
    // Gun faces down: muzzle at y 20, the cannon 20-17 (back), crew to y 16.
    const r2 = checkMove(open, [c, g], 'c', 'toward:g stop:contact');
    expect(r2.unit.y).toBeCloseTo(20, 2);
    expect(frontContact(r2.unit, g)).toBe(true);
  });
});

describe('Ranges, arcs and Line of Sight (Staging Fire Attacks)', () => {
  it('infantry fires 12 inches to any figure of an infantry target; 12.5 is out of range', () => {
    const a = unit({ type: 'infantry', id: 'a', x: 30, y: 30 });
    const e = unit({ type: 'infantry', id: 'e', side: 'black', x: 30, y: 18, facing: 180 });
    expect(checkFireGeometry(open, [a, e], a, e).distance).toBe(12);
    const far = { ...e, y: 17.5 };
    expect(refusal(() => checkFireGeometry(open, [a, far], a, far)).message).toContain('0.5" out of range');
  });
  it("the text's example: artillery fires on cavalry 27 inches away, well within range (foot 48), not close range", () => {
    const g = unit({ type: 'foot-artillery', formation: 'deployed', id: 'g', x: 30, y: 40 });
    const c = unit({ type: 'cavalry', id: 'c', side: 'black', x: 30, y: 13, facing: 180 });
    const f = checkFireGeometry(open, [g, c], g, c);
    expect(f).toMatchObject({ distance: 27, range: 48, close: false });
    const near = { ...c, y: 29 };
    expect(fireGeometry(open, [g, near], g, near).close).toBe(true);
    const h = { ...g, type: 'horse-artillery' as const };
    const far = { ...c, y: 3 };
    expect(refusal(() => checkFireGeometry(open, [h, far], h, far)).message).toContain('fires 36"');
  });
  it('a skirmisher target is measured to its officer and ensign: 14 to its centre is out of infantry range', () => {
    // Strung out toward the firer (facing 90, its 12-inch line along y 10-22) its nearest man is 8 away, its centre 14.
    const a = unit({ type: 'infantry', id: 'a', x: 30, y: 30 });
    const s = unit({ type: 'skirmisher', id: 's', side: 'black', x: 30, y: 16, facing: 90 });
    expect(measure(open, [a, s], [], 'a', 's').distance).toBe(8);
    expect(fireGeometry(open, [a, s], a, s).distance).toBe(14);
    expect(refusal(() => checkFireGeometry(open, [a, s], a, s)).rule).toBe('ATKM Ranges');
  });
  it('fire within 180 degrees of the facing; skirmishers fire in any direction; cavalry cannot fire', () => {
    const a = unit({ type: 'infantry', id: 'a', x: 30, y: 30 });
    const behind = unit({ type: 'infantry', id: 'e', side: 'black', x: 30, y: 36, facing: 0 });
    expect(refusal(() => checkFireGeometry(open, [a, behind], a, behind)).message).toContain('within 180 degrees');
    const s = unit({ type: 'skirmisher', id: 's', x: 30, y: 30 });
    expect(checkFireGeometry(open, [s, behind], s, behind).inArc).toBe(true);
    const c = unit({ type: 'cavalry', id: 'c', x: 30, y: 30 });
    expect(refusal(() => checkFireGeometry(open, [c, { ...behind, y: 20 }], c, { ...behind, y: 20 })).rule).toBe(
      'ATKM Cavalry Cannot Fire',
    );
  });
  it('woods between firer and the target centre block fire; a target half behind them whose centre shows is a target', () => {
    const woods: TerrainPiece = { id: 'w', kind: 'woods', name: 'Forest', polygon: rect(26, 20, 34, 24), blocksSight: true };
    const a = unit({ type: 'infantry', id: 'a', x: 30, y: 30 });
    const hidden = unit({ type: 'infantry', id: 'e', side: 'black', x: 30, y: 19, facing: 180 });
    expect(refusal(() => checkFireGeometry(with_(woods), [a, hidden], a, hidden)).message).toContain('blocked by Forest');
    // Centre at x 37: the line from (30,30) to (37,18) passes x 34 at y 23.1... inside; at 40 it clears the corner.
    const visible = { ...hidden, x: 42 };
    expect(lineOfSight(with_(woods), [a, visible], a, visible).clear).toBe(true);
  });
  it('units at the edge of woods see and are seen (ours: 2 inches in); deeper in they are hidden', () => {
    const woods: TerrainPiece = { id: 'w', kind: 'woods', polygon: rect(20, 10, 40, 24), blocksSight: true };
    const a = unit({ type: 'infantry', id: 'a', x: 30, y: 32 });
    const edge = unit({ type: 'infantry', id: 'e', side: 'black', x: 30, y: 24, facing: 180 }); // centre y 23: 1" inside
    expect(lineOfSight(with_(woods), [a, edge], a, edge).clear).toBe(true);
    const deep = { ...edge, y: 20 }; // centre y 19: 5" inside
    expect(lineOfSight(with_(woods), [a, deep], a, deep).blockedBy).toMatchObject({ kind: 'terrain', id: 'w' });
  });
  it("Firing Through Skirmishers: through your own, never through the enemy's", () => {
    const a = unit({ type: 'infantry', id: 'a', x: 30, y: 30 });
    const e = unit({ type: 'infantry', id: 'e', side: 'black', x: 30, y: 19, facing: 180 });
    const s = unit({ type: 'skirmisher', id: 's', x: 30, y: 25 });
    const own = lineOfSight(open, [a, e, s], a, e);
    expect(own).toMatchObject({ clear: true, through: ['s'] });
    const theirs = lineOfSight(open, [a, e, { ...s, side: 'black' }], a, e);
    expect(theirs.blockedBy).toMatchObject({ kind: 'unit', id: 's' });
    const inf = unit({ type: 'infantry', id: 'b', x: 30, y: 25 });
    expect(lineOfSight(open, [a, e, inf], a, e).clear).toBe(false);
  });
  it('Artillery Firing from High Ground: over a unit more than 12 inches from the target, not one within 12', () => {
    const hill: TerrainPiece = { id: 'h', kind: 'hill', polygon: rect(20, 40, 40, 48), blocksSight: true, level: 1 };
    const g = unit({ type: 'foot-artillery', formation: 'deployed', id: 'g', x: 30, y: 42 });
    const c = unit({ type: 'cavalry', id: 'c', side: 'black', x: 30, y: 6, facing: 180 }); // footprint y 3.5-6
    const inf = unit({ type: 'infantry', id: 'i', x: 30, y: 24 }); // 18 from the cavalry
    expect(lineOfSight(with_(hill), [g, c, inf], g, c)).toMatchObject({ clear: true, through: ['i'] });
    const close_ = { ...inf, y: 16 }; // footprint 16-18: 10 from the cavalry's front at 6
    expect(lineOfSight(with_(hill), [g, c, close_], g, c).clear).toBe(false);
    // From low ground the infantry blocks.
    expect(lineOfSight(open, [g, c, inf], g, c).clear).toBe(false);
  });
  it('Flank and Rear Attacks: the side of the target a line from the front centre crosses', () => {
    const t = unit({ type: 'infantry', id: 't', side: 'black', x: 30, y: 20, facing: 0 }); // footprint y 20-22
    expect(aspect(open, unit({ type: 'infantry', id: 'a', x: 30, y: 10, facing: 180 }), t)).toBe('front');
    expect(aspect(open, unit({ type: 'infantry', id: 'a', x: 45, y: 21, facing: 270 }), t)).toBe('flank');
    expect(aspect(open, unit({ type: 'infantry', id: 'a', x: 30, y: 32 }), t)).toBe('rear');
    expect(aspect(open, unit({ type: 'infantry', id: 'a', x: 30, y: 32 }), { ...t, type: 'skirmisher', formation: 'skirmish' })).toBe(
      'front',
    );
    // Against artillery it is gauged by the side of the cannon: a deployed gun facing up, hit from its right.
    // Cannon x 29.25-30.75, y 20-23.
    const gun = unit({ type: 'foot-artillery', formation: 'deployed', id: 'g', side: 'black', x: 30, y: 20 });
    expect(aspect(open, unit({ type: 'cavalry', id: 'c', x: 40, y: 21.5, facing: 270 }), gun)).toBe('flank');
    expect(aspect(open, unit({ type: 'cavalry', id: 'c', x: 30, y: 30, facing: 0 }), gun)).toBe('rear');
  });
});

describe('Command Points: within 12 inches of the general', () => {
  it('any part of the unit within 12 inches; artillery measured to the cannon', () => {
    const u = unit({ type: 'infantry', id: 'a', x: 30, y: 30 }); // footprint x 27-33, y 30-32
    expect(generalDistance({ x: 45, y: 31 }, u)).toBe(12);
    expect(withinCommand({ x: 45, y: 31 }, u)).toBe(true);
    expect(withinCommand({ x: 45.5, y: 31 }, u)).toBe(false);
    // Deployed gun facing up at (30,30): cannon 29.25-30.75 x 30-33, crew to 34.
    const g = unit({ type: 'foot-artillery', formation: 'deployed', id: 'g', x: 30, y: 30 });
    expect(generalDistance({ x: 30, y: 45 }, g)).toBe(12);
  });
  it('a general moves up to 20 inches', () => {
    expect(checkGeneralMove(open, { x: 10, y: 10 }, { x: 22, y: 26 })).toBe(20);
    expect(refusal(() => checkGeneralMove(open, { x: 10, y: 10 }, { x: 23, y: 26 })).message).toContain('up to 20"');
  });
});

describe('measure from: to:', () => {
  it('distance edge to edge, arc and line of sight between units; points and generals', () => {
    const a = unit({ type: 'infantry', id: 'a', x: 30, y: 30 });
    const e = unit({ type: 'infantry', id: 'e', side: 'black', x: 30, y: 20, facing: 180 });
    const m = measure(open, [a, e], [{ id: 'g1', side: 'red', x: 30, y: 40 }], 'a', 'e');
    expect(m).toMatchObject({ distance: 10, arc: 'front' });
    expect(m.text).toContain('a → e: 10" edge to edge');
    expect(m.text).toContain('in range (firing distance 10" from its front centre, range 12")');
    expect(measure(open, [a, e], [], 'a', '30,45').arc).toBe('rear');
    expect(measure(open, [a, e], [{ id: 'g1', side: 'red', x: 30, y: 40 }], 'g1', 'a').distance).toBe(8);
    expect(() => measure(open, [a], [], 'a', 'nowhere')).toThrow(RuleError);
  });

  it('ATKM Fire Ranges (p.17): the edge-to-edge distance and the firing distance (front centre to the target) are labelled apart', () => {
    const a = unit({ type: 'infantry', id: 'a', x: 30, y: 40 });
    const e = unit({ type: 'infantry', id: 'e', side: 'black', x: 40, y: 22, facing: 180 });
    const edge = Math.round(unitDistance(a, e) * 100) / 100;
    const firing = Math.round(fireDistance(a, e) * 100) / 100;
    expect(firing).toBeGreaterThan(edge);
    const m = measure(open, [a, e], [], 'a', 'e');
    expect(m.text).toContain(`a → e: ${edge}" edge to edge`);
    expect(m.text).toMatch(new RegExp(`(in|out of) range \\(firing distance ${firing}" from its front centre, range 12"\\)`));
    expect(measure(open, [a, e], [{ id: 'g1', side: 'red', x: 30, y: 50 }], 'g1', 'a').text).toContain('to the nearest edge');
  });
});

describe('move orders', () => {
  it('parse the forms players type', () => {
    expect(parseMoveOrder('24,18').steps).toEqual([{ kind: 'to', x: 24, y: 18 }]);
    expect(parseMoveOrder('to: 24, 18 face:+45').steps).toEqual([
      { kind: 'to', x: 24, y: 18 },
      { kind: 'face', deg: 45, relative: true },
    ]);
    expect(parseMoveOrder('toward:black-2 stop:contact').steps).toEqual([{ kind: 'toward', target: 'black-2', contact: true }]);
    expect(() => parseMoveOrder('jump:3')).toThrow(RuleError);
    expect(() => parseMoveOrder('forward:x')).toThrow(RuleError);
  });
});

describe('scenarios and deployment (Setting up the Battlefield, Arranging Forces)', () => {
  it('three scenarios on a 4x6 foot table load and validate', () => {
    expect(atkmScenarios().map((s) => s.id)).toEqual(['open-field', 'river-crossing', 'village']);
    for (const s of atkmScenarios()) expect([s.width, s.height]).toEqual([72, 48]);
    expect(tabletopData().ranges.close).toBe(12);
  });
  it('bad data is refused with the entry named', () => {
    const raw = { _source: 'x', _notes: ['y'], scenarios: [{ ...atkmScenario('open-field'), width: 10 }] };
    expect(() => validateScenarios(raw)).toThrow(/off the 10x48 table/);
  });
  it('units deploy wholly within 1 foot of their own edge', () => {
    const s = atkmScenario('open-field');
    const table = { width: s.width, height: s.height, terrain: s.terrain };
    checkDeployment(table, s.zones, [], unit({ type: 'infantry', id: 'a', x: 30, y: 40 }));
    expect(refusal(() => checkDeployment(table, s.zones, [], unit({ type: 'infantry', id: 'a', x: 30, y: 35 }))).message).toContain(
      "red's deployment zone",
    );
    const b = unit({ type: 'infantry', id: 'b', x: 31, y: 40 });
    expect(refusal(() => checkDeployment(table, s.zones, [b], unit({ type: 'infantry', id: 'a', x: 30, y: 40 }))).message).toContain(
      'overlap b',
    );
  });
  it('holding a place: one side alone in it', () => {
    const place = atkmScenario('village').objectives[0]!.polygon;
    const r = unit({ type: 'infantry', id: 'a', x: 30, y: 20 });
    expect(holder(place, [r])).toBe('red');
    expect(holder(place, [r, unit({ type: 'infantry', id: 'b', side: 'black', x: 40, y: 20 })])).toBeNull();
  });
});

describe('attack facts from the table (Cover, High Ground, Buildings, Close-range Artillery)', () => {
  const fence: TerrainPiece = {
    id: 'f',
    kind: 'fence',
    line: [
      { x: 20, y: 19.75 },
      { x: 40, y: 19.75 },
    ],
    width: 0.5,
    cover: 'light',
  };
  const d = unit({ type: 'infantry', id: 'd', side: 'black', x: 30, y: 20, facing: 0 }); // footprint y 20-22, fence touching its front
  it('light cover only toward the attack: a fence in front counts against fire from the front, not from the rear', () => {
    const front = unit({ type: 'infantry', id: 'a', x: 30, y: 10, facing: 180 });
    expect(tableFacts(with_(fence), front, d).cover).toBe('light');
    const rear = unit({ type: 'infantry', id: 'a', x: 30, y: 32, facing: 0 });
    expect(tableFacts(with_(fence), rear, d)).toMatchObject({ cover: 'none', aspect: 'rear' });
  });
  it('a unit in a building: heavy cover, no flank or rear', () => {
    const house: TerrainPiece = { id: 'b', kind: 'building', polygon: rect(26, 16, 34, 24) };
    const inside = { ...d, y: 19 };
    const flank = unit({ type: 'infantry', id: 'a', x: 44, y: 20, facing: 270 });
    expect(tableFacts(with_(house), flank, inside)).toMatchObject({ cover: 'heavy', building: true, aspect: 'front' });
  });
  it('high ground: the side on the hill; close range: artillery within 12 inches', () => {
    const hill: TerrainPiece = { id: 'h', kind: 'hill', polygon: rect(20, 30, 40, 40), level: 1 };
    const g = unit({ type: 'foot-artillery', formation: 'deployed', id: 'g', x: 30, y: 32 }); // muzzle 32, 10 from d's rear at 22
    expect(tableFacts(with_(hill), g, d)).toMatchObject({ high: 'attacker', close: true, aspect: 'rear' });
    expect(tableFacts(with_(hill), d, g, 'melee')).toMatchObject({ high: 'defender', close: false, firing: null });
  });
  it('only the front two ranks fire: all of a line, 4 of a column, none of a square', () => {
    expect(firingFigures(unit({ type: 'infantry', figures: 12 }))).toBe(12);
    expect(firingFigures(unit({ type: 'infantry', formation: 'column', figures: 12 }))).toBe(4);
    expect(firingFigures(unit({ type: 'infantry', formation: 'column', figures: 3 }))).toBe(2);
    expect(firingFigures(unit({ type: 'infantry', formation: 'square' }))).toBe(0);
    expect(firingFigures(unit({ type: 'skirmisher' }))).toBeNull();
  });
  it('a rules unit with mob: true is a mob on the table', () => {
    const u = toTableUnit({ ...unit({ type: 'infantry', id: 'a' }), mob: true });
    expect(u.formation).toBe('mob');
  });
});

describe('Winning the Contest: escape moves', () => {
  const w = unit({ type: 'infantry', id: 'w', side: 'red', x: 30, y: 20, facing: 180 }); // footprint 18-20
  const l = unit({ type: 'infantry', id: 'l', side: 'black', x: 30, y: 20, facing: 0 }); // footprint 20-22
  it('the loser goes 12 inches directly away: its centre from 21 to 33, front at 32', () => {
    const r = escapeMove(open, [w, l], 'l', 'w', 12)!;
    expect(r.heading).toBe(180);
    expect(r.unit).toMatchObject({ x: 30, y: 32, facing: 0 });
  });
  it('a tie drives the defender back 6, facing the attacker', () => {
    // Struck in the rear: its back (y 20) against the winner; the centre goes from 21 to 27 and it turns to face up.
    const back = { ...l, y: 22, facing: 180 };
    const r = escapeMove(open, [w, back], 'l', 'w', 6, { faceAttacker: true })!;
    expect(r.unit).toMatchObject({ x: 30, y: 26, facing: 0 });
  });
  it('other units are gone round: 30 degrees off when one stands in the way', () => {
    // A friend at x 27-33, y 33-35: straight on and 15 degrees either side the 6-inch line still overlaps it;
    // at 210 the centre goes to (24, 31.4) and the footprint x 21-27 just touches it.
    const friend = unit({ type: 'infantry', id: 'f', side: 'black', x: 30, y: 33 });
    const r = escapeMove(open, [w, l, friend], 'l', 'w', 12)!;
    expect(r.heading).toBe(210);
  });
  it('at the table edge it goes sideways; boxed in, null', () => {
    const low = { ...l, y: 44 }; // footprint 44-46
    const r = escapeMove(open, [{ ...w, y: 44 }, low], 'l', 'w', 12)!;
    expect(r.heading).toBe(270);
    expect(r.unit.x).toBe(18);
  });
});

describe('bots: the longest legal move toward a goal', () => {
  it('a line advances its 6 inches toward a distant enemy; a reachable one it charges', () => {
    const a = unit({ type: 'infantry', id: 'a', x: 30, y: 40 });
    const e = unit({ type: 'infantry', id: 'e', side: 'black', x: 30, y: 20, facing: 180 });
    expect(approach(open, [a, e], 'a', 'e')!.unit).toMatchObject({ x: 30, y: 34 });
    const near = { ...e, y: 36 };
    const r = approach(open, [a, near], 'a', 'e')!;
    expect(r.charged).toBe('e');
    expect(r.unit.y).toBe(36);
  });
  it('stops short of a unit in the way', () => {
    const a = unit({ type: 'infantry', id: 'a', x: 30, y: 40 });
    const blocker = unit({ type: 'infantry', id: 'b', side: 'red', x: 30, y: 35 }); // footprint 35-37
    const r = approach(open, [a, blocker], 'a', { x: 30, y: 10 })!;
    expect(r.unit.y).toBeGreaterThanOrEqual(37);
    expect(r.unit.y).toBeLessThan(37.2);
  });
});

describe('Arranging Forces: a default deployment', () => {
  it('every unit of both sides wholly inside its zone, facing the enemy, none overlapping', () => {
    for (const id of ['open-field', 'river-crossing', 'village']) {
      const s = atkmScenario(id);
      const table = { width: s.width, height: s.height, terrain: s.terrain };
      const types = ['infantry', 'infantry', 'infantry', 'skirmisher', 'cavalry', 'foot-artillery'] as const;
      const units = (['red', 'black'] as const).flatMap((side) =>
        types.map((type, i) => unit({ type, id: `${side}-${i + 1}`, side, x: 0, y: 0 })),
      );
      const placed = autoDeploy(table, s.zones, units);
      for (const u of placed) expect(inZone(s.zones, u), `${id} ${u.id}`).toBe(true);
      for (let i = 0; i < placed.length; i++)
        for (let j = 0; j < i; j++) expect(() => checkDeployment(table, s.zones, [placed[j]!], placed[i]!)).not.toThrow();
      expect(placed.filter((u) => u.side === 'red').every((u) => u.facing === 0)).toBe(true);
      expect(placed.filter((u) => u.side === 'black').every((u) => u.facing === 180)).toBe(true);
    }
  });
});

describe('what a unit can reach now (autocomplete of targets in range or reach)', () => {
  const a = unit({ type: 'infantry', id: 'a', x: 30, y: 30 });
  const near = unit({ type: 'infantry', id: 'n', side: 'black', x: 30, y: 25, facing: 180 }); // 5 ahead
  const mid = unit({ type: 'infantry', id: 'm', side: 'black', x: 39, y: 22, facing: 180 }); // nearest corner (36,22): 6 across, 8 up, 10
  const far = unit({ type: 'infantry', id: 'f', side: 'black', x: 10, y: 10, facing: 180 });
  it('fire targets: in range within the front arc, nearest first', () => {
    const ts = fireTargets(open, [a, near, mid, far], 'a');
    expect(ts.map((t) => t.id)).toEqual(['n', 'm']);
    expect(ts.map((t) => t.geometry.distance)).toEqual([5, 10]);
  });
  it('charge targets: only those the front centre reaches within the move', () => {
    expect(chargeTargets(open, [a, near, mid, far], 'a').map((t) => t.id)).toEqual(['n']);
  });
  it('generals: in contact within half an inch, and the units within 12 inches', () => {
    expect(generalInContact({ x: 30, y: 32.5 }, a)).toBe(true);
    expect(generalInContact({ x: 30, y: 33 }, a)).toBe(false);
    const g = { id: 'g', side: 'red', x: 30, y: 40 };
    expect(unitsInCommand(g, [a, near, unit({ type: 'infantry', id: 'b', x: 30, y: 20 })])).toEqual([{ id: 'a', distance: 8 }]);
  });
});
