// Raid Phase: one d10 on the Indian Raid Table (a Peace Point buys a re-roll),
// then the Trade result's barter, Indian fighting, rifle loss after deaths,
// Gunpowder use and catastrophic military failure (the fort overrun).
import { checkAtLeast } from '../../../engine/tables.ts';
import type { Ctx } from '../../../engine/types.ts';
import { RES_NAME, RULES, TABLES, type ResourceId } from '../data.ts';
import { fightLevel, lose, loseFolk, say, type RifleState, type Settlement } from '../state.ts';

const F = RULES.fighting;

function roll(s: RifleState, st: Settlement, ctx: Ctx, what: string): void {
  const face = ctx.dice.d10(`${st.name} raid`);
  st.raidFace = face;
  const row = TABLES.raid.lookup(face);
  const text = `${st.name}: ${what} d10=${face} — ${row.name}${row.kind === 'fight' || row.kind === 'horses' ? ` (Indian Fight ${row.fight})` : ''}.`;
  ctx.emit({ kind: 'raid', text });
  say(s, text);
  // Offer the re-roll only for a hostile result (a Trade or Truce is never worse).
  if (face >= 3 && st.res.peace > 0) st.pending = { kind: 'reroll', face };
}

/** Raid step 1: the d10 (a hostile result may be re-rolled for a Peace Point). */
export function raidRoll(s: RifleState, st: Settlement, ctx: Ctx): void {
  roll(s, st, ctx, 'Indian Raid');
}

/** Raid step 2: carry out the result kept (a Trade asks for barters). */
export function raidResolve(s: RifleState, st: Settlement, ctx: Ctx): void {
  resolveRaid(s, st, ctx);
}

export function reroll(s: RifleState, st: Settlement, ctx: Ctx): void {
  st.pending = null;
  st.res.peace -= 1;
  roll(s, st, ctx, 'Peace spent, re-roll');
}

export function barterGoods(st: Settlement): ResourceId[] {
  return RULES.barter.give.filter((r) => st.res[r] > 0);
}

export function barter(s: RifleState, st: Settlement, give: ResourceId, get: ResourceId, ctx: Ctx): void {
  st.res[give] -= 1;
  st.res[get] += RULES.barter.per;
  const text = `${st.name} barters 1 ${RES_NAME[give]} for ${RULES.barter.per} ${RES_NAME[get]}.`;
  ctx.emit({ kind: 'barter', text });
  say(s, text);
  st.pending = barterGoods(st).length ? { kind: 'barter' } : null;
}

/** Returns true when the player is asked something (barter). */
function resolveRaid(s: RifleState, st: Settlement, ctx: Ctx): boolean {
  const face = st.raidFace ?? 2;
  const row = TABLES.raid.lookup(face);
  if (row.kind === 'truce') return false;
  if (row.kind === 'trade') {
    if (!barterGoods(st).length) return false;
    st.pending = { kind: 'barter' };
    return true;
  }
  // A violent encounter: fight level counted before the Gunpowder is spent.
  const fl = fightLevel(st);
  const powder = lose(st, 'gunpowder', F.gunpowderPerEncounter);
  const mods = [
    { label: 'Fight level above the Indians', value: fl.total > row.fight ? 1 : 0 },
    { label: 'Fight level below the Indians', value: fl.total < row.fight ? -1 : 0 },
  ];
  const die = ctx.dice.d6(`${st.name} Indian fighting`);
  const res = checkAtLeast(
    die,
    F.target,
    mods,
    `${st.name} defends (Fight ${fl.total}${fl.notes.length ? `: ${fl.notes.join(', ')}` : ''} vs ${row.fight})`,
  );
  const lines = [res.text, `${powder} Gunpowder used`];
  if (row.kind === 'horses') {
    const n = ctx.dice.d6(`${st.name} horses raided`);
    const lost = lose(st, 'horses', Math.max(0, n - (res.success ? F.reduction : 0)));
    lines.push(`Horse Raid d6=${n}: −${lost} Horses`);
  } else {
    const killed = loseFolk(st, Math.max(0, row.losses - (res.success ? F.reduction : 0)));
    lines.push(`${killed} Folk killed`);
    let looted = 0;
    for (let i = 0; i < killed; i++) if (ctx.dice.d6(`${st.name} rifle looted?`) >= F.rifleLossOn) looted += lose(st, 'rifles', 1);
    if (killed) lines.push(`${looted} Rifle${looted === 1 ? '' : 's'} looted`);
  }
  if (row.catastrophe && fl.total < row.fight) {
    const d = ctx.dice.d6(`${st.name} catastrophe`);
    if (d >= F.overrunOn) {
      st.out = 'overrun';
      st.outTurn = s.turn;
      lines.push(`catastrophe d6=${d}: THE FORT IS OVERRUN — ${st.name} is out of the game`);
    } else lines.push(`catastrophe d6=${d}: the fort holds`);
  }
  const text = `${st.name}: ${row.name} — ${lines.join('; ')}.`;
  ctx.emit({ kind: 'fight', text });
  say(s, text);
  return false;
}
