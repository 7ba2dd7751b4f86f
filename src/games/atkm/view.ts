// Views: everything on the table is public (colours, casualties, disorder,
// the cards turned, cards banked) except each side's command points left, which only that
// side (and the umpire or moderators) sees until they are spent.
import type { Viewer } from '../../engine/types.ts';
import { bankLimit } from './cards.ts';
import { seesAll } from '../../engine/viewers.ts';
import { pictureGeneral, pictureUnit, type AtkmPicture, type PictureCard } from './picture.ts';
import { cardName, cardRank, cardSide, data, SIDES, sideName, type AtkmState, type Side } from './state.ts';
import { tu } from './table.ts';
import { objectivePlace, objectiveReporter } from './turn.ts';
import { plural } from '../../messages/text.ts';

export interface AtkmUnitView {
  id: string;
  name: string;
  side: Side;
  type: string;
  formation: string;
  figures: number;
  officer: boolean;
  ensign: boolean;
  quality: string;
  color: string;
  disorder: boolean;
  mob: boolean;
  gone: string | null;
  x: number;
  y: number;
  facing: number;
}

export interface AtkmView {
  game: 'atkm';
  mode: string;
  scenario: string;
  scenarioName: string;
  turn: number;
  phase: string;
  card: string | null;
  cardName: string | null;
  discard: string[];
  deckLeft: number;
  acting: { side: Side; unit: string | null } | null;
  sides: Record<Side, { name: string; cpSpent: number; banked: string[]; cpLeft: number | null; startUnits: number; unitsLeft: number }>;
  generals: { id: string; name: string; side: Side; rating: number; x: number; y: number }[];
  units: AtkmUnitView[];
  last: { kind: string; text: string; unit?: string; target?: string } | null;
  notes: string[];
  objective: { place: string; reporter: Side | null; heldTurns: number } | null;
  over: { winners: string[]; draw: boolean; summary: string } | null;
  /** What the tabletop renderer draws (render/atkm.ts); referee mode: units at nominal places, no terrain. */
  picture: AtkmPicture;
  [k: string]: unknown;
}

const SUIT: Record<string, string> = { H: '♥', C: '♣' };
function pictureCard(card: string): PictureCard {
  const side = cardSide(card);
  const rank = cardRank(card);
  return { label: rank === 'JOKER' ? 'Joker' : `${rank}${SUIT[card.slice(-1)] ?? ''}`, colour: side };
}

function picture(s: AtkmState): AtkmPicture {
  const v = data().victory.scenarios[s.options.scenario]!;
  const t = s.table;
  const top = s.stack.frames.at(-1)!;
  const who = top.proc === 'endTurn' ? 'end of turn' : s.card ? `${cardName(s.card)}` : '';
  const last = s.last;
  return {
    title: `${v.name} · turn ${s.turn}${who ? ` · ${who}` : ''}${t ? '' : ' · referee mode: positions are on your table'}`,
    table: { width: t?.width ?? 72, height: t?.height ?? 48 },
    terrain: t ? structuredClone(t.terrain) : [],
    sides: [
      { id: 'red', name: 'Red army', colour: '#b3261e' },
      { id: 'black', name: 'Black army', colour: '#2b2b33' },
    ],
    units: s.order
      .map((id) => s.units[id]!)
      .filter((u) => !u.gone)
      .map((u) =>
        pictureUnit(tu(u), {
          colour: u.color,
          disorder: u.disorder,
          label: u.name.replace(/^(Red|Black) /, ''),
          officer: u.officer,
          ensign: u.ensign,
        }),
      ),
    generals: s.generals.map((g) => pictureGeneral(g, { name: g.name, rating: g.rating })),
    zones: structuredClone(s.zones),
    objectives: structuredClone(s.objectives),
    last: last?.unit
      ? {
          unit: last.unit,
          path: last.path ? structuredClone(last.path) : [],
          fire: last.fire ? structuredClone(last.fire) : [],
          targets: last.target ? [last.target] : [],
          text: last.text,
          melee: last.melee ? structuredClone(last.melee) : null,
          escapes: last.escapes ? structuredClone(last.escapes) : [],
        }
      : null,
    card: s.card ? pictureCard(s.card) : null,
    discard: s.deck.discard.map(pictureCard),
    deckLeft: s.deck.draw.length,
    ...(s.options.banking
      ? {
          banked: SIDES.map((side) => ({
            side,
            cards: (s.sides[side].banked ?? []).map(pictureCard),
            used: s.sides[side].bankedCount ?? 0,
            limit: bankLimit(s, side),
          })),
        }
      : {}),
  };
}

