// 13.4-13.6: strength points, losses from the CRT, taking losses (units or
// the site), VP, leaders lost (survival roll, return track), tribal
// surrender, devastation, the NY/CT border war, and 18.2/18.3 ferocity.
import { check, fail } from '../../engine/errors.ts';
import { endGame } from '../../engine/procstack.ts';
import type { Action, Ctx, LegalAction } from '../../engine/types.ts';
import { addVP, checkDevastation, damageOf, legalAction, razed, sameCounterAliases, siteCondition, siteSP, tribeName } from './common.ts';
import { crtLosses, kpwData } from './data.ts';
import { maxDamage, siteSide, sitesOf, spaceOf, spaceName } from './map.ts';
import { isInf, isLeader, note, other, type BattleFrame, type KpwState, type Side, type Unit, unitList } from './state.ts';
import { battleOf, unitsInBattle, hasSite, opponentOf, sideOf, type Combatant } from './battle-sides.ts';

/**
 * 13.4 strength: infantry 2/1, Key Leader +1, Musket +1, own site 1/2, Spy -1;
 * Panic leaves one out. The Musket still counts when its holder panics: it
 * gives "the war band carrying them" +1 (10.2), and Panic excludes a unit or
 * site (13.3), not a marker.
 */
export function strength(s: KpwState, f: BattleFrame, x: Combatant): number {
  const us = unitsInBattle(s, f, x).filter((u) => u.id !== f.panic);
  let n = 0;
  for (const u of us) if (isInf(u)) n += u.str;
  if (us.some((u) => u.kind === 'key')) n += 1;
  if (unitsInBattle(s, f, x).some((u) => u.musket)) n += 1;
  if (hasSite(s, f, x) && f.panic !== 'site') n += siteSP(s, battleOf(s, f).to);
  if (unitsInBattle(s, f, x).some((u) => isLeader(u) && u.spy)) n -= 1;
  return n;
}

function sideName(f: BattleFrame, x: Combatant): string {
  const t = f[x].team;
  return t === 'mohawk' ? 'Mohawks' : t === 'english' ? 'English' : 'Indians';
}

/** CRT losses the side x inflicts on its enemy. */
function inflicted(s: KpwState, f: BattleFrame, x: Combatant): { strength: number; die: number; loss: number } {
  const own = strength(s, f, x);
  const shift = f.round === 1 ? f.shift[x] : 0;
  const die = f.dice[f[x].die];
  return { strength: own, die, loss: own > 0 ? crtLosses(kpwData().charts, own + shift, die) : 0 };
}

function computeLosses(s: KpwState, f: BattleFrame, ctx: Ctx): void {
  const b = battleOf(s, f);
  const desc = (x: Combatant, r: { strength: number; die: number; loss: number }) =>
    `${sideName(f, x)} ${r.strength} SP${f.round === 1 && f.shift[x] ? ' (+1 column)' : ''} on ` +
    `${f[x].die} ${r.die} → ${sideName(f, opponentOf(x))} lose ${r.loss}`;
  if (f.round === 1 && f.event === 1) {
    const aff = f.affected!;
    const r = inflicted(s, f, opponentOf(aff));
    f.loss[aff] = r.loss;
    f.hit[aff] += r.loss;
    f.lossQueue = [aff];
    f.ambushSecond = true;
    note(s, ctx, 'losses', `Battle of ${spaceName(b.to)} (ambush): ${desc(opponentOf(aff), r)}.`);
  } else {
    const ra = inflicted(s, f, 'A');
    const rd = inflicted(s, f, 'D');
    f.loss.D = ra.loss;
    f.loss.A = rd.loss;
    f.hit.D += ra.loss;
    f.hit.A += rd.loss;
    f.lossQueue = ['D', 'A'];
    const [first, second]: [Combatant, Combatant] = f.A.die === 'red' ? ['A', 'D'] : ['D', 'A'];
    const r1 = first === 'A' ? ra : rd;
    const r2 = first === 'A' ? rd : ra;
    note(
      s,
      ctx,
      'losses',
      `Battle of ${spaceName(b.to)}${f.round === 2 ? ' (second round)' : ''}: ${desc(first, r1)}; ${desc(second, r2)}.`,
    );
  }
  f.step = 'allocate';
}

export function lossChoices(s: KpwState, f: BattleFrame, x: Combatant): string[] {
  const out = unitsInBattle(s, f, x)
    .filter(isInf)
    .map((u) => u.id);
  if (hasSite(s, f, x)) out.push('site');
  return out;
}

