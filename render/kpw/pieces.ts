// What moves: site conditions, stacks of counters and battle markers, all
// taken from the view. Counters go through the kit's sprite cache.
import type { Ctx2D } from '../kit/canvas.ts';
import { blitCounter, blitMarker, drawCounter, type Badge, type CounterSpec } from '../kit/counters.ts';
import { darken } from '../kit/color.ts';
import { drawArrow, drawCircle, type Point } from '../kit/shapes.ts';
import { measureText } from '../kit/text.ts';
import type { KpwBattleView, KpwStackView, KpwUnitView, KpwView } from '../../src/games/kpw/view-types.ts';
import type { Projection } from './layout.ts';
import type { RenderMap, RenderSpace } from './map-source.ts';
import { LABEL_SIZE, spaceRadius } from './spaces.ts';
import { ALLIED_COLOR, COUNTER, COUNTER_STEP, MAP_VIEW, SIDE_COLOR, SITE_MARK } from './style.ts';

export interface Board {
  map: RenderMap;
  proj: Projection;
  space: Map<string, RenderSpace>;
  ownerColor: Map<string, string>;
  obstacles?: { spaces: { x: number; y: number; w: number; h: number }[]; labels: { x: number; y: number; w: number; h: number }[] };
}

export function makeBoard(map: RenderMap, proj: Projection): Board {
  const ownerColor = new Map<string, string>();
  for (const c of map.colonies) ownerColor.set(c.id, c.color);
  for (const t of map.tribes) ownerColor.set(t.id, t.color);
  ownerColor.set('AL', ALLIED_COLOR);
  return { map, proj, space: new Map(map.spaces.map((s) => [s.id, s])), ownerColor };
}

const SPY: Badge = { text: 'S', fill: '#6a3fa0' };
const GUIDE: Badge = { text: 'G', fill: '#178a8a' };

const RANK_ORDER: Record<KpwUnitView['kind'], number> = { key: 0, captain: 1, sachem: 1, soldier: 2, warrior: 2, allied: 3 };