export function phaseLabel(s: AtkmState): string {
  if (s.stack.ended) return 'Battle over';
  const top = s.stack.frames.at(-1)!;
  if (top.proc === 'endTurn') return `Turn ${s.turn}: end of turn`;
  return `Turn ${s.turn}`;
}

export function buildView(s: AtkmState, viewer: Viewer): AtkmView {
  const top = s.stack.frames.at(-1)!;
  const act = [...s.stack.frames].reverse().find((f) => f.proc === 'activation' || f.proc === 'card') as
    { side?: Side; unit?: string } | undefined;
  const sees = (side: Side) => seesAll(viewer) || (viewer.kind === 'seat' && viewer.role === side);
  const v = data().victory.scenarios[s.options.scenario]!;
  return {
    game: 'atkm',
    mode: s.options.mode,
    scenario: s.options.scenario,
    scenarioName: v.name,
    turn: s.turn,
    phase: phaseLabel(s),
    card: s.card,
    cardName: s.card ? cardName(s.card) : null,
    discard: [...s.deck.discard],
    deckLeft: s.deck.draw.length,
    acting: act?.side && top.proc !== 'endTurn' ? { side: act.side, unit: act.unit ?? null } : null,
    sides: Object.fromEntries(
      SIDES.map((side) => [
        side,
        {
          name: sideName(side),
          cpSpent: s.sides[side].cpSpent,
          banked: [...(s.sides[side].banked ?? [])],
          cpLeft: sees(side) ? s.sides[side].cp : null,
          startUnits: s.sides[side].startUnits,
          unitsLeft: s.order.filter((id) => s.units[id]!.side === side && !s.units[id]!.gone).length,
        },
      ]),
    ) as AtkmView['sides'],
    generals: s.generals.map((g) => ({ ...g })),
    units: s.order.map((id) => {
      const u = s.units[id]!;
      return {
        id: u.id,
        name: u.name,
        side: u.side,
        type: u.type,
        formation: u.formation,
        figures: u.figures,
        officer: u.officer,
        ensign: u.ensign,
        quality: u.quality,
        color: u.color,
        disorder: u.disorder,
        mob: u.mob,
        gone: u.gone,
        x: u.x,
        y: u.y,
        facing: u.facing,
      };
    }),
    last: s.last ? { ...s.last } : null,
    notes: s.notes.slice(-8),
    objective: objectiveReporter(s) ? { place: objectivePlace(s), reporter: objectiveReporter(s), heldTurns: s.objective.heldTurns } : null,
    over: s.stack.ended ? { ...s.stack.ended, winners: [...s.stack.ended.winners] } : null,
    picture: picture(s),
  };
}

export function summarize(v: AtkmView, viewer: Viewer): string {
  const lines = [`All the King's Men — ${v.scenarioName} (${v.mode} mode), ${v.phase}.`];
  if (v.cardName) lines.push(`Card: ${v.cardName}; ${plural(v.deckLeft, 'card')} left in the deck.`);
  for (const side of SIDES) {
    const sd = v.sides[side];
    const cp = sd.cpLeft !== null ? `${sd.cpLeft} command points left, ` : '';
    lines.push(
      `${sd.name} (${sd.unitsLeft}/${sd.startUnits} units; ${cp}${sd.cpSpent} spent this turn` +
        `${sd.banked.length ? `; banked: ${sd.banked.map(cardName).join(', ')}` : ''}):`,
    );
    for (const u of v.units.filter((x) => x.side === side))
      lines.push(
        u.gone
          ? `  ${u.name}: ${u.gone === 'abandoned' ? 'gun abandoned' : 'broken'}, off the field`
          : `  ${u.name}: ${u.color}${u.disorder ? ' + disorder' : ''}, ${u.mob ? 'mob' : u.formation}, ${u.figures} figures` +
              `${u.officer ? '' : ', no officer'}${u.ensign ? '' : ', no ensign'}${u.quality !== 'regular' ? `, ${u.quality}` : ''}`,
      );
    lines.push(
      `  Generals: ${v.generals
        .filter((g) => g.side === side)
        .map((g) => `${g.name} (${g.rating})`)
        .join(', ')}`,
    );
  }
  if (v.objective)
    lines.push(`Objective: ${v.objective.place} (${plural(v.objective.heldTurns, 'turn')} held by ${v.objective.reporter}).`);
  if (v.last) lines.push(`Last: ${v.last.text}.`);
  if (v.over) lines.push(`Result: ${v.over.summary}`);
  void viewer;
  return lines.join('\n');
}