/**
 * VP to the enemy of a battle side. In 11.2's attack the English player fights
 * for the Mohawks, so he is the Indian player's "opposing player" (13.5) and
 * scores Philip's losses; the Mohawks are nobody's units (neutral, then
 * removed), so their losses score for no one.
 */
function enemyOf(f: BattleFrame, x: Combatant): Side | null {
  const t = f[x].team;
  if (t === 'mohawk') return null;
  return other(t);
}

function removeInfantry(s: KpwState, u: Unit, ctx: Ctx): void {
  const loc = u.loc!;
  u.where = u.side === 'indian' && u.owner !== 'MO' ? 'elim' : u.kind === 'allied' ? 'elim' : 'pool';
  u.loc = null;
  u.str = 0;
  if (u.musket) {
    u.musket = false;
    const heir = unitList(s).find((x) => x.where === 'map' && x.loc === loc && x.side === u.side && isInf(x) && !x.musket);
    if (heir) heir.musket = true;
    else note(s, ctx, 'musket', `The muskets in ${spaceName(loc)} are lost (10.2).`);
  }
}

function takeLoss(s: KpwState, f: BattleFrame, x: Combatant, id: string, ctx: Ctx): void {
  const b = battleOf(s, f);
  if (id === 'site') {
    const t = b.to;
    s.damage[t] = damageOf(s, t) + 1;
    const cond = siteCondition(s, t);
    note(s, ctx, 'site', `${spaceName(t)} is ${cond}.`);
    if (damageOf(s, t) >= maxDamage(t)) {
      const owner = siteSide(t)!;
      s.prov[owner]++;
      addVP(s, ctx, other(owner), 1, `${spaceName(t)} razed`);
      if (spaceOf(t).owner === 'CT') f.ctRazed = true;
    }
  } else {
    const u = s.units[id];
    if (u.str === 2) {
      u.str = 1;
      note(s, ctx, 'loss', `${u.name} is weakened.`);
    } else {
      removeInfantry(s, u, ctx);
      note(s, ctx, 'loss', `${u.name} is defeated.`);
      const e = enemyOf(f, x);
      if (e) addVP(s, ctx, e, 1, `${u.name} defeated`);
    }
  }
  f.loss[x]--;
}

/**
 * 13.5 Leaders: "if the last unit is removed from a company or war band in
 * battle, any leaders present are lost". A company/war band is its Infantry
 * (6.3); a standing settlement is no part of it, so a Captain whose last
 * Soldier falls is lost even if the settlement stands. A leader who fought
 * with no Infantry at all is lost when he takes losses with no standing site
 * to absorb them; with no losses (e.g. a lone Captain's 0 SP inflicting and
 * suffering nothing, or doubles) nothing was removed and he stays.
 */
function leadersLost(s: KpwState, f: BattleFrame, ctx: Ctx): void {
  for (const x of ['A', 'D'] as Combatant[]) {
    const us = unitsInBattle(s, f, x);
    const hadInfantry = f[x].units.some((id) => isInf(s.units[id]));
    if (us.some(isInf) || f.hit[x] <= 0 || (!hadInfantry && hasSite(s, f, x))) continue;
    for (const l of us.filter(isLeader)) loseLeader(s, ctx, l, enemyOf(f, x));
  }
  const gone = (id: string) => ['dead', 'track'].includes(s.units[id].where);
  if (!s.stack.ended && gone('philip') && s.units.canonchet.where !== 'pool' && gone('canonchet')) {
    const ending = endGame(s.stack, {
      winners: ['english'],
      draw: false,
      summary: 'Philip and Canonchet are both dead or off the map: the Indians lose at once (13.5).',
    });
    note(s, ctx, 'victory', ending.summary);
  }
  if (!s.noSurrender && s.churchEntered && gone('church') && gone('winslow')) {
    s.noSurrender = true;
    note(s, ctx, 'leaders', 'Church and Winslow are both lost: Indian tribes will no longer surrender (13.5).');
  }
}

export function loseLeader(s: KpwState, ctx: Ctx, l: Unit, enemy: Side | null): void {
  l.spy = false;
  l.guide = false;
  const loc = l.loc;
  l.loc = null;
  for (const u of unitList(s)) if (u.where === 'map' && u.loc === loc && u.side === l.side && u.musket && !isInf(u)) u.musket = false;
  if (l.kind === 'key') {
    if (enemy) addVP(s, ctx, enemy, 2, `${l.name} lost`);
    const face = ctx.dice.d6(`survival: ${l.name}`);
    if (face <= 3) {
      l.where = 'dead';
      note(s, ctx, 'leader', `${l.name} is killed (survival roll ${face}) and leaves the game.`);
    } else {
      l.where = 'track';
      l.returnTurn = s.turn + 2;
      note(s, ctx, 'leader', `${l.name} is wounded (survival roll ${face}) and returns on turn ${l.returnTurn}.`);
    }
  } else {
    if (enemy) addVP(s, ctx, enemy, 1, `${l.name} lost`);
    l.where = 'track';
    l.returnTurn = s.turn + 2;
    note(s, ctx, 'leader', `${l.name} is lost; a successor comes on turn ${l.returnTurn}.`);
  }
}

