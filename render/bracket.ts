// An elimination bracket as a picture: one column per round, a box per match
// with its two players (the winner bold), the winners' bracket above the
// losers' and the grand final beside them. Drawn 1100 px wide and at most
// 700 high so Discord's preview (about 550 × 350, half size) keeps every name
// at 10 px or more: a bracket too big for that shows its latest rounds, and
// says which it leaves out (/tournament pairings lists them all).
import { drawText, encodePngOnce, fitText, titledSheet, type makeCanvas } from './kit.ts';

export interface BracketMatch {
  /** "R3 · T2". */
  label: string;
  a: string;
  /** null: a bye. */
  b: string | null;
  /** Who went through (null: still to play). */
  winner: 'a' | 'b' | null;
}

export interface BracketRound {
  /** "Round 1", "Losers' round 2", "Grand final". */
  name: string;
  matches: BracketMatch[];
}

export interface BracketSection {
  /** "Winners' bracket" (absent for a single elimination). */
  title?: string;
  rounds: BracketRound[];
}

const W = 1100;
const MAX_H = 700;
const HEAD = 58;
const NAME = 22;
const BOX_H = 2 * NAME + 14;
const GAP = 10;
const COL_W = 250;
const COL_GAP = 22;
const ROUND_HEAD = 30;
const TITLE_HEAD = 26;
/** A section's heading: its title (if any) on a line of its own, then the round names. */
const headOf = (s: BracketSection) => ROUND_HEAD + (s.title ? TITLE_HEAD : 0);
const MAX_COLS = Math.floor((W - 24 + COL_GAP) / (COL_W + COL_GAP));

/** The rows a section needs: its tallest shown column. */
const rowsOf = (s: BracketSection) => Math.max(1, ...s.rounds.map((r) => r.matches.length));

/**
 * The rounds shown: the latest that fit in width (MAX_COLS columns over all
 * sections side by side is not needed: sections stack) and in height.
 */
function fit(sections: BracketSection[]): { shown: BracketSection[]; hidden: number } {
  let hidden = 0;
  const shown = sections.map((s) => ({ ...s, rounds: s.rounds.slice() }));
  const height = () => HEAD + shown.reduce((h, s) => h + headOf(s) + rowsOf(s) * (BOX_H + GAP), 0) + 30;
  for (const s of shown)
    while (s.rounds.length > MAX_COLS) {
      s.rounds.shift();
      hidden++;
    }
  // Too tall: drop the earliest round of the tallest section (its widest column goes first).
  while (height() > MAX_H) {
    const tallest = shown.filter((s) => s.rounds.length > 1).sort((x, y) => rowsOf(y) - rowsOf(x))[0];
    if (!tallest) break;
    tallest.rounds.shift();
    hidden++;
  }
  return { shown, hidden };
}

export function renderBracket(title: string, sections: BracketSection[]): Buffer {
  const { shown, hidden } = fit(sections);
  const h = Math.min(MAX_H, HEAD + shown.reduce((acc, s) => acc + headOf(s) + rowsOf(s) * (BOX_H + GAP), 0) + 30);
  const { canvas, ctx } = titledSheet(W, h, title, 24);
  let top = HEAD;
  for (const section of shown) {
    const rows = rowsOf(section);
    const bodyH = rows * (BOX_H + GAP);
    if (section.title) drawText(ctx, section.title, 16, top + 20, { size: 20, weight: 'bold', color: '#1e3a5f' });
    const head = headOf(section);
    const names = top + head - 10;
    section.rounds.forEach((round, col) => {
      const x = 12 + col * (COL_W + COL_GAP);
      drawText(ctx, fitText(ctx, round.name, COL_W - 4, 20, 'bold'), x + 4, names, { size: 20, weight: 'bold', color: '#555555' });
      // Each match centred in an equal share of the section: halving rounds line up as a tree.
      const slot = bodyH / Math.max(1, round.matches.length);
      round.matches.forEach((m, i) => {
        const y = top + head + i * slot + (slot - BOX_H - GAP) / 2;
        drawMatch(ctx, m, x, y);
        const next = section.rounds[col + 1];
        if (next && next.matches.length * 2 === round.matches.length) {
          // A connector to the match this one feeds.
          const nextSlot = bodyH / next.matches.length;
          const ny = top + head + Math.floor(i / 2) * nextSlot + (nextSlot - GAP) / 2;
          ctx.strokeStyle = '#9aa5b1';
          ctx.lineWidth = 2;
          ctx.beginPath();
          ctx.moveTo(x + COL_W, y + BOX_H / 2);
          ctx.lineTo(x + COL_W + COL_GAP / 2, y + BOX_H / 2);
          ctx.lineTo(x + COL_W + COL_GAP / 2, ny);
          ctx.lineTo(x + COL_W + COL_GAP, ny);
          ctx.stroke();
        }
      });
    });
    top += head + bodyH;
  }
  const note = hidden ? `${hidden} earlier round${hidden > 1 ? 's' : ''} not shown · /tournament pairings lists every match` : '';
  if (note) drawText(ctx, fitText(ctx, note, W - 32, 20), 16, h - 8, { size: 20, color: '#555555' });
  return encodePngOnce(canvas);
}

type Ctx = ReturnType<ReturnType<typeof makeCanvas>['getContext']>;

function drawMatch(ctx: Ctx, m: BracketMatch, x: number, y: number): void {
  ctx.fillStyle = '#ffffff';
  ctx.strokeStyle = m.winner ? '#1e3a5f' : '#9aa5b1';
  ctx.lineWidth = 2;
  ctx.fillRect(x, y, COL_W, BOX_H);
  ctx.strokeRect(x, y, COL_W, BOX_H);
  const line = (name: string, won: boolean, lost: boolean, baseline: number) =>
    drawText(ctx, fitText(ctx, `${won ? '▶ ' : ''}${name}`, COL_W - 16, NAME, won ? 'bold' : 'normal'), x + 8, baseline, {
      size: NAME,
      weight: won ? 'bold' : 'normal',
      color: lost ? '#8a8a8a' : '#111111',
    });
  line(m.a, m.winner === 'a', m.winner === 'b', y + NAME + 2);
  line(m.b ?? 'bye', m.winner === 'b', m.winner === 'a' || m.b === null, y + 2 * NAME + 8);
}
