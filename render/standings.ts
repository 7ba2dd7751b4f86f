// A tournament's standings as an image: rank, player, points and the three
// tie-breaks, zebra rows, the leaders' medals. 800 px wide so Discord's
// preview (550 px) keeps the 16 px rows legible (about 11 px there).
import { drawText, encodePngOnce, fitText, titledSheet } from './kit.ts';

export interface StandingsRow {
  rank: number;
  name: string;
  dropped: boolean;
  score: number;
  buchholz: number;
  median: number;
  sb: number;
  played: number;
}

const W = 800;
const ROW = 28;
const HEAD = 84;
const FOOT = 34;
const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2).replace(/0$/, ''));
const MEDALS = ['#d4af37', '#a8a9ad', '#cd7f32'];

/** `total`: how many players the standings have (the image may show fewer); `ties`: the event's tie-break order. */
export function renderStandings(
  title: string,
  rows: StandingsRow[],
  total: number,
  ties = 'Buchholz, median Buchholz, Sonneborn-Berger',
): Buffer {
  const h = HEAD + ROW * Math.max(1, rows.length) + FOOT;
  const { canvas, ctx } = titledSheet(W, h, title, 22);
  // Columns: rank, name, points, Buchholz, median, SB, games.
  const cols: [string, number, CanvasTextAlign][] = [
    ['#', 40, 'right'],
    ['Player', 56, 'left'],
    ['Pts', 470, 'right'],
    ['Buchholz', 570, 'right'],
    ['Median', 660, 'right'],
    ['SB', 730, 'right'],
    ['G', 780, 'right'],
  ];
  for (const [label, x, align] of cols) drawText(ctx, label, x, 72, { size: 15, weight: 'bold', color: '#1e3a5f', align });
  ctx.strokeStyle = '#1e3a5f';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(12, HEAD - 4);
  ctx.lineTo(W - 12, HEAD - 4);
  ctx.stroke();
  rows.forEach((r, i) => {
    const y = HEAD + i * ROW;
    if (i % 2) {
      ctx.fillStyle = '#eef2f7';
      ctx.fillRect(12, y, W - 24, ROW);
    }
    const base = y + ROW - 8;
    if (r.rank <= 3) {
      ctx.fillStyle = MEDALS[r.rank - 1];
      ctx.beginPath();
      ctx.arc(26, y + ROW / 2, 11, 0, Math.PI * 2);
      ctx.fill();
    }
    const color = r.dropped ? '#888888' : '#111111';
    drawText(ctx, String(r.rank), r.rank <= 3 ? 26 : 40, base, {
      size: 16,
      weight: 'bold',
      color,
      align: r.rank <= 3 ? 'center' : 'right',
    });
    drawText(ctx, fitText(ctx, `${r.name}${r.dropped ? ' (dropped)' : ''}`, 390, 16), 56, base, { size: 16, color });
    drawText(ctx, num(r.score), 470, base, { size: 16, weight: 'bold', color, align: 'right' });
    drawText(ctx, num(r.buchholz), 570, base, { size: 16, color, align: 'right' });
    drawText(ctx, num(r.median), 660, base, { size: 16, color, align: 'right' });
    drawText(ctx, num(r.sb), 730, base, { size: 16, color, align: 'right' });
    drawText(ctx, String(r.played), 780, base, { size: 16, color, align: 'right' });
  });
  const more = total > rows.length ? ` · top ${rows.length} of ${total}; /tournament standings pages through all` : '';
  drawText(ctx, fitText(ctx, `Ties: ${ties} (FIDE)${more}`, W - 32, 13), 16, h - 12, { size: 13, color: '#555555' });
  return encodePngOnce(canvas);
}

type CanvasTextAlign = 'left' | 'right' | 'center';
