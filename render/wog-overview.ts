// The WoG preview when no battle is on (issue 19): the full snapshot
// (render/wog.ts) is a 1360×1200 map whose names are ~3 px at Discord's
// ~550 px preview. This 1100×700 picture holds what a channel reader wants at
// a glance, every text ≥ 20 px: on the left the map by control with each
// army's side letter and strength points; on the right the score and where
// each side's leaders stand. Drawn only from the view.
import { wogData } from '../src/games/wog/data.ts';
import type { WogView } from '../src/games/wog/view.ts';
import { drawText, fitText, paint, roundRectPath, type Ctx2D } from './kit.ts';
import { drawAreas, INK, SEA, SIDE } from './wog.ts';

export const OVERVIEW = { w: 1100, h: 700, caption: 46, mapW: 545 } as const;

type Area = WogView['areas'][number];
const SIDES = ['english', 'french'] as const;
const SIDE_NAME: Record<string, string> = { english: 'English', french: 'French', nonaligned: 'Non-aligned' };

/** Strength points of one side in an area: each leader 1 SP plus his troops, and loose SP (uncommitted) when it controls it. */
function sideSp(a: Area, side: string): number {
  return a.leaders.filter((l) => l.side === side).reduce((n, l) => n + 1 + l.troops.length, 0);
}

/** A chip in the side's colour with its letter and SP: who stands where, not by colour alone. */
function chip(ctx: Ctx2D, x: number, y: number, side: string, sp: number): number {
  const text = `${(SIDE_NAME[side] ?? side).slice(0, 1)} ${sp}`;
  const w = 14 + text.length * 12;
  roundRectPath(ctx, x - w / 2, y - 15, w, 30, 6);
  paint(ctx, { fill: SIDE[side] ?? '#666', stroke: '#fff', lineWidth: 2 });
  drawText(ctx, text, x, y + 1, { size: 20, weight: 'bold', color: '#fff', align: 'center', baseline: 'middle' });
  return w;
}

function drawMap(ctx: Ctx2D, v: WogView): void {
  const map = wogData().map;
  const boxH = OVERVIEW.h - OVERVIEW.caption;
  const k = Math.min(OVERVIEW.mapW / map.width, boxH / map.height);
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, OVERVIEW.caption, OVERVIEW.mapW, boxH);
  ctx.clip();
  ctx.fillStyle = SEA;
  ctx.fillRect(0, OVERVIEW.caption, OVERVIEW.mapW, boxH);
  const ox = (OVERVIEW.mapW - map.width * k) / 2;
  ctx.save();
  ctx.translate(ox, OVERVIEW.caption);
  ctx.scale(k, k);
  drawAreas(ctx, v, 1 / k);
  ctx.restore();
  const byId = new Map(v.areas.map((a) => [a.id, a]));
  for (const ar of map.areas) {
    const a = byId.get(ar.id);
    if (!a) continue;
    const sides = Object.keys(SIDE).filter((s) => sideSp(a, s) > 0);
    const x = ox + ar.label.x * k;
    const y = OVERVIEW.caption + ar.label.y * k;
    sides.forEach((s, i) => chip(ctx, x, y + (i - (sides.length - 1) / 2) * 32, s, sideSp(a, s)));
  }
  ctx.restore();
  ctx.fillStyle = INK;
  ctx.fillRect(OVERVIEW.mapW, OVERVIEW.caption, 3, boxH);
}

/** The right column: score, initiative, then each side's areas with leaders, strongest first. */
function drawList(ctx: Ctx2D, v: WogView): void {
  const x = OVERVIEW.mapW + 18;
  const w = OVERVIEW.w - x - 14;
  let y = OVERVIEW.caption + 12;
  const line = (text: string, size: number, color = INK, bold = false): void => {
    drawText(ctx, fitText(ctx, text, w, size, bold ? 'bold' : 'normal'), x, y, {
      size,
      color,
      weight: bold ? 'bold' : 'normal',
      baseline: 'top',
    });
    y += size + 8;
  };
  const lead = v.vp === 0 ? 'VP level' : `${v.vp > 0 ? 'English' : 'French'} lead by ${Math.abs(v.vp)} VP`;
  line(v.over ?? `${lead} · ${v.scenarioName} ${v.year}`, 22, v.over ? '#7a2e1f' : INK, true);
  line(`Initiative: ${v.ip ?? 'not yet rolled'} · impulses E ${v.impulses.english}, F ${v.impulses.french}`, 20);
  const controlled = (s: string) => v.areas.filter((a) => a.control === s).length;
  for (const side of SIDES) {
    y += 6;
    line(`${SIDE_NAME[side]} · ${controlled(side)} areas`, 22, SIDE[side], true);
    const areas = v.areas.filter((a) => sideSp(a, side) > 0).sort((p, q) => sideSp(q, side) - sideSp(p, side));
    const room = Math.max(1, Math.floor((OVERVIEW.h - y - (side === 'english' ? 130 : 10)) / 28));
    for (const a of areas.slice(0, room)) {
      const names = a.leaders.filter((l) => l.side === side).map((l) => l.name.split(/[ ,(]/)[0]);
      line(`${a.name} ${sideSp(a, side)} SP: ${names.join(', ')}`, 20);
    }
    if (areas.length > room) line(`+${areas.length - room} more areas on the full map`, 20, '#5a4a32');
  }
}

/** The whole-board preview, drawn on the close-up's canvas under its caption. */
export function drawWogOverview(ctx: Ctx2D, v: WogView): void {
  drawMap(ctx, v);
  drawList(ctx, v);
}
