// The coloured dice bucket (Dice, p.9): one coloured die and white ones, all
// read against the colour's target number (green 4-6, yellow 5-6, red 6).
import type { Ctx } from '../../engine/types.ts';
import { target, type Color } from './state.ts';

export interface Bucket {
  color: Color;
  faces: number[];
  successes: number;
  /** The successful faces, highest first (special casualties cancel the highest). */
  hits: number[];
}

export function rollBucket(ctx: Ctx, dice: number, color: Color, label: string): Bucket {
  const faces: number[] = [];
  for (let i = 0; i < dice; i++) faces.push(ctx.dice.d6(`${label} (${color})`));
  const hits = faces.filter((f) => f >= target(color)).sort((a, b) => b - a);
  return { color, faces, successes: hits.length, hits };
}

export function bucketText(b: Bucket): string {
  const dice = `${b.faces.length} ${b.color} ${b.faces.length === 1 ? 'die' : 'dice'} [${b.faces.join(', ')}]`;
  return `${dice} = ${b.successes} success${b.successes === 1 ? '' : 'es'}`;
}
