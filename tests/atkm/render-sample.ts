// A sample ATKM picture (open field, turn 2, red-1 has just advanced and
// fired) for the renderer tests and the render benchmark.
import { pictureGeneral, pictureUnit, type AtkmPicture } from '../../src/games/atkm/picture.ts';
import { atkmScenario, autoDeploy, checkMove, fireGeometry, type TableUnit } from '../../src/games/atkm/tabletop/index.ts';

export function samplePicture(): AtkmPicture {
  const sc = atkmScenario('open-field');
  const table = { width: sc.width, height: sc.height, terrain: sc.terrain };
  const u = (
    id: string,
    side: string,
    type: TableUnit['type'],
    formation: TableUnit['formation'],
    x: number,
    y: number,
    facing: number,
    figures: number,
  ) => ({ id, side, type, formation, x, y, facing, figures }) as TableUnit;
  const units: TableUnit[] = [
    u('red-1', 'red', 'infantry', 'line', 8, 38, 0, 12),
    u('red-2', 'red', 'infantry', 'column', 36, 40, 0, 10),
    u('red-3', 'red', 'cavalry', 'line', 56, 40, 0, 6),
    u('red-4', 'red', 'skirmisher', 'skirmish', 30, 31, 0, 6),
    u('red-5', 'red', 'foot-artillery', 'deployed', 44, 39, 0, 4),
    u('black-1', 'black', 'infantry', 'line', 9, 20, 180, 9),
    u('black-2', 'black', 'infantry', 'square', 40, 12, 180, 12),
    u('black-3', 'black', 'cavalry', 'column', 56, 8, 180, 5),
    u('black-4', 'black', 'horse-artillery', 'limbered', 14, 9, 180, 4),
  ];
  // The last activation: red-1 moves 6 forward and fires on black-1.
  const mv = checkMove(table, units, 'red-1', 'forward:6');
  const moved = units.map((x) => (x.id === 'red-1' ? mv.unit : x));
  const target = moved.find((x) => x.id === 'black-1')!;
  const fg = fireGeometry(table, moved, mv.unit, target);
  if (!fg.sight.clear || fg.distance > fg.range) throw new Error('sample: red-1 should see black-1 in range');
  const state: Record<string, 'green' | 'yellow' | 'red'> = { 'red-1': 'yellow', 'black-1': 'yellow', 'red-3': 'red', 'black-3': 'red' };
  return {
    title: 'Open field · turn 2 · red to activate',
    table: { width: sc.width, height: sc.height },
    terrain: sc.terrain,
    sides: [
      { id: 'red', name: 'Red army', colour: '#b3261e' },
      { id: 'black', name: 'Black army', colour: '#2b2b33' },
    ],
    units: moved.map((x) => pictureUnit(x, { colour: state[x.id] ?? 'green', disorder: x.id === 'black-3' })),
    generals: [
      pictureGeneral({ id: 'wellesley', side: 'red', x: 34, y: 44 }, { name: 'Wellesley', rating: 2 }),
      pictureGeneral({ id: 'ney', side: 'black', x: 40, y: 4 }, { rating: 3 }),
    ],
    zones: sc.zones,
    objectives: [],
    last: {
      unit: 'red-1',
      path: mv.path,
      fire: [
        {
          from: { x: mv.unit.x, y: mv.unit.y },
          to: { x: target.x, y: target.y - 1 },
          distance: fg.distance,
          range: fg.range,
          casualties: 3,
        },
      ],
      targets: ['black-1'],
      text: 'red-1 advances 6" and fires on black-1: 3 casualties, black-1 turns yellow',
    },
    card: { label: '7♥', colour: 'red' },
    discard: [
      { label: 'K♣', colour: 'black' },
      { label: '3♥', colour: 'red' },
      { label: 'Joker', colour: 'black' },
      { label: '7♥', colour: 'red' },
    ],
    deckLeft: 24,
  };
}

/** A scenario's table with a default deployment of six units a side and no activation yet. */
export function scenarioPicture(id: string): AtkmPicture {
  const sc = atkmScenario(id);
  const table = { width: sc.width, height: sc.height, terrain: sc.terrain };
  const types = ['infantry', 'infantry', 'cavalry', 'skirmisher', 'foot-artillery', 'horse-artillery'] as const;
  const raw = (['red', 'black'] as const).flatMap((side) =>
    types.map((type, i): TableUnit => ({
      id: `${side}-${i + 1}`,
      side,
      type,
      formation: type === 'skirmisher' ? 'skirmish' : type.endsWith('artillery') ? 'limbered' : 'line',
      figures: type === 'infantry' ? 12 : type.endsWith('artillery') ? 4 : 6,
      x: 0,
      y: 0,
      facing: 0,
    })),
  );
  const units = autoDeploy(table, sc.zones, raw);
  return {
    title: `${sc.name} · deployment`,
    table: { width: sc.width, height: sc.height },
    terrain: sc.terrain,
    sides: [
      { id: 'red', name: 'Red army', colour: '#b3261e' },
      { id: 'black', name: 'Black army', colour: '#2b2b33' },
    ],
    units: units.map((u) => pictureUnit(u, { colour: 'green', disorder: false })),
    generals: [],
    zones: sc.zones,
    objectives: sc.objectives,
    last: null,
    card: null,
    discard: [],
    deckLeft: 28,
  };
}
