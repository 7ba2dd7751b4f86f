// The WoG battle close-up (GameTable.renderZoom): a second image posted with
// a Phase 3 snapshot, legible at Discord's ~550 px preview. Left: the area
// fought over and its neighbours, zoomed (border kinds and control decide
// where a retreat may go). Right: both armies leader by leader with their
// troops, the commanders, the dice each side rolls now, the aggressor's
// misses, and the last round's dice. Drawn only from the view.
import type { Json } from '../src/engine/types.ts';
import { wogData } from '../src/games/wog/data.ts';
import type { WogLeaderView, WogView } from '../src/games/wog/view.ts';
import { drawText, encodePng, fitText, makeCanvas, paint, roundRectPath, wrapLines, type Canvas, type Ctx2D } from './kit.ts';
import { drawAreas, INK, SEA, SIDE } from './wog.ts';
import { drawWogOverview } from './wog-overview.ts';

/** Output size (Discord previews 11:7 at full width), caption height and the map crop's width. */
export const WOG_ZOOM = { w: 1100, h: 700, caption: 46, mapW: 440 } as const;

const PAPER = '#fffaf0';

/** The crop of the map around the battle area: its outline plus a margin, in map pixels. */
export function zoomCrop(areaId: string): { x: number; y: number; w: number; h: number } {
  const a = wogData().map.areas.find((x) => x.id === areaId)!;
  const xs = a.polygon.map((p) => p[0]!);
  const ys = a.polygon.map((p) => p[1]!);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const boxW = WOG_ZOOM.mapW;
  const boxH = WOG_ZOOM.h - WOG_ZOOM.caption;
  // The area plus about as much again around it, at the box's aspect.
  let w = (Math.max(...xs) - Math.min(...xs)) * 2.1;
  let h = (Math.max(...ys) - Math.min(...ys)) * 2.1;
  if (w / h > boxW / boxH) h = (w * boxH) / boxW;
  else w = (h * boxW) / boxH;
  return { x: cx - w / 2, y: cy - h / 2, w, h };
}

function drawCrop(ctx: Ctx2D, v: WogView, areaId: string): void {
  const map = wogData().map;
  const crop = zoomCrop(areaId);
  const boxH = WOG_ZOOM.h - WOG_ZOOM.caption;
  const k = WOG_ZOOM.mapW / crop.w;
  const at = (x: number, y: number) => ({ x: (x - crop.x) * k, y: WOG_ZOOM.caption + (y - crop.y) * k });
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, WOG_ZOOM.caption, WOG_ZOOM.mapW, boxH);
  ctx.clip();
  ctx.fillStyle = SEA;
  ctx.fillRect(0, WOG_ZOOM.caption, WOG_ZOOM.mapW, boxH);
  ctx.save();
  ctx.translate(-crop.x * k, WOG_ZOOM.caption - crop.y * k);
  ctx.scale(k, k);
  drawAreas(ctx, v, 1.4 / k);
  const a = map.areas.find((x) => x.id === areaId)!;
  ctx.beginPath();
  a.polygon.forEach(([px, py], i) => (i ? ctx.lineTo(px!, py!) : ctx.moveTo(px!, py!)));
  ctx.closePath();
  paint(ctx, { stroke: '#111', lineWidth: 6 / k });
  ctx.restore();
  // Names large enough to read: the battle area and its neighbours (with control).
  const byId = new Map(v.areas.map((x) => [x.id, x]));
  for (const ar of map.areas) {
    const p = at(ar.label.x, ar.label.y);
    if (p.x < -60 || p.x > WOG_ZOOM.mapW + 60 || p.y < WOG_ZOOM.caption - 20 || p.y > WOG_ZOOM.h + 20) continue;
    const own = ar.id === areaId;
    const ctl = byId.get(ar.id)?.control;
    drawText(ctx, `${ar.name}${ar.value ? ` ${ar.value}` : ''}`, p.x, p.y, {
      size: own ? 30 : 22,
      weight: 'bold',
      color: ctl ? SIDE[ctl] : INK,
      halo: '#fffaf0',
      haloWidth: 5,
      align: 'center',
    });
  }
  ctx.restore();
  ctx.fillStyle = INK;
  ctx.fillRect(WOG_ZOOM.mapW, WOG_ZOOM.caption, 3, boxH);
}

/** "3 infantry, 1 knight" from a leader's troop labels. */
function troopSummary(troops: string[]): string {
  const n = new Map<string, number>();
  for (const t of troops) n.set(t, (n.get(t) ?? 0) + 1);
  return [...n].map(([t, c]) => `${c} ${t}`).join(', ') || 'no troops';
}

