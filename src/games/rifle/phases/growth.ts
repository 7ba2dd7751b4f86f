// Growth Phase (births and immigrants, Immigrant Extra Supplies) and
// Livestock Phase (breeding, a foal on 4+). Also the Leaching Vat's Lye.
import type { Ctx } from '../../../engine/types.ts';
import { RES_NAME, RULES, STRUCTURE, STRUCTURE_IDS, TABLES, type ResourceId } from '../data.ts';
import { gainHorses, perTwentyFolk, say, type RifleState, type Settlement } from '../state.ts';

/** One Immigrant: 1 Folk with 1 Clothes, Rifle, Tools, Housewares and 2 supply rolls. */
export function immigrant(s: RifleState, st: Settlement, ctx: Ctx, why: string): string {
  const got: string[] = [];
  for (const [r, n] of Object.entries(RULES.immigrantKit) as [ResourceId, number][]) st.res[r] += n;
  for (let i = 0; i < 2; i++) {
    const face = ctx.dice.d6(`${st.name} immigrant supplies`);
    const r = TABLES.supplies.lookup(face);
    if (r === 'horses') {
      const kept = gainHorses(st, 1);
      got.push(kept ? '1 Horse' : '1 Horse (no corral room: lost)');
    } else {
      st.res[r] += 1;
      got.push(`1 ${RES_NAME[r]}`);
    }
  }
  const text = `${st.name}: an immigrant family arrives (${why}) with Clothes, Rifle, Tools, Housewares, and ${got.join(' and ')}.`;
  ctx.emit({ kind: 'growth', text });
  return text;
}

export function growthPhase(s: RifleState, st: Settlement, ctx: Ctx): void {
  const rolls = perTwentyFolk(st, st.res.folk);
  for (let i = 0; i < rolls; i++) {
    const face = ctx.dice.d6(`${st.name} growth`);
    const row = TABLES.growth.lookup(face);
    if (row.type === 'births') {
      st.res.folk += row.folk;
      const text = `${st.name}: Growth d6=${face} — births, +${row.folk} Folk.`;
      ctx.emit({ kind: 'growth', text });
      say(s, text);
    } else {
      for (let k = 0; k < row.folk; k++) say(s, immigrant(s, st, ctx, `Growth d6=${face}`));
    }
  }
  for (const id of STRUCTURE_IDS) {
    const lye = STRUCTURE[id].lyePerTurn;
    if (lye && st.str[id] > 0) st.res.lye += lye * st.str[id];
  }
}

export function livestockPhase(s: RifleState, st: Settlement, ctx: Ctx): void {
  const bred = Math.floor(st.res.livestock / 5);
  st.res.livestock += bred;
  const face = ctx.dice.d6(`${st.name} foal`);
  let horse = '';
  if (face >= 4) horse = gainHorses(st, 1) ? ', and a foal: +1 Horse' : ', a foal but no corral room for it';
  const text = `${st.name}: Livestock +${bred}${horse} (d6=${face}).`;
  ctx.emit({ kind: 'livestock', text });
  say(s, text);
}
