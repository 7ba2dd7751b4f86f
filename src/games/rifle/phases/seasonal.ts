// Seasonal Phase: in Winter one d6 on the Winter Table. Fuel (ours, the text
// only says "Fuel includes Wood and Lumber") is paid from Wood first, then
// Lumber; a Fuel Shortage is any Fuel left unpaid.
import type { Ctx } from '../../../engine/types.ts';
import { TABLES } from '../data.ts';
import { lose, loseFolk, say, seasonOf, type RifleState, type Settlement } from '../state.ts';

export function seasonalPhase(s: RifleState, st: Settlement, ctx: Ctx): void {
  if (seasonOf(s.turn) !== 'winter') return;
  const face = ctx.dice.d6(`${st.name} winter`);
  const row = TABLES.winter.lookup(face);
  st.notes.winter = row.severity;
  const livestock = lose(st, 'livestock', row.livestock);
  const wood = lose(st, 'wood', row.fuel);
  const lumber = lose(st, 'lumber', row.fuel - wood);
  st.notes.fuelShort = wood + lumber < row.fuel;
  let folk = row.folk;
  const extra: string[] = [];
  if (row.severity === 'harsh') {
    if (st.res.housing < st.res.folk) extra.push('Housing Shortage');
    if (st.res.clothing < st.res.folk) extra.push('Clothes Shortage');
    if (st.notes.fuelShort) extra.push('Fuel Shortage');
    if (st.notes.starvation) extra.push('Starvation');
    folk += extra.length;
  }
  const lost = loseFolk(st, folk);
  const text =
    `${st.name}: Winter d6=${face} — ${row.severity}: −${livestock} Livestock, Fuel ${row.fuel} (${wood} Wood, ` +
    `${lumber} Lumber${st.notes.fuelShort ? ', FUEL SHORTAGE' : ''}), −${lost} Folk` +
    `${extra.length ? ` (${extra.join(', ')})` : ''}.`;
  ctx.emit({ kind: 'winter', text });
  say(s, text);
}
