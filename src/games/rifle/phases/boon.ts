// Boon Phase: one d10 on the Boon Table, not in Winter.
import type { Ctx } from '../../../engine/types.ts';
import { LEADERS, TABLES } from '../data.ts';
import { say, seasonOf, type RifleState, type Settlement } from '../state.ts';
import { immigrant } from './growth.ts';

export function boonPhase(s: RifleState, st: Settlement, ctx: Ctx): void {
  const season = seasonOf(s.turn);
  if (season === 'winter') return;
  const face = ctx.dice.d10(`${st.name} boon`);
  const b = TABLES.boon.lookup(face);
  st.boon = b.id;
  const text = `${st.name}: Boon d10=${face} — ${b.name} (${b.text}).`;
  ctx.emit({ kind: 'boon', text });
  say(s, text);
  switch (b.id) {
    case 'scotch':
      say(s, immigrant(s, st, ctx, 'Scotch Irish'));
      break;
    case 'germans':
      for (let i = 0; i < (season === 'spring' ? 2 : 1); i++) say(s, immigrant(s, st, ctx, 'Germans'));
      break;
    case 'craftsman':
      st.pending = { kind: 'craftsman' };
      break;
    case 'harvest':
      st.res.grain += season === 'fall' ? 8 : 4;
      break;
    case 'fertility':
      st.res.livestock += 1;
      break;
    case 'goodtimes':
      st.res.happiness += 2;
      break;
    case 'militia':
      st.militia = 2;
      break;
    // stonecutter, traders, nature: free actions this turn (see actions/limits.ts)
  }
}

/** Harrod and Ann Lindsay choose their extra action for the turn. */
export function askExtra(s: RifleState, st: Settlement): void {
  const leader = st.leader ? LEADERS[st.leader] : null;
  if (!leader || leader.extra.length < 2 || st.extra || st.pending) return;
  const options = leader.extra.filter((k) => !(k === 'recruit' && seasonOf(s.turn) === 'winter'));
  st.pending = { kind: 'extra', options };
}