function drawSide(ctx: Ctx2D, v: WogView, side: 'english' | 'french', x: number, y: number, w: number, maxRows: number): number {
  const b = v.battle!;
  const av = v.areas.find((a) => a.id === b.area)!;
  const ls = av.leaders.filter((l) => l.side === side);
  const sp = ls.reduce((n, l) => n + 1 + l.troops.length, 0);
  const d = b.dice?.[side];
  const head = `${side === 'english' ? 'English' : 'French'} · ${sp} SP${d ? ` · ${d.dice} dice${d.mod ? ` at +${d.mod}` : ''}` : ''}`;
  drawText(ctx, fitText(ctx, head, w, 28, 'bold'), x, y + 26, { size: 28, weight: 'bold', color: SIDE[side] });
  y += 38;
  if (!ls.length) {
    drawText(ctx, 'no leaders left', x, y + 22, { size: 22, color: INK });
    return y + 34;
  }
  const bcName = b.bc[side];
  const row = (l: WogLeaderView): void => {
    const bc = l.name === bcName;
    roundRectPath(ctx, x, y, w, 56, 6);
    paint(ctx, { fill: SIDE[side]!, stroke: l.king ? '#e2b33c' : '#222', lineWidth: l.king ? 4 : 1.5 });
    const title = `${'★'.repeat(l.rank)} ${l.name}${bc ? ' · BC' : ''}${l.king ? ' · king' : ''}${l.disgraced ? ' · disgraced' : ''}`;
    drawText(ctx, fitText(ctx, title, w - 16, 24, 'bold'), x + 8, y + 24, { size: 24, weight: 'bold', color: '#fff' });
    const sub = `BR ${l.battle} · bravery ${l.bravery} · ${troopSummary(l.troops)}`;
    drawText(ctx, fitText(ctx, sub, w - 16, 20), x + 8, y + 48, { size: 20, color: '#fff' });
    y += 62;
  };
  const shown = ls.slice(0, maxRows);
  // The commander first: he fights last and decides the dice.
  shown.sort((p, q) => (q.name === bcName ? 1 : 0) - (p.name === bcName ? 1 : 0));
  for (const l of shown) row(l);
  if (ls.length > shown.length) {
    drawText(ctx, `+${ls.length - shown.length} more leaders`, x, y + 20, { size: 20, color: INK });
    y += 28;
  }
  return y + 8;
}

export function drawWogZoom(view: WogView, canvas: Canvas): void {
  const ctx: Ctx2D = canvas.getContext('2d');
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, WOG_ZOOM.w, WOG_ZOOM.h);
  const b = view.battle;
  if (b) drawCrop(ctx, view, b.area);
  // No battle: the whole board in brief, so the post's first image still reads at preview size (issue 19).
  else drawWogOverview(ctx, view);
  ctx.fillStyle = 'rgba(30,18,10,0.92)';
  ctx.fillRect(0, 0, WOG_ZOOM.w, WOG_ZOOM.caption);
  const caption = b ? `⚔ Close-up · ${view.phase}` : `${view.scenarioName} · ${view.phase}`;
  drawText(ctx, fitText(ctx, caption, WOG_ZOOM.w - 24, 24, 'bold'), 12, WOG_ZOOM.caption / 2, {
    size: 24,
    weight: 'bold',
    color: '#fff4dc',
    baseline: 'middle',
  });
  if (!b) return;
  const x = WOG_ZOOM.mapW + 18;
  const w = WOG_ZOOM.w - x - 16;
  let y = WOG_ZOOM.caption + 6;
  if (b.aggressor) {
    const marks = `${'●'.repeat(b.misses)}${'○'.repeat(Math.max(0, 3 - b.misses))}`;
    drawText(ctx, fitText(ctx, `Aggressor: ${b.aggressor === 'english' ? 'English' : 'French'} · misses ${marks}`, w, 22), x, y + 22, {
      size: 22,
      color: INK,
    });
    y += 30;
  }
  const rows = (side: 'english' | 'french') => view.areas.find((a) => a.id === b.area)!.leaders.filter((l) => l.side === side).length;
  // Room for about seven leader rows: share it between the sides.
  const e = Math.min(rows('english'), Math.max(2, 7 - Math.min(rows('french'), 4)));
  y = drawSide(ctx, view, 'english', x, y, w, e);
  y = drawSide(ctx, view, 'french', x, y, w, Math.max(1, 7 - e));
  if (b.rolls.length && y < WOG_ZOOM.h - 30) {
    drawText(ctx, `Round ${b.round}:`, x, y + 20, { size: 20, weight: 'bold', color: INK });
    y += 26;
    for (const r of b.rolls)
      for (const line of wrapLines(ctx, r, w, 20)) {
        if (y > WOG_ZOOM.h - 8) return;
        drawText(ctx, line, x, y + 19, { size: 20, color: '#3b3023' });
        y += 24;
      }
  }
}

let output: Canvas | null = null;

/** The close-up PNG (1100×700). */
export function renderWogZoom(view: Json): Buffer {
  output ??= makeCanvas(WOG_ZOOM.w, WOG_ZOOM.h);
  drawWogZoom(view as unknown as WogView, output);
  return encodePng(output);
}