/**
 * 13.6 Tribal surrender: every allied tribe the English VP marker has reached
 * lays down its arms. All its units leave the map, Canonchet with the
 * Narragansetts: he enters with them (11.1) and is theirs; removed, he is
 * neither dead nor on the track (13.5/16.0, like before he entered), scores no
 * VP, and comes back with them if they are attacked. Other tribes' units in
 * its villages stay where they stand: 12.1 bars entering an unallied village,
 * not staying in one.
 */
export function checkSurrender(s: KpwState, ctx: Ctx): void {
  if (s.noSurrender) return;
  for (const row of kpwData().charts.surrender) {
    const st = s.tribes[row.tribe];
    if (st?.status !== 'allied' || st.permanent || s.vp.english < row.vp) continue;
    st.status = 'surrendered';
    for (const u of unitList(s)) {
      if (u.owner !== row.tribe || u.where !== 'map') continue;
      u.wasAt = u.loc;
      u.where = 'pool';
      u.loc = null;
      u.spy = false;
      u.guide = false;
      u.musket = false;
    }
    note(s, ctx, 'surrender', `The ${tribeName(row.tribe)} surrender at ${row.vp} English VP: their units leave the map (13.6).`);
  }
}

function effects(s: KpwState, f: BattleFrame, ctx: Ctx): void {
  leadersLost(s, f, ctx);
  if (s.vp.english > f.vpEnglishBefore) checkSurrender(s, ctx);
  checkDevastation(s, ctx);
  f.step = f.ctRazed && !s.exploitUsed && !s.stack.ended ? 'exploit' : 'ferocity';
}

export function ctRazedCount(s: KpwState): number {
  return sitesOf('CT').filter((v) => razed(s, v)).length;
}

function ferocityAllowed(s: KpwState, f: BattleFrame): boolean {
  const mode = s.options.ferocity;
  if (mode === 'normal' || f.round !== 1 || battleOf(s, f).mohawk) return false;
  if (strength(s, f, 'A') <= 0 || strength(s, f, 'D') <= 0) return false;
  if (mode === 'limited' && !unitsInBattle(s, f, 'A').some((u) => u.kind === 'key')) return false;
  return true;
}

export function legalAllocate(s: KpwState, f: BattleFrame, role: Side): LegalAction[] {
  const x = f.lossQueue[0];
  if (role !== sideOf(f, x)) return [];
  const out: LegalAction[] = [];
  const b = battleOf(s, f);
  // Identical counters (tribe/colony, strength, muskets) are one choice; the others are its aliases.
  const same = new Map<string, string[]>();
  for (const id of lossChoices(s, f, x)) {
    const u = s.units[id];
    const key = id === 'site' ? id : `${u.owner}|${u.str}|${u.musket ? 1 : 0}`;
    same.set(key, [...(same.get(key) ?? []), id]);
  }
  const label = (id: string) => {
    const u = s.units[id];
    const what =
      id === 'site'
        ? `${spaceName(b.to)} takes the loss (${siteCondition(s, b.to)} → next condition)`
        : `${u.name} takes the loss (${u.str === 2 ? 'weakened' : 'defeated'})`;
    return `${what}; ${f.loss[x]} SP to take`;
  };
  for (const [id, ...others] of same.values()) {
    const l = legalAction(
      { type: 'loss', unit: id },
      label(id),
      'loss',
      { unit: id },
      { unit: id === 'site' ? spaceName(b.to) : s.units[id].name },
    );
    out.push(others.length ? { ...l, aliases: { unit: sameCounterAliases(s, others, (o) => ({ type: 'loss', unit: o }), label) } } : l);
  }
  return out;
}

export function applyLoss(s: KpwState, f: BattleFrame, role: Side, a: Action, ctx: Ctx): void {
  const x = f.lossQueue[0];
  check(role === sideOf(f, x), 'KPW 13.5', 'The owning player takes his own losses; it is not your turn to.');
  const id = String(a.unit);
  if (!lossChoices(s, f, x).includes(id))
    fail('KPW 13.5', 'Take the loss on one of your Infantry in the battle or on your settlement/village/fort there.');
  takeLoss(s, f, x, id, ctx);
}

