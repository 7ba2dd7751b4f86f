// The furniture around the map: VP/Provisions track (top), legend panel
// (right), status bar (bottom). Each has a static part for the cached layer
// and a dynamic part drawn from the view.
import type { Ctx2D } from '../kit/canvas.ts';
import { contrastText } from '../kit/color.ts';
import { drawMarker, type MarkerSpec } from '../kit/counters.ts';
import { drawLegend, ringSwatch, type LegendItem } from '../kit/legend.ts';
import { drawArrow, drawCircle, drawHex, paint, roundRectPath } from '../kit/shapes.ts';
import { drawText, drawWrapped, fitText } from '../kit/text.ts';
import {
  drawTrackBoxes,
  drawTrackMarkers,
  drawTrackTags,
  drawTurnBoxes,
  drawTurnItems,
  type NumericTrackSpec,
  type TrackMarker,
  type TurnTrackSpec,
} from '../kit/tracks.ts';
import type { KpwView } from '../../src/games/kpw/view-types.ts';
import type { RenderMap } from './map-source.ts';
import { drawAnchor } from './spaces.ts';
import {
  BOTTOM_H,
  HEIGHT,
  INK,
  PANEL_BG,
  PANEL_X,
  PARCHMENT,
  RIVER_RING,
  SETTLEMENT_RING,
  SIDE_COLOR,
  SIDE_INK,
  SITE_MARK,
  STATUS_COLOR,
  TOP_H,
  WIDTH,
} from './style.ts';

export const VP_TRACK: NumericTrackSpec = {
  x: 152,
  y: 6,
  width: WIDTH - 152 - 8,
  height: 44,
  min: 0,
  max: 30,
  openEnded: true,
  fill: '#efe3c4',
  ink: '#4a3a26',
};

const PANEL_LEFT = PANEL_X + 10;
const PANEL_WIDTH = WIDTH - PANEL_X - 20;
/** Fixed rows of the right panel (y of each section's top). */
const PANEL_ROW_Y = { title: 80, turns: 134, church: 378, tribes: 404, colonies: 600, lost: 702, key: 782, recent: 992 };
const ROW = 19;

function turnSpec(view: Pick<KpwView, 'lastTurn'>, short: boolean): TurnTrackSpec {
  const n = Math.max(9, view.lastTurn || 9);
  return {
    x: PANEL_LEFT,
    y: PANEL_ROW_Y.turns + 19,
    width: PANEL_WIDTH,
    height: n * 24,
    orientation: 'vertical',
    turns: Array.from({ length: n }, (_, i) => ({
      turn: i + 1,
      caption: i + 1 === 5 ? 'WINTER' : undefined,
      tint: i + 1 === 5 ? '#d6e8f5' : undefined,
      skipped: short && (i + 1) % 2 === 0,
    })),
  };
}

function sectionTitle(ctx: Ctx2D, text: string, y: number): void {
  drawText(ctx, text, PANEL_LEFT, y, { size: 12, weight: 'bold', color: '#6b4a2a', baseline: 'top' });
  ctx.fillStyle = 'rgba(107,74,42,0.45)';
  ctx.fillRect(PANEL_LEFT, y + 15, PANEL_WIDTH, 1);
}

// Indian markers are hexagons (English round or square): the sides differ by shape too (issue 19).
const vpMarker = (side: 'english' | 'indian'): MarkerSpec => ({
  shape: side === 'indian' ? 'hex' : 'circle',
  r: 10,
  fill: SIDE_COLOR[side],
  stroke: '#111',
  text: 'VP',
});
const provMarker = (side: 'english' | 'indian'): MarkerSpec => ({
  shape: side === 'indian' ? 'hex' : 'square',
  r: 9,
  fill: SIDE_COLOR[side],
  stroke: '#111',
  text: 'PR',
});

