// Determining Forces (p.10), unit quality (p.28) and generals (p.8): the
// text's rolls or a chosen list, then the first turn begins.
import type { Ctx } from '../../engine/types.ts';
import type { ListEntry } from './data.ts';
import { deploy } from './table.ts';
import {
  data,
  SIDES,
  sideName,
  typeData,
  type AtkmOptions,
  type AtkmState,
  type Formation,
  type General,
  type Quality,
  type Side,
  type Unit,
  type UnitType,
} from './state.ts';

const ORD = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th', '11th', '12th', '13th', '14th', '15th', '16th'];
const KIND: Record<UnitType, string> = {
  infantry: 'Foot',
  cavalry: 'Horse',
  skirmisher: 'Rifles',
  'foot-artillery': 'Foot Battery',
  'horse-artillery': 'Horse Battery',
};
const START: Record<UnitType, Formation> = {
  infantry: 'line',
  cavalry: 'line',
  skirmisher: 'skirmish',
  'foot-artillery': 'deployed',
  'horse-artillery': 'limbered',
};

/** One unit type by the Determining Forces roll: 2d6, then d6 for foot or horse artillery. */
export function rollUnitType(ctx: Ctx, side: Side): UnitType {
  const r = ctx.dice.twoD6(`${sideName(side)} unit type`);
  const t = data().unitRoll.lookup(r.total);
  if (t !== 'artillery') return t;
  return data().artilleryRoll.lookup(ctx.dice.d6(`${sideName(side)} artillery: foot or horse`));
}

export function makeUnit(side: Side, type: UnitType, n: number, quality: Quality, index: number): Unit {
  const red = side === 'red';
  return {
    id: `${side}-${index + 1}`,
    name: `${sideName(side)} ${ORD[n] ?? `${n + 1}th`} ${KIND[type]}`,
    side,
    type,
    formation: START[type],
    figures: typeData(type).figures,
    officer: true,
    ensign: true,
    quality,
    color: 'green',
    disorder: false,
    mob: false,
    gone: null,
    // A default deployment along each long edge of a 72" x 48" table (the tabletop places them properly).
    x: 8 + ((index * 10) % 60),
    y: red ? 6 : 42,
    facing: red ? 0 : 180,
  };
}

export function initialState(o: AtkmOptions, ctx: Ctx): AtkmState {
  const s: AtkmState = {
    options: o,
    turn: 0,
    stack: { frames: [{ proc: 'turn', step: 'start' }] },
    deck: { draw: [], discard: [] },
    card: null,
    units: {},
    order: [],
    generals: [],
    sides: {
      red: { cp: 0, cpSpent: 0, nextGeneral: 0, startUnits: 0, collapseRolls: 0 },
      black: { cp: 0, cpSpent: 0, nextGeneral: 0, startUnits: 0, collapseRolls: 0 },
    },
    objective: { heldTurns: 0, holder: null },
    last: null,
    table: null,
    zones: [],
    objectives: [],
    notes: [],
  };
  for (const side of SIDES) {
    const chosen = o.lists?.[side];
    const list: ListEntry[] = chosen
      ? [...chosen]
      : o.army === 'roll'
        ? Array.from({ length: o.units }, () => ({ type: rollUnitType(ctx, side), figures: null }))
        : [...data().standard];
    const types = list.map((e) => e.type);
    const count: Partial<Record<UnitType, number>> = {};
    list.forEach(({ type: t, figures }, i) => {
      const q: Quality =
        o.quality === 'roll' ? data().qualityRoll.lookup(ctx.dice.d6(`${sideName(side)} unit ${i + 1} quality`)) : 'regular';
      const u = makeUnit(side, t, count[t] ?? 0, q, i);
      // Below full strength (Assembling Your Units, p.5), as the list says.
      if (figures !== null) u.figures = figures;
      count[t] = (count[t] ?? 0) + 1;
      s.units[u.id] = u;
      s.order.push(u.id);
    });
    s.sides[side].startUnits = types.length;
    for (let i = 0; i < o.generals; i++) {
      const rating =
        o.ratings === 'roll' ? data().ratingRoll.lookup(ctx.dice.d6(`${sideName(side)} general ${i + 1} rating (house table)`)) : 2;
      const g: General = {
        id: `${side}-g${i + 1}`,
        name: data().generals.names[side][i]!,
        side,
        rating,
        x: 36,
        y: side === 'red' ? 2 : 46,
      };
      s.generals.push(g);
    }
  }
  if (o.mode === 'tabletop') deploy(s);
  const lines = SIDES.map(
    (side) =>
      `${sideName(side)}: ${s.order
        .map((id) => s.units[id]!)
        .filter((u) => u.side === side)
        .map((u) => {
          const notes = [
            u.quality !== 'regular' ? u.quality : '',
            u.figures < typeData(u.type).figures ? `${u.figures} of ${typeData(u.type).figures}` : '',
          ];
          return `${u.name}${notes.some(Boolean) ? ` (${notes.filter(Boolean).join(', ')})` : ''}`;
        })
        .join(', ')}; generals ${s.generals
        .filter((g) => g.side === side)
        .map((g) => `${g.name} (${g.rating})`)
        .join(', ')}.`,
  );
  ctx.emit({ kind: 'setup', text: `Armies: ${lines.join(' ')}` });
  return s;
}