export function autoLosses(s: KpwState, f: BattleFrame, ctx: Ctx): boolean {
  computeLosses(s, f, ctx);
  return true;
}

/** Forced losses are taken without asking; then an ambushed side strikes back (13.3). */
export function autoAllocate(s: KpwState, f: BattleFrame, ctx: Ctx): boolean {
  while (f.lossQueue.length) {
    const x = f.lossQueue[0];
    const choices = f.loss[x] > 0 ? lossChoices(s, f, x) : [];
    // A forced choice (only the site, or a single unit) is taken without asking.
    if (choices.length === 1) {
      takeLoss(s, f, x, choices[0], ctx);
      return true;
    }
    if (choices.length) return false;
    f.loss[x] = 0;
    f.lossQueue.shift();
  }
  if (f.ambushSecond) {
    f.ambushSecond = false;
    const aff = f.affected!;
    const r = inflicted(s, f, aff);
    f.loss[opponentOf(aff)] = r.loss;
    f.hit[opponentOf(aff)] += r.loss;
    f.lossQueue = [opponentOf(aff)];
    note(
      s,
      ctx,
      'losses',
      `Then the ambushed ${sideName(f, aff)} strike back with ${r.strength} SP on ${f[aff].die} ${r.die}: ` +
        `${sideName(f, opponentOf(aff))} lose ${r.loss}.`,
    );
    return true;
  }
  f.step = 'effects';
  return true;
}

export function autoEffects(s: KpwState, f: BattleFrame, ctx: Ctx): boolean {
  effects(s, f, ctx);
  return true;
}

export function legalExploit(s: KpwState, _f: BattleFrame, role: Side): LegalAction[] {
  if (role !== 'indian') return [];
  return [
    legalAction(
      { type: 'exploit' },
      `Roll to exploit the New York/Connecticut border war (needs less than ${ctRazedCount(s)}; once per game)`,
      'exploit',
    ),
    legalAction({ type: 'decline' }, 'Do not roll for the border war now', 'decline'),
  ];
}

/** 13.6: the Indians may roll once per game to exploit the border war (or decline). */
export function applyExploit(s: KpwState, f: BattleFrame, role: Side, a: Action, ctx: Ctx): void {
  check(role === 'indian', 'KPW 13.6', 'Only the Indian player may exploit the border war.');
  if (a.type === 'exploit') {
    s.exploitUsed = true;
    const n = ctRazedCount(s);
    const face = ctx.dice.d6('border war');
    if (face < n) {
      note(s, ctx, 'border-war', `Border war: rolled ${face} < ${n} Connecticut settlements razed.`);
      addVP(s, ctx, 'indian', 3, 'New York/Connecticut border war');
    } else note(s, ctx, 'border-war', `Border war: rolled ${face}, not less than ${n}: nothing (13.6).`);
  }
  f.step = 'ferocity';
}

export function legalFerocity(_s: KpwState, f: BattleFrame, role: Side): LegalAction[] {
  if (role !== f.A.role) return [];
  return [
    legalAction({ type: 'ferocity' }, 'Fight a second round of battle (ferocity)', 'ferocity'),
    legalAction({ type: 'decline' }, 'Do not fight a second round', 'decline'),
  ];
}

/** The ferocity refusal: its rule depends on the option in play. */
export function ferocityRule(s: KpwState): string {
  return s.options.ferocity === 'limited' ? 'KPW 18.3' : 'KPW 18.2';
}

export const FEROCITY_NEEDS = 'A second round needs the ferocity option, SP on both sides (and under limited ferocity a Key Leader).';

/** 18.2: the attacker presses on for a second round. */
export function applyFerocity(s: KpwState, f: BattleFrame, role: Side, _a: Action, ctx: Ctx): void {
  check(role === f.A.role && ferocityAllowed(s, f), ferocityRule(s), FEROCITY_NEEDS);
  f.round = 2;
  f.panic = undefined;
  f.step = 'roll';
  note(s, ctx, 'battle', 'The attacker presses on: a second round (18.2).');
}

export function declineFerocity(_s: KpwState, f: BattleFrame, role: Side): void {
  check(role === f.A.role, 'KPW 18.2', 'There is nothing to decline now.');
  f.step = 'advance';
}

export function autoFerocity(s: KpwState, f: BattleFrame): boolean {
  if (ferocityAllowed(s, f)) return false;
  f.step = 'advance';
  return true;
}