function mapKey(): LegendItem[] {
  const site = (k: keyof typeof SITE_MARK, shape: 'circle' | 'hex') => (ctx: Ctx2D, cx: number, cy: number) =>
    drawMarker(ctx, cx, cy, {
      shape,
      r: 7,
      fill: SITE_MARK[k].fill,
      text: SITE_MARK[k].text,
      cross: k === 'razed' ? '#e53b2c' : undefined,
    });
  return [
    { swatch: ringSwatch('#2e8b3a', SETTLEMENT_RING, 3), label: 'Settlement (colony)' },
    {
      swatch: (ctx, cx, cy, s) => {
        drawCircle(ctx, cx, cy, s / 2 - 0.5, { fill: '#fff', stroke: '#555', lineWidth: 1 });
        drawCircle(ctx, cx, cy, s / 2 - 3.5, { stroke: '#2f5fd0', lineWidth: 3 });
      },
      label: 'Village (tribe)',
    },
    {
      swatch: (ctx, cx, cy, s) => drawHex(ctx, cx, cy, s / 2 + 1, { fill: '#e07b1a', stroke: '#3a2a1a', lineWidth: 1.5 }, true),
      label: 'Fort',
    },
    { swatch: ringSwatch('rgba(255,255,255,0.5)', '#4a3d2e', 2), label: 'Neutral space' },
    { swatch: ringSwatch('#fff', RIVER_RING, 3), label: 'River space' },
    { swatch: (ctx, cx, cy) => drawAnchor(ctx, cx, cy, 7), label: 'Port' },
    { swatch: site('raided', 'circle'), label: 'Raided' },
    { swatch: site('razed', 'circle'), label: 'Razed' },
    { swatch: site('damaged', 'hex'), label: 'Fort damaged' },
    { swatch: site('breached', 'hex'), label: 'Fort breached' },
  ];
}

function mapKey2(): LegendItem[] {
  const pip = (fill: string, stroke: string) => (ctx: Ctx2D, cx: number, cy: number) =>
    drawCircle(ctx, cx, cy, 4.5, { fill, stroke, lineWidth: 1.5 });
  return [
    { swatch: pip('#d0281c', '#fff'), label: 'Road pip' },
    { swatch: pip('#fff', '#1f5f9a'), label: 'Water' },
    {
      swatch: (ctx, cx, cy) => {
        ctx.strokeStyle = '#3f86c6';
        ctx.lineWidth = 3.5;
        ctx.beginPath();
        ctx.moveTo(cx - 7, cy + 4);
        ctx.quadraticCurveTo(cx, cy - 6, cx + 7, cy + 2);
        ctx.stroke();
      },
      label: 'River',
    },
    {
      swatch: (ctx, cx, cy) =>
        drawArrow(ctx, { x: cx - 8, y: cy }, { x: cx + 8, y: cy }, { color: SIDE_COLOR.english, width: 5, outline: '#111' }),
      label: 'Battle',
    },
    {
      swatch: (ctx, cx, cy) => drawArrow(ctx, { x: cx - 8, y: cy }, { x: cx + 8, y: cy }, { color: '#666', width: 5, hollow: true }),
      label: 'Fought',
    },
    { swatch: (ctx, cx, cy) => drawMarker(ctx, cx, cy, { shape: 'circle', r: 7, fill: '#6a3fa0', text: 'S' }), label: 'Spy' },
    { swatch: (ctx, cx, cy) => drawMarker(ctx, cx, cy, { shape: 'circle', r: 7, fill: '#178a8a', text: 'G' }), label: 'Guide' },
    { swatch: (ctx, cx, cy) => drawMarker(ctx, cx, cy, { shape: 'circle', r: 7, fill: '#6b4423', text: 'M' }), label: 'Musket' },
  ];
}

