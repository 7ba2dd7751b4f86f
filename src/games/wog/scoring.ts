// Phase Eleven: Adjust the Score (zero-sum), and the end of the game
// (30 VP at the end of a turn, or after turn 12).
import { endGame } from '../../engine/procstack.ts';
import { advance } from '../../engine/track.ts';
import type { Ctx } from '../../engine/types.ts';
import { area, data, enemy, leaderName, note, rank, sideName, type Side, type WogState } from './state.ts';

export interface TurnScore {
  english: number;
  french: number;
  lines: string[];
}

export function turnScore(s: WogState): TurnScore {
  const c = data().charts.scoring;
  const pts: Record<Side, number> = { english: 0, french: 0 };
  const lines: string[] = [];
  for (const a of data().map.areas) {
    const who = s.control[a.id];
    if (!who || a.value === null) continue;
    pts[who] += c.areaVp[String(a.value) as '1']!;
    if (a.capitalOf === enemy(who)) {
      const bonus = who === 'english' ? c.englishHoldsIleDeFrance : c.frenchHoldsEngland;
      pts[who] += bonus;
      lines.push(`${sideName(who)} hold ${area(a.id).name}: +${bonus}`);
    }
  }
  lines.unshift(`areas: English ${pts.english}, French ${pts.french}`);
  for (const k of s.killed) {
    const v = c.killedVpByRank[String(k.rank) as '1']! + (k.king ? c.killedKingBonus : 0);
    pts[enemy(k.side)] += v;
    lines.push(`${leaderName(s, k.id)} killed: +${v} ${sideName(enemy(k.side))}`);
  }
  for (const l of Object.values(s.leaders))
    if (l.where === 'prison' && l.captor) {
      const v = c.rotVpPerStar * rank(s, l.id);
      pts[l.captor] += v;
      lines.push(`${leaderName(s, l.id)} rots in prison: +${v} ${sideName(l.captor)}`);
    }
  return { english: pts.english, french: pts.french, lines };
}

/** Score the turn; true when the game is over. */
export function scoreTurn(s: WogState, ctx: Ctx): boolean {
  const t = turnScore(s);
  const track = data().charts.vpTrack;
  const before = s.vp;
  s.vp = advance({ name: 'VP', min: track.min, max: track.max }, s.vp, t.english - t.french).value;
  const lead = (v: number): string => (v === 0 ? 'level' : `${v > 0 ? 'English' : 'French'} +${Math.abs(v)}`);
  note(
    s,
    ctx,
    'score',
    `Turn ${s.turn} score: English ${t.english}, French ${t.french} (${t.lines.join('; ')}). VP ${lead(before)} → ${lead(s.vp)}.`,
  );
  s.killed = [];
  s.raised = {};
  for (const l of Object.values(s.leaders)) if (l.where === 'dead') l.area = null;
  if (Math.abs(s.vp) >= track.win || s.turn >= track.turns) {
    const draw = s.vp === 0;
    const winners: Side[] = draw ? [] : [s.vp > 0 ? 'english' : 'french'];
    const ending = endGame(s.stack, {
      winners,
      draw,
      summary: draw
        ? `Turn ${s.turn}: the VP are level, a draw.`
        : `${sideName(winners[0]!)} win with ${Math.abs(s.vp)} VP after turn ${s.turn}${Math.abs(s.vp) >= track.win ? ' (30 VP)' : ''}.`,
    });
    note(s, ctx, 'end', ending.summary);
    return true;
  }
  return false;
}