export function unitCounter(u: KpwUnitView, side: KpwStackView['side'], ownerColor: Map<string, string>): CounterSpec {
  const stripe = ownerColor.get(u.owner) ?? darken(SIDE_COLOR[side], 0.3);
  const badges = [...(u.spy ? [SPY] : []), ...(u.guide ? [GUIDE] : [])];
  // Indian chits are octagons: the sides differ by shape, not only red and green (rules 6.1; issue 19).
  const base = {
    size: COUNTER,
    base: SIDE_COLOR[side],
    stripe,
    stripeLabel: u.owner,
    badges: badges.length ? badges : undefined,
    cut: side === 'indian',
  };
  switch (u.kind) {
    case 'key':
      return { ...base, rank: 'key', label: u.name };
    case 'captain':
      return { ...base, rank: 'leader', label: 'Capt.' };
    case 'sachem':
      return { ...base, rank: 'leader', label: 'Sachem' };
    default: {
      const strength = u.strength ?? 2;
      return { ...base, figures: strength, weakened: strength === 1 };
    }
  }
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Space discs and name labels: what a stack should not cover. Built once per board. */
function obstacles(ctx: Ctx2D, b: Board): { spaces: Box[]; labels: Box[] } {
  if (!b.obstacles) {
    const spaces: Box[] = [];
    const labels: Box[] = [];
    for (const s of b.map.spaces) {
      const p = b.proj.at(s);
      const r = spaceRadius(s) + (s.river ? 4 : 1);
      spaces.push({ x: p.x - r, y: p.y - r, w: r * 2, h: r * 2 });
      const lw = measureText(ctx, s.name, LABEL_SIZE, 'bold') + 4;
      labels.push({ x: p.x - lw / 2, y: p.y + r, w: lw, h: 18 });
    }
    b.obstacles = { spaces, labels };
  }
  return b.obstacles;
}

/** Where each stack's row sits, in view order: shared by drawing and tests. */
export interface StackPlacement {
  space: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Where a stack's row of counters goes: the first of a few spots around the
 * space (above-right preferred) that covers the fewest names, spaces and
 * other stacks. A spot that covers another space's marker more than its own,
 * or sits nearer another space, reads as that space's stack (issue 9: in
 * Narragansett Bay, Montaup's stack landed by Portsmouth), so it is ruled out;
 * the last resort is a row straight over its own space.
 */
function placeStack(ctx: Ctx2D, b: Board, s: RenderSpace, w: number, placed: Box[]): Point {
  const p = b.proj.at(s);
  const r = spaceRadius(s);
  const h = COUNTER;
  const cands: Point[] = [
    { x: p.x + r * 0.35, y: p.y - r - h + 4 },
    { x: p.x - r * 0.35 - w, y: p.y - r - h + 4 },
    { x: p.x + r + 6, y: p.y - h / 2 },
    { x: p.x - r - 8 - w, y: p.y - h / 2 },
    { x: p.x - w / 2, y: p.y - r - h - 4 },
    { x: p.x + r * 0.35, y: p.y + r + 20 },
    { x: p.x - w - r * 0.35, y: p.y + r + 20 },
    { x: p.x - COUNTER / 2, y: p.y - h / 2 },
    { x: p.x - w / 2, y: p.y - h / 2 },
  ];
  const { spaces, labels } = obstacles(ctx, b);
  const own = b.map.spaces.indexOf(s);
  const v = MAP_VIEW;
  let best = cands[cands.length - 2];
  let bestScore = Infinity;
  cands.forEach((c, i) => {
    const box = { x: c.x - 2, y: c.y - 2, w: w + 4, h: h + 4 };
    let score = i * 20; // mild preference for the usual spot
    for (const o of labels) score += overlap(box, o) * 3;
    spaces.forEach((o, j) => {
      if (j !== own) score += overlap(box, o) * 2;
    });
    for (const o of placed) score += overlap(box, o) * 5;
    if (box.x < v.x || box.y < v.y || box.x + box.w > v.x + v.w || box.y + box.h > v.y + v.h) score += 1e6;
    if (!ownsBox(b, spaces, own, { x: c.x, y: c.y, w, h })) score += 1e5;
    if (score < bestScore) {
      bestScore = score;
      best = c;
    }
  });
  placed.push({ x: best.x, y: best.y, w, h });
  return best;
}

/** A row reads as its space's when it covers no other marker more than its own and its nearest space is its own. */
function ownsBox(b: Board, spaces: Box[], own: number, box: Box): boolean {
  const mine = overlap(box, spaces[own]);
  const cx = box.x + box.w / 2,
    cy = box.y + box.h / 2;
  const at = b.proj.at(b.map.spaces[own]);
  const d = Math.hypot(cx - at.x, cy - at.y);
  return b.map.spaces.every((s, j) => {
    if (j === own) return true;
    if (overlap(box, spaces[j]) > mine) return false;
    const q = b.proj.at(s);
    return Math.hypot(cx - q.x, cy - q.y) > d;
  });
}

/** Every stack's row box (the counters, musket marker and a little room). */
export function placeStacks(ctx: Ctx2D, b: Board, stacks: KpwStackView[]): StackPlacement[] {
  const placed: Box[] = [];
  const out: StackPlacement[] = [];
  for (const st of stacks) {
    const s = b.space.get(st.space);
    if (!s) continue;
    const w = COUNTER + Math.max(0, st.units.length - 1) * COUNTER_STEP + (st.musket ? 14 : 0) + 6;
    const o = placeStack(ctx, b, s, w, placed);
    out.push({ space: st.space, x: o.x, y: o.y, w, h: COUNTER });
  }
  return out;
}

/** The marker box of every space (disc or hex plus its river ring), by space id. */
export function spaceBoxes(ctx: Ctx2D, b: Board): Map<string, Box> {
  const { spaces } = obstacles(ctx, b);
  return new Map(b.map.spaces.map((s, i) => [s.id, spaces[i]]));
}

/** `vector`: draw counters as paths, not cached 1× sprites (crisp under a zoom transform). */
export function drawStacks(ctx: Ctx2D, b: Board, stacks: KpwStackView[], vector = false): void {
  const put = vector ? drawCounter : blitCounter;
  const where = placeStacks(ctx, b, stacks);
  let k = 0;
  for (const st of stacks) {
    if (!b.space.get(st.space)) continue;
    const o = where[k++];
    const units = [...st.units].sort((u, v) => RANK_ORDER[u.kind] - RANK_ORDER[v.kind]);
    units.forEach((u, i) => put(ctx, o.x + i * COUNTER_STEP, o.y, unitCounter(u, st.side, b.ownerColor)));
    const end = o.x + Math.max(0, units.length - 1) * COUNTER_STEP + COUNTER;
    if (st.musket) blitMarker(ctx, end + 4, o.y + COUNTER - 8, { shape: 'circle', r: 9, fill: '#6b4423', stroke: '#111', text: 'M' });
    if (st.moved) {
      // A small chevron under the row: this stack has moved this phase.
      ctx.fillStyle = SIDE_COLOR[st.side];
      ctx.beginPath();
      ctx.moveTo(o.x - 8, o.y + COUNTER / 2 - 5);
      ctx.lineTo(o.x - 3, o.y + COUNTER / 2);
      ctx.lineTo(o.x - 8, o.y + COUNTER / 2 + 5);
      ctx.closePath();
      ctx.fill();
    }
  }
}

export function drawSites(ctx: Ctx2D, b: Board, sites: KpwView['sites']): void {
  for (const [id, cond] of Object.entries(sites)) {
    const s = b.space.get(id);
    if (!s || cond === 'undamaged') continue;
    const p = b.proj.at(s);
    const r = spaceRadius(s);
    if (cond === 'razed') {
      // Razed: the space is neutral now (rules 4.2) — char it and cross it out.
      drawCircle(ctx, p.x, p.y, r - 1, { fill: 'rgba(30,24,20,0.72)' });
      blitMarker(ctx, p.x, p.y, { shape: 'circle', r: r - 5, fill: SITE_MARK.razed.fill, stroke: '#e53b2c', cross: '#e53b2c' });
      continue;
    }
    const m = SITE_MARK[cond];
    blitMarker(ctx, p.x - r - 5, p.y + 4, {
      shape: cond === 'raided' ? 'circle' : 'hex',
      r: 10,
      fill: m.fill,
      stroke: '#111',
      text: m.text,
    });
  }
}

export function drawBattles(ctx: Ctx2D, b: Board, battles: KpwBattleView[]): void {
  for (const bt of battles) {
    const sa = b.space.get(bt.from);
    const sb = b.space.get(bt.to);
    if (!sa || !sb) continue;
    let pa = b.proj.at(sa);
    let pb = b.proj.at(sb);
    // Opposite battles on one connection sit side by side, not on top of each other.
    const len = Math.hypot(pb.x - pa.x, pb.y - pa.y) || 1;
    const off = bt.side === 'english' ? 5 : -5;
    const nx = (-(pb.y - pa.y) / len) * off;
    const ny = ((pb.x - pa.x) / len) * off;
    pa = { x: pa.x + nx, y: pa.y + ny };
    pb = { x: pb.x + nx, y: pb.y + ny };
    drawArrow(
      ctx,
      pa,
      pb,
      bt.fought
        ? { color: '#6b6b6b', width: 9, hollow: true, inset: [spaceRadius(sa) + 4, spaceRadius(sb) + 5] }
        : { color: SIDE_COLOR[bt.side], width: 9, outline: '#111', inset: [spaceRadius(sa) + 4, spaceRadius(sb) + 5] },
    );
  }
}
