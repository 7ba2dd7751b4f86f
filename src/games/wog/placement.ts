// Phase Nine: Place Leaders. New leaders (2 English, 2 French, 2 non-aligned)
// and routed ones; non-aligned are chosen alternately (nIP first), then the
// nIP places his national leaders, then the IP. Then each side crowns a king.
import { RuleError } from '../../engine/errors.ts';
import { retWith, type Procedure } from '../../engine/flow.ts';
import type { Ctx, LegalAction } from '../../engine/types.ts';
import { act, mustBeLegal } from './common.ts';
import { takePile } from './piles.ts';
import {
  area,
  areaName,
  data,
  enemy,
  leaderData,
  leaderName,
  leadersIn,
  nipFirst,
  note,
  onMap,
  sideName,
  type Side,
  type WogState,
} from './state.ts';
import { plural } from '../../messages/text.ts';

const RULE = 'WoG Phase 9';

export interface PlaceFrame {
  proc: 'place';
  step: 'go';
  /** Who picks the next non-aligned leader. */
  naTurn: Side;
  [k: string]: unknown;
}

/** New arrivals (the coming turn's future leader pile) and routed leaders go to the pool. */
export function fillPool(s: WogState): void {
  for (const id of takePile(s, s.turn + 1)) s.leaders[id]!.where = 'pool';
  for (const l of Object.values(s.leaders)) if (l.where === 'routed') l.where = 'pool';
}

const pool = (s: WogState): string[] =>
  Object.values(s.leaders)
    .filter((l) => l.where === 'pool')
    .map((l) => l.id)
    .sort();

/** Whose placement it is: untaken non-aligned leaders alternate, then the nIP's own, then the IP's. */
export function placer(s: WogState, f: PlaceFrame): { side: Side; ids: string[] } | null {
  const na = pool(s).filter((id) => s.leaders[id]!.owner === null);
  if (na.length) return { side: f.naTurn, ids: na };
  for (const side of nipFirst(s)) {
    const own = pool(s).filter((id) => s.leaders[id]!.owner === side);
    if (own.length) return { side, ids: own };
  }
  return null;
}

/** Friendly-controlled or neutral areas, and always the leader's home. */
export function placeAreas(s: WogState, side: Side, id: string): string[] {
  const home = leaderData(s, id).home;
  return data()
    .map.areas.filter((a) => a.kind === 'neutral' || s.control[a.id] === side || a.id === home)
    .map((a) => a.id)
    .sort();
}

function placeLegal(s: WogState, f: PlaceFrame, side: Side): LegalAction[] {
  const p = placer(s, f);
  if (!p || p.side !== side) return [];
  return p.ids.flatMap((id) =>
    placeAreas(s, side, id).map((a) =>
      act(
        'place',
        `Place ${leaderName(s, id)} (${leaderData(s, id).rank}★) in ${areaName(a)}` +
          `${a === leaderData(s, id).home ? ` (home: +${leaderData(s, id).rank} infantry)` : ''}`,
        { leader: id, area: a },
        { leader: leaderName(s, id), area: areaName(a) },
      ),
    ),
  );
}

export function placeLeader(s: WogState, side: Side, id: string, a: string, ctx: Ctx): void {
  const l = s.leaders[id]!;
  l.owner = side;
  l.where = 'map';
  l.area = a;
  // Reading: "receives infantry equal to rank" belongs to placing at home.
  if (leaderData(s, id).home === a) for (let i = 0; i < leaderData(s, id).rank; i++) l.troops.push({ kind: 'infantry' });
  if (leadersIn(s, a, enemy(side)).length && !s.aggressor[a]) s.aggressor[a] = side;
  note(s, ctx, 'place', `${sideName(side)} place ${leaderName(s, id)} in ${area(a).name}.`);
}

export const placeProc: Procedure<WogState, PlaceFrame> = {
  prompts(s, f) {
    const p = placer(s, f);
    return p
      ? [
          {
            role: p.side,
            text: `Place ${plural(p.ids.length, 'leader')} (/wog place).`,
            decision: `t${s.turn}:place:${p.ids.length}:${p.side}`,
          },
        ]
      : [];
  },
  legal: (s, f, role) => placeLegal(s, f, role as Side),
  auto(s, f) {
    if (placer(s, f)) return false;
    retWith(s.stack);
    return true;
  },
  apply(s, f, role, a, ctx) {
    const legal = placeLegal(s, f, role as Side);
    if (!legal.length) throw new RuleError(RULE, 'The other side places leaders now.');
    mustBeLegal(legal, a, RULE, 'Leaders go to a friendly-controlled or neutral area, or their home area.');
    const wasNa = s.leaders[String(a.leader)]!.owner === null;
    placeLeader(s, role as Side, String(a.leader), String(a.area), ctx);
    if (wasNa) f.naTurn = enemy(f.naTurn);
  },
};

export interface CrownFrame {
  proc: 'crown';
  step: 'go';
  [k: string]: unknown;
}

/** A side without a king may crown one of its own 3-star leaders on the map; none, no king. */
export function crownCandidates(s: WogState, side: Side): string[] {
  if (s.kings[side]) return [];
  return onMap(s, side)
    .filter((l) => leaderData(s, l.id).rank === 3 && leaderData(s, l.id).side === side)
    .map((l) => l.id)
    .sort();
}

const crownTurn = (s: WogState): Side | null => nipFirst(s).find((x) => crownCandidates(s, x).length > 1) ?? null;

function crown(s: WogState, side: Side, id: string, ctx: Ctx): void {
  s.kings[side] = id;
  note(s, ctx, 'crown', `${leaderName(s, id)} is crowned ${sideName(side)} king.`);
}

export const crownProc: Procedure<WogState, CrownFrame> = {
  prompts: (s) => {
    const side = crownTurn(s);
    return side ? [{ role: side, text: 'Crown a king (/wog crown).', decision: `t${s.turn}:crown:${side}`, buttons: true }] : [];
  },
  legal: (s, _f, role) =>
    crownTurn(s) === role
      ? crownCandidates(s, role as Side).map((id) =>
          act('crown', `Crown ${leaderName(s, id)}`, { leader: id }, { leader: leaderName(s, id) }),
        )
      : [],
  auto(s, _f, ctx) {
    for (const side of nipFirst(s)) {
      const c = crownCandidates(s, side);
      if (c.length === 1) {
        crown(s, side, c[0]!, ctx);
        return true;
      }
    }
    if (crownTurn(s)) return false;
    retWith(s.stack);
    return true;
  },
  apply(s, _f, role, a, ctx) {
    const side = role as Side;
    if (crownTurn(s) !== side) throw new RuleError(RULE, 'You have nobody to crown now.');
    mustBeLegal(crownProc.legal!(s, _f, role), a, RULE, 'The king must be one of your own 3-star leaders on the map.');
    crown(s, side, String(a.leader), ctx);
  },
};