/** Static furniture: panel backgrounds, titles, empty tracks, the map key. */
export function drawStaticPanels(ctx: Ctx2D, short: boolean, lastTurn: number): void {
  // Top strip
  ctx.fillStyle = PANEL_BG;
  ctx.fillRect(0, 0, WIDTH, TOP_H);
  ctx.fillStyle = '#6b4a2a';
  ctx.fillRect(0, TOP_H - 2, WIDTH, 2);
  drawText(ctx, 'VICTORY POINTS', 10, 8, { size: 12, weight: 'bold', color: INK, baseline: 'top' });
  drawText(ctx, 'PROVISIONS LOST', 10, 22, { size: 12, weight: 'bold', color: INK, baseline: 'top' });
  drawMarker(ctx, 20, 52, { ...vpMarker('english'), r: 9 });
  drawMarker(ctx, 42, 52, { ...vpMarker('indian'), r: 9 });
  drawMarker(ctx, 72, 52, { ...provMarker('english'), r: 8 });
  drawMarker(ctx, 94, 52, { ...provMarker('indian'), r: 8 });
  drawText(ctx, 'Eng/Ind', 106, 52, { size: 9, color: INK, baseline: 'middle' });
  drawTrackBoxes(ctx, VP_TRACK);

  // Right panel
  ctx.fillStyle = PANEL_BG;
  ctx.fillRect(PANEL_X, TOP_H, WIDTH - PANEL_X, HEIGHT - TOP_H);
  ctx.fillStyle = '#6b4a2a';
  ctx.fillRect(PANEL_X, TOP_H, 2, HEIGHT - TOP_H);
  drawText(ctx, "KING PHILIP'S WAR", PANEL_LEFT + PANEL_WIDTH / 2, PANEL_ROW_Y.title, {
    size: 20,
    weight: 'bold',
    color: '#5a1e12',
    align: 'center',
    baseline: 'top',
  });
  drawText(ctx, 'New England, 1675–1676', PANEL_LEFT + PANEL_WIDTH / 2, PANEL_ROW_Y.title + 26, {
    size: 12,
    color: INK,
    align: 'center',
    baseline: 'top',
  });
  sectionTitle(ctx, 'TURN TRACK', PANEL_ROW_Y.turns);
  drawTurnBoxes(ctx, turnSpec({ lastTurn }, short));
  sectionTitle(ctx, 'TRIBES', PANEL_ROW_Y.tribes);
  sectionTitle(ctx, 'COLONIES', PANEL_ROW_Y.colonies);
  sectionTitle(ctx, 'ELIMINATED', PANEL_ROW_Y.lost);
  sectionTitle(ctx, 'MAP KEY', PANEL_ROW_Y.key);
  drawLegend(ctx, PANEL_LEFT, PANEL_ROW_Y.key + 20, mapKey(), { width: 130, rowHeight: 18, size: 11 });
  drawLegend(ctx, PANEL_LEFT + 140, PANEL_ROW_Y.key + 20, mapKey2(), { width: PANEL_WIDTH - 140, rowHeight: 18, size: 11 });
  sectionTitle(ctx, 'RECENT', PANEL_ROW_Y.recent);

  // Bottom status bar
  ctx.fillStyle = PARCHMENT;
  ctx.fillRect(0, HEIGHT - BOTTOM_H, PANEL_X, BOTTOM_H);
  ctx.fillStyle = '#6b4a2a';
  ctx.fillRect(0, HEIGHT - BOTTOM_H, PANEL_X, 2);
}

const STATUS_WORD: Record<string, string> = {
  neutral: 'Neutral',
  allied: 'Allied',
  surrendered: 'Surrendered',
  devastated: 'Devastated',
  removed: 'Removed',
  active: 'Active',
};

