// A sheet for tables and charts (standings, brackets): a paper ground and a
// title bar, the house style of every non-map picture.
import { makeCanvas } from './canvas.ts';
import { drawText, fitText } from './text.ts';

const PAPER = '#fbfaf6';
const BAR = '#1e3a5f';
const BAR_H = 46;

/** A `width` × `height` canvas with its title in the bar across the top (cut to fit). */
export function titledSheet(width: number, height: number, title: string, size: number) {
  const canvas = makeCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = BAR;
  ctx.fillRect(0, 0, width, BAR_H);
  drawText(ctx, fitText(ctx, title, width - 32, size, 'bold'), 16, Math.round(BAR_H / 2 + size / 2 - 2), {
    size,
    weight: 'bold',
    color: '#ffffff',
  });
  return { canvas, ctx };
}
