// 15.0/16.0 Victory: automatic wins at the end of a turn, end-of-game VP,
// tie-breakers (fewest own sites lost), both-automatic case; 17.0 length.
import { endGame, type Ending } from '../../engine/procstack.ts';
import type { Ctx } from '../../engine/types.ts';
import { razed } from './common.ts';
import { note, SIDE_NAME, type KpwState, type Side } from './state.ts';

const gone = (s: KpwState, id: string) => ['dead', 'track'].includes(s.units[id].where);

export function automatic(s: KpwState): Record<Side, string | null> {
  const eng =
    s.vp.english >= 30
      ? `${s.vp.english} VP`
      : gone(s, 'philip') && s.units.canonchet.where !== 'pool' && gone(s, 'canonchet')
        ? 'Philip and Canonchet are dead or on the turn track'
        : null;
  const ind = s.vp.indian >= 30 ? `${s.vp.indian} VP` : razed(s, 'boston') && razed(s, 'plymouth') ? 'Boston and Plymouth are razed' : null;
  return { english: eng, indian: ind };
}

/** Fewest own villages/settlements/forts lost wins a tie. */
function tieBreak(s: KpwState, why: string): Ending {
  if (s.prov.english !== s.prov.indian) {
    const w: Side = s.prov.english < s.prov.indian ? 'english' : 'indian';
    return {
      winners: [w],
      draw: false,
      summary: `${why}; the ${SIDE_NAME[w]} lost fewer sites (${s.prov[w]} to ${s.prov[w === 'english' ? 'indian' : 'english']}) and win.`,
    };
  }
  return { winners: [], draw: true, summary: `${why}; both lost ${s.prov.english} sites: a draw.` };
}

/** Phase 10: returns true when the game is over. */
export function checkVictory(s: KpwState, ctx: Ctx): boolean {
  const ending = victoryNow(s);
  if (!ending) return false;
  endGame(s.stack, ending);
  note(s, ctx, 'victory', ending.summary);
  return true;
}

/** How the game ends at the end of this turn, or null when it goes on. */
function victoryNow(s: KpwState): Ending | null {
  const a = automatic(s);
  if (a.english && a.indian) return tieBreak(s, `Both sides win automatically on turn ${s.turn} (${a.english}; ${a.indian})`);
  if (a.english) return { winners: ['english'], draw: false, summary: `Automatic English victory on turn ${s.turn}: ${a.english}.` };
  if (a.indian) return { winners: ['indian'], draw: false, summary: `Automatic Indian victory on turn ${s.turn}: ${a.indian}.` };
  if (s.turn < 9) return null;
  if (s.vp.english === s.vp.indian) return tieBreak(s, `End of turn 9: VP tied at ${s.vp.english}`);
  const winner: Side = s.vp.english > s.vp.indian ? 'english' : 'indian';
  return {
    winners: [winner],
    draw: false,
    summary: `End of turn 9: the ${SIDE_NAME[winner]} win on VP, ${s.vp.english} English to ${s.vp.indian} Indian.`,
  };
}