export function drawDynamicPanels(ctx: Ctx2D, view: KpwView, map: RenderMap): void {
  const tribeById = new Map(map.tribes.map((t) => [t.id, t]));

  // VP / provisions markers in fixed slots; tribe surrender thresholds as tags.
  const markers: TrackMarker[] = [
    { value: view.vp.english, slot: 0, marker: vpMarker('english') },
    { value: view.vp.indian, slot: 1, marker: vpMarker('indian') },
    { value: view.provisionsLost.english, slot: 2, marker: provMarker('english') },
    { value: view.provisionsLost.indian, slot: 3, marker: provMarker('indian') },
  ];
  drawTrackTags(
    ctx,
    VP_TRACK,
    view.surrender.map((s) => ({
      value: s.vp,
      label: s.tribe,
      color: tribeById.get(s.tribe)?.color ?? '#ccc',
    })),
    'below',
  );
  drawTrackMarkers(ctx, VP_TRACK, markers);

  // Turn track: current turn, and what waits on each box.
  const items: Record<number, string[]> = {};
  for (const t of view.turnTrack) items[t.turn] = [...(items[t.turn] ?? []), ...t.items];
  drawTurnItems(ctx, turnSpec(view, view.short), view.turn, items, '#7a2e1f');

  // Church (rules 9.0).
  const c = view.church;
  const churchText =
    c.status === 'waiting'
      ? 'waiting to enter'
      : c.status === 'on-map'
        ? `in play${c.space ? ` at ${map.spaces.find((s) => s.id === c.space)?.name ?? c.space}` : ''}`
        : c.status === 'returning'
          ? `returns turn ${c.returnTurn ?? '?'}`
          : 'dead';
  drawText(ctx, 'Church:', PANEL_LEFT, PANEL_ROW_Y.church, { size: 13, weight: 'bold', color: INK, baseline: 'top', cache: true });
  drawText(ctx, fitText(ctx, churchText, PANEL_WIDTH - 62, 13), PANEL_LEFT + 60, PANEL_ROW_Y.church, {
    size: 13,
    color: c.status === 'dead' ? '#8e1f14' : INK,
    baseline: 'top',
    cache: true,
  });

  const tribeItems: LegendItem[] = map.tribes.map((t) => {
    const st = view.tribes[t.id] ?? 'neutral';
    return {
      swatch: t.color,
      label: `${t.id} ${t.name}`,
      note: STATUS_WORD[st] ?? st,
      noteColor: STATUS_COLOR[st],
      muted: st === 'removed',
    };
  });
  drawLegend(ctx, PANEL_LEFT, PANEL_ROW_Y.tribes + 20, tribeItems, { width: PANEL_WIDTH, rowHeight: ROW, size: 12, cache: true });

  const colonyItems: LegendItem[] = map.colonies.map((col) => {
    const st = view.colonies[col.id] ?? 'active';
    return { swatch: col.color, label: `${col.id} ${col.name}`, note: STATUS_WORD[st] ?? st, noteColor: STATUS_COLOR[st] };
  });
  drawLegend(ctx, PANEL_LEFT, PANEL_ROW_Y.colonies + 20, colonyItems, { width: PANEL_WIDTH, rowHeight: ROW, size: 12, cache: true });

  const w = Object.entries(view.eliminated.warriors)
    .filter(([, n]) => n > 0)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ');
  const lost = `Warriors: ${w || 'none'}${view.eliminated.leaders.length ? ` · Leaders: ${view.eliminated.leaders.join(', ')}` : ''}`;
  drawWrapped(ctx, lost, PANEL_LEFT, PANEL_ROW_Y.lost + 20, PANEL_WIDTH, {
    size: 12,
    color: INK,
    maxLines: 3,
    lineHeight: 15,
    cache: true,
  });

  const recent = view.recent.slice(-5);
  let y = PANEL_ROW_Y.recent + 20;
  for (let i = recent.length - 1; i >= 0 && y < HEIGHT - 30; i--) {
    y +=
      drawWrapped(ctx, `• ${recent[i]}`, PANEL_LEFT, y, PANEL_WIDTH, {
        size: 11,
        color: i === recent.length - 1 ? INK : '#5d5043',
        maxLines: 3,
        lineHeight: 14,
        cache: true,
      }) + 3;
  }

  // Bottom bar: phase, then who must act.
  const by = HEIGHT - BOTTOM_H;
  const phaseW = drawText(ctx, fitText(ctx, view.phase, 380, 17, 'bold'), 12, by + BOTTOM_H / 2 + 1, {
    size: 17,
    weight: 'bold',
    color: '#5a1e12',
    baseline: 'middle',
    cache: true,
  });
  const px = 12 + Math.max(phaseW, 120) + 18;
  const prompts = view.prompts.slice(0, 2);
  if (!prompts.length) {
    drawText(ctx, view.result.status === 'over' ? 'Game over.' : 'Waiting…', px, by + BOTTOM_H / 2 + 1, {
      size: 14,
      color: INK,
      baseline: 'middle',
      cache: true,
    });
  }
  prompts.forEach((p, i) => {
    const ly = prompts.length === 1 ? by + BOTTOM_H / 2 + 1 : by + 14 + i * 20;
    const who = p.role === 'english' ? 'English' : 'Indian';
    roundRectPath(ctx, px, ly - 9, 64, 18, 4);
    paint(ctx, { fill: SIDE_COLOR[p.role], stroke: SIDE_INK[p.role], lineWidth: 1 });
    drawText(ctx, who, px + 32, ly + 0.5, {
      size: 12,
      weight: 'bold',
      color: contrastText(SIDE_COLOR[p.role]),
      align: 'center',
      baseline: 'middle',
      cache: true,
    });
    drawText(ctx, fitText(ctx, p.text, PANEL_X - px - 84, 14), px + 72, ly + 1, { size: 14, color: INK, baseline: 'middle', cache: true });
  });
}
