// Consume Phase: 1 Food per Folk (a d6 per unfed Folk, 5+ lost); 1 Salt per
// 10 Folk, rounding down (when short, a d6 per Folk no Salt serves, each Salt
// serving ten, 4+ lost; the `mildsalt` option rolls one d6 per missing Salt).
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
    const held = st.res.salt;
    st.res.salt = 0;
    // Read like the Food line: "unfed" are the Folk the Salt held does not
    // reach (those still here after the Food dice; the need counts all who ate).
    const dice = s.options.mildSalt ? salt - held : Math.max(0, st.res.folk - held * C.folkPerSalt);
    let died = 0;
    for (let i = 0; i < dice; i++) if (ctx.dice.d6(`${st.name} salt deficiency`) >= C.saltDeathOn) died++;
    loseFolk(st, died);
    const who = s.options.mildSalt
      ? `${dice} d6 (one per missing Salt, mildsalt)`
      : `${held} Salt for ${held * C.folkPerSalt} Folk, ${dice} Folk unsalted`;
    parts.push(`SALT SHORT by ${salt - held}: ${who}, ${died} Folk lost`);
  }
  const text = `${st.name}: Consume — ${parts.join('; ')}.`;
  ctx.emit({ kind: 'consume', text });
  say(s, text);
}
