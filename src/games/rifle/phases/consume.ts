// Consume Phase: 1 Food per Folk (unfed roll d6, 5+ lost), 1 Salt per 10 Folk
// (ours: one d6 per missing Salt, 4+ loses one Folk — see data/rifle/README.md).
import type { Ctx } from '../../../engine/types.ts';
import { RULES } from '../data.ts';
import { loseFolk, say, type RifleState, type Settlement } from '../state.ts';

const C = RULES.consume;

export function consumePhase(s: RifleState, st: Settlement, ctx: Ctx): void {
  const folk = st.res.folk;
  const parts: string[] = [];
  const food = folk * C.foodPerFolk;
  if (st.res.food >= food) {
    st.res.food -= food;
    parts.push(`${food} Food eaten`);
  } else {
    const unfed = folk - Math.floor(st.res.food / C.foodPerFolk);
    st.res.food = 0;
    st.notes.starvation = true;
    let died = 0;
    for (let i = 0; i < unfed; i++) if (ctx.dice.d6(`${st.name} starvation`) >= C.starveOn) died++;
    loseFolk(st, died);
    parts.push(`STARVATION: ${unfed} Folk unfed, ${died} moved away or died`);
  }
  const salt = Math.floor(folk / C.folkPerSalt);
  if (st.res.salt >= salt) {
    st.res.salt -= salt;
    parts.push(`${salt} Salt used`);
  } else {
    const short = salt - st.res.salt;
    st.res.salt = 0;
    let died = 0;
    for (let i = 0; i < short; i++) if (ctx.dice.d6(`${st.name} salt deficiency`) >= C.saltDeathOn) died++;
    loseFolk(st, died);
    parts.push(`SALT SHORT by ${short}: ${died} Folk lost`);
  }
  const text = `${st.name}: Consume — ${parts.join('; ')}.`;
  ctx.emit({ kind: 'consume', text });
  say(s, text);
  st.phaseDone = true;
}
