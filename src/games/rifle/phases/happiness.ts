// Happiness Phase: +2d6, Winter severity, Starvation, Folk lost, and the
// Clothes, Housing and Housewares shortages (less than one per Folk).
import type { Ctx } from '../../../engine/types.ts';
import { say, type RifleState, type Settlement } from '../state.ts';

export function happinessPhase(s: RifleState, st: Settlement, ctx: Ctx): void {
  const { a, b, total } = ctx.dice.twoD6(`${st.name} happiness`);
  const mods: [string, number][] = [[`2d6 ${a}+${b}`, total]];
  if (st.notes.winter === 'mild') mods.push(['mild Winter', 1]);
  if (st.notes.winter === 'harsh') mods.push(['harsh Winter', -1]);
  if (st.notes.starvation) mods.push(['Starvation', -1]);
  if (st.notes.folkLost) mods.push([`${st.notes.folkLost} Folk lost`, -st.notes.folkLost]);
  if (st.res.clothing < st.res.folk) mods.push(['Clothes Shortage', -1]);
  if (st.res.housing < st.res.folk) mods.push(['Housing Shortage', -1]);
  if (st.res.housewares < st.res.folk) mods.push(['Housewares Shortage', -1]);
  const delta = mods.reduce((x, [, v]) => x + v, 0);
  st.res.happiness += delta;
  const text =
    `${st.name}: Happiness ${delta >= 0 ? '+' : ''}${delta} (` +
    `${mods.map(([l, v]) => `${l}: ${v >= 0 ? '+' : ''}${v}`).join(', ')}) → ${st.res.happiness}.`;
  ctx.emit({ kind: 'happiness', text });
  say(s, text);
}
