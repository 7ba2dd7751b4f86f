// 13.0 Combat phases and 13.1-13.3: choosing battles, evasion, the battle
// roll (red, green, event), Spy/Guide re-rolls, doubles, the event die.
import { check, fail } from '../../engine/errors.ts';
import { checkAtLeast, type Modifier } from '../../engine/tables.ts';
import type { Action, Ctx, LegalAction } from '../../engine/types.ts';
import { call } from '../../engine/procstack.ts';
import {
  controlled,
  entry,
  legalAction,
  listUnits,
  markersAvailable,
  needText,
  stopProblem,
  subsets,
  wholeStackAliases,
} from './common.ts';
import { kpwMap, spaceName } from './map.ts';
import {
  at,
  EVENTS,
  isInf,
  isLeader,
  note,
  other,
  type Battle,
  type BattleFrame,
  type BattleSide,
  type CombatFrame,
  type KpwState,
  type Side,
  type Unit,
} from './state.ts';
import { removeMohawks } from './diplomacy.ts';
import { battleOf, unitsInBattle, hasSite, opponentOf, sideOf, type Combatant } from './battle-sides.ts';

// ---- the combat phase: choose the next battle ----

function attackersAvailable(s: KpwState, f: CombatFrame, b: Battle): Unit[] {
  const side = b.mohawk ? 'indian' : b.side;
  return at(s, b.from, side).filter((u) => (b.mohawk ? u.owner === 'MO' : controlled(s, u)) && !f.attacked.includes(u.id));
}

export function openBattles(s: KpwState, f: CombatFrame): Battle[] {
  return s.battles.filter((b) => b.side === f.side && !b.fought && !!b.mohawk === !!f.mohawk);
}

export function fightChoices(s: KpwState, f: CombatFrame, b: Battle): Unit[][] {
  const avail = attackersAvailable(s, f, b);
  const m = openBattles(s, f).filter((x) => x.from === b.from).length;
  const inf = avail.filter(isInf).length;
  if (m <= 1 || inf === 0) return [avail];
  const max = Math.max(1, inf - (m - 1));
  return subsets(avail).filter((g) => {
    const n = g.filter(isInf).length;
    return n >= 1 && n <= max;
  });
}

export function legalCombat(s: KpwState, f: CombatFrame, role: Side): LegalAction[] {
  if (role !== f.side) return [];
  const out: LegalAction[] = [];
  for (const b of openBattles(s, f)) {
    const all = attackersAvailable(s, f, b);
    for (const g of fightChoices(s, f, b)) {
      const arg = g.length === all.length ? 'all' : g.map((u) => u.id).join('+');
      const names = g.length ? listUnits(g) : 'nobody left';
      const l = legalAction(
        { type: 'fight', battle: b.id, units: arg },
        `Resolve the battle ${spaceName(b.from)} → ${spaceName(b.to)} with ${names}`,
        'fight',
        { battle: b.id, units: arg },
        { battle: `${spaceName(b.from)} → ${spaceName(b.to)}`, units: arg === 'all' ? `all (${names})` : names },
      );
      out.push(arg === 'all' && g.length ? { ...l, aliases: { units: wholeStackAliases(g) } } : l);
    }
  }
  return out;
}

export function applyCombat(s: KpwState, f: CombatFrame, role: Side, a: Action, ctx: Ctx): void {
  check(role === f.side, 'KPW 13.0', 'The attacking player chooses the order of battles.');
  check(a.type === 'fight', 'KPW 13.0', 'Choose the next battle to resolve.');
  const b = openBattles(s, f).find((x) => x.id === a.battle);
  if (!b) fail('KPW 13.0', 'No such Battle marker waits to be resolved.');
  const all = attackersAvailable(s, f, b);
  const ids = a.units === 'all' ? all.map((u) => u.id) : String(a.units).split('+');
  const g = fightChoices(s, f, b).find((c) => c.length === ids.length && c.every((u) => ids.includes(u.id)));
  if (!g) fail('KPW 13.0', 'Every Battle marker from a space needs at least one Infantry, and each unit attacks only once.');
  f.attacked.push(...ids);
  const team: Side | 'mohawk' = b.mohawk ? 'mohawk' : b.side;
  const defSide: Side = b.mohawk ? 'indian' : other(b.side);
  const aDie = team === 'indian' ? 'green' : 'red';
  const A: BattleSide = { role: b.side, team, die: aDie, units: ids };
  const D: BattleSide = {
    role: defSide,
    team: defSide,
    die: aDie === 'red' ? 'green' : 'red',
    units: at(s, b.to, defSide).map((u) => u.id),
  };
  note(
    s,
    ctx,
    'battle',
    `Battle: ${g.length ? listUnits(g) : 'nobody'} (${spaceName(b.from)}) attack${g.length === 1 ? 's' : ''} ${spaceName(b.to)}.`,
  );
  call(s.stack, {
    proc: 'battle',
    step: 'start',
    id: b.id,
    A,
    D,
    round: 1,
    dice: { red: 0, green: 0, event: 0 },
    rr: [],
    event: 0,
    loss: { A: 0, D: 0 },
    lossQueue: [],
    hit: { A: 0, D: 0 },
    shift: { A: 0, D: 0 },
    vpEnglishBefore: s.vp.english,
    ctRazed: false,
    pendingSpy: [],
    pendingGuide: [],
  });
}

export function autoCombat(s: KpwState, f: CombatFrame, ctx: Ctx): boolean {
  if (openBattles(s, f).length) return false;
  s.stack.frames.pop();
  if (f.mohawk) removeMohawks(s, ctx);
  return true;
}

// ---- 13.1 evasion ----

/** 13.1: Indians evade on 5+, the English on 7+ (modified). */
export const evadeTarget = (side: Side): number => (side === 'indian' ? 5 : 7);

export function evadeTargets(s: KpwState, f: BattleFrame): string[] {
  const b = battleOf(s, f);
  const def = unitsInBattle(s, f, 'D');
  if (!def.length || f.D.team === 'mohawk') return [];
  const side = f.D.team as Side;
  if (side === 'indian' && unitsInBattle(s, f, 'A').some((u) => u.id === 'church')) return [];
  const out: string[] = [];
  for (const n of kpwMap().graph.neighbors(b.to)) {
    if (out.includes(n.to) || n.to === b.from) continue;
    if (entry(s, side, n.to, false) !== 'stop') continue;
    if (stopProblem(s, side, def, n.to)) continue;
    out.push(n.to);
  }
  return out;
}

export function evadeMods(us: Unit[]): Modifier[] {
  const mods: Modifier[] = [];
  const l = us.find(isLeader);
  if (l)
    mods.push({ label: l.kind === 'key' ? 'Key Leader' : l.kind === 'captain' ? 'Captain' : 'Sachem', value: l.kind === 'key' ? 2 : 1 });
  if (us.some((u) => u.spy)) mods.push({ label: 'Spy', value: -1 });
  if (us.some((u) => u.guide)) mods.push({ label: 'Guide', value: 1 });
  return mods;
}

// ---- 13.2 re-rolls ----

/** Who may re-roll now: A/D with a Spy on an enemy leader, then A/D with their own Guide. */
export function rerollAvailable(s: KpwState, f: BattleFrame, key: string): boolean {
  const [x, kind] = key.split('-') as [Combatant, 'spy' | 'guide'];
  if (kind === 'spy') return unitsInBattle(s, f, opponentOf(x)).some((u) => isLeader(u) && u.spy);
  return unitsInBattle(s, f, x).some((u) => isLeader(u) && u.guide);
}

function doubles(f: BattleFrame): boolean {
  return f.dice.red === f.dice.green;
}

function cancelOnDoubles(s: KpwState, f: BattleFrame, ctx: Ctx): void {
  let removed = 0;
  for (const x of ['A', 'D'] as Combatant[])
    for (const u of unitsInBattle(s, f, x)) {
      if (u.spy || u.guide) removed++;
      u.spy = false;
      u.guide = false;
    }
  note(
    s,
    ctx,
    'battle',
    `Doubles (${f.dice.red}-${f.dice.green}): fate stops the ${f.round === 2 ? 'second round' : 'battle'} at ` +
      `${spaceName(battleOf(s, f).to)}${removed ? '; Spies and Guides removed' : ''} (13.2).`,
  );
  if (f.round === 2) f.step = 'advance';
  else f.step = 'done';
}

function rollBattle(s: KpwState, f: BattleFrame, ctx: Ctx): void {
  f.dice.red = ctx.dice.d6('red');
  f.dice.green = ctx.dice.d6('green');
  if (f.round === 1) f.dice.event = ctx.dice.d6('event');
  f.rr = ['A-spy', 'D-spy', 'A-guide', 'D-guide'];
  if (doubles(f)) cancelOnDoubles(s, f, ctx);
  else f.step = 'reroll';
}

/** Event die applies: even red+green to the side using the red die, odd to the green. */
function applyEvent(s: KpwState, f: BattleFrame, ctx: Ctx): void {
  const even = (f.dice.red + f.dice.green) % 2 === 0;
  const aff: Combatant = even === (f.A.die === 'red') ? 'A' : 'D';
  f.affected = aff;
  f.event = f.dice.event;
  const team = f[aff].team;
  const who = team === 'mohawk' ? 'the Mohawks' : team === 'english' ? 'the English' : 'the Indians';
  const name = EVENTS[f.event];
  const leader = unitsInBattle(s, f, aff).find(isLeader);
  let text = `Event ${name} affects ${who}`;
  f.step = 'losses';
  switch (f.event) {
    case 1:
      text += ': they are ambushed and take their losses first.';
      break;
    case 2:
    case 6: {
      const kind = f.event === 2 ? 'spy' : 'guide';
      if (!leader || team === 'mohawk') text += ': no leader present, no effect.';
      else if (leader[kind]) text += `: ${leader.name} already has a ${name}, no effect.`;
      else if (!markersAvailable(s, kind)) text += `: every ${name} marker is in play, no effect.`;
      else {
        (kind === 'spy' ? f.pendingSpy : f.pendingGuide).push(aff);
        text += `: ${leader.name} takes a ${name} after the battle.`;
      }
      break;
    }
    case 3:
      f.shift[aff] = 1;
      text += ': emergency reinforcements, one column right.';
      break;
    case 4:
      if (team === 'mohawk') text += ': no effect.';
      else {
        f.massacre = aff;
        text += ': a new full-strength unit will rise for them after the battle.';
      }
      break;
    case 5:
      if (panicChoices(s, f).length) {
        f.step = 'panic';
        text += ': their enemy picks one unit or site to leave out of their strength.';
      } else text += ': nothing to panic, no effect.';
      break;
  }
  note(s, ctx, 'event', text);
}

export function panicChoices(s: KpwState, f: BattleFrame): string[] {
  const aff = f.affected!;
  const out = unitsInBattle(s, f, aff)
    .filter((u) => isInf(u) || u.kind === 'key')
    .map((u) => u.id);
  if (hasSite(s, f, aff)) out.push('site');
  return out;
}

// ---- the battle's steps (the table is in battle-steps.ts) ----

/** 13.0 start: a wasted marker, an empty target, or the evasion question. */
export function autoStart(s: KpwState, f: BattleFrame, ctx: Ctx): boolean {
  const b = battleOf(s, f);
  const atk = unitsInBattle(s, f, 'A');
  if (!atk.length) {
    note(s, ctx, 'battle', `No attackers are left for ${spaceName(b.to)}: the marker is wasted.`);
    f.step = 'done';
    return true;
  }
  if (!unitsInBattle(s, f, 'D').length && !hasSite(s, f, 'D')) {
    note(s, ctx, 'battle', `${spaceName(b.to)} is already empty: the attack is wasted (12.7).`);
    f.step = 'advance';
    return true;
  }
  f.step = evadeTargets(s, f).length ? 'evade' : 'roll';
  return true;
}

export function legalEvade(s: KpwState, f: BattleFrame, role: Side): LegalAction[] {
  if (role !== f.D.role) return [];
  const b = battleOf(s, f);
  const out: LegalAction[] = [];
  // 13.1 lets any defender try; an English company with no leader or Guide needs a 7 on
  // one die, so its label says the roll cannot succeed (kept: the step and its dice order stay).
  for (const x of evadeTargets(s, f)) {
    const need = needText(evadeTarget(f.D.team as Side), evadeMods(unitsInBattle(s, f, 'D'))).text;
    out.push(legalAction({ type: 'evade', to: x }, `Try to evade to ${spaceName(x)} (${need})`, 'evade', { to: x }, { to: spaceName(x) }));
  }
  out.push(legalAction({ type: 'stand' }, `Stand and fight in ${spaceName(b.to)}`, 'stand'));
  return out;
}

export function applyStand(_s: KpwState, f: BattleFrame, role: Side): void {
  check(role === f.D.role, 'KPW 13.1', 'No evasion decision is pending for you.');
  f.step = 'roll';
}

export function applyEvade(s: KpwState, f: BattleFrame, role: Side, a: Action, ctx: Ctx): void {
  check(role === f.D.role, 'KPW 13.1', 'No evasion decision is pending for you.');
  const b = battleOf(s, f);
  const to = String(a.to);
  if (!evadeTargets(s, f).includes(to))
    fail(
      'KPW 13.1',
      `You may not evade to ${spaceName(to)}: it must be adjacent, free of enemies, ` +
        `not an enemy or unallied village/settlement, and within stacking limits (a war ` +
        `band cannot evade from Church).`,
    );
  const def = unitsInBattle(s, f, 'D');
  const target = evadeTarget(f.D.team as Side);
  const face = ctx.dice.d6(`evasion: ${spaceName(b.to)}`);
  const r = checkAtLeast(face, target, evadeMods(def), `Evasion from ${spaceName(b.to)} to ${spaceName(to)}`);
  note(s, ctx, 'evasion', r.text);
  if (r.success) {
    for (const u of def) u.loc = to;
    f.D.units = [];
    if (hasSite(s, f, 'D')) f.step = 'roll';
    else {
      note(s, ctx, 'battle', `${spaceName(b.to)} is empty: no battle (13.1).`);
      f.step = 'advance';
    }
  } else f.step = 'roll';
}

export function autoRoll(s: KpwState, f: BattleFrame, ctx: Ctx): boolean {
  rollBattle(s, f, ctx);
  return true;
}

export function legalReroll(_s: KpwState, f: BattleFrame, role: Side): LegalAction[] {
  const x = f.rr[0].split('-')[0] as Combatant;
  if (role !== sideOf(f, x)) return [];
  const out: LegalAction[] = [];
  const dice = f.round === 1 ? (['red', 'green', 'event'] as const) : (['red', 'green'] as const);
  const by = f.rr[0].endsWith('spy') ? 'the Spy with the enemy leader' : 'your Guide';
  for (const d of dice)
    out.push(
      legalAction(
        { type: 'reroll', die: d },
        `Re-roll the ${d} die (now ${f.dice[d]}${d === 'event' ? ` ${EVENTS[f.dice.event]}` : ''}) using ${by}`,
        'reroll',
        { die: d },
      ),
    );
  out.push(legalAction({ type: 'pass' }, 'Keep the dice', 'pass'));
  return out;
}

/** 13.2: re-roll one die with a Spy or Guide, or pass (keep the dice). */
export function applyReroll(s: KpwState, f: BattleFrame, role: Side, a: Action, ctx: Ctx): void {
  const key = f.rr[0];
  const x = key.split('-')[0] as Combatant;
  check(role === sideOf(f, x), 'KPW 13.2', 'The attacker chooses first, then the defender.');
  f.rr.shift();
  if (a.type === 'pass') return;
  const die = String(a.die) as 'red' | 'green' | 'event';
  check(
    die === 'red' || die === 'green' || (die === 'event' && f.round === 1),
    'KPW 13.2',
    'Re-roll one of the battle dice: red, green or event.',
  );
  const kind = key.endsWith('spy') ? 'spy' : 'guide';
  const holder = unitsInBattle(s, f, kind === 'spy' ? opponentOf(x) : x).find((u) => isLeader(u) && u[kind]);
  if (holder) holder[kind] = false;
  f.dice[die] = ctx.dice.d6(`re-roll ${die}`);
  note(s, ctx, 'reroll', `${kind === 'spy' ? 'Spy' : 'Guide'} used: the ${die} die is re-rolled to ${f.dice[die]}.`);
  if (doubles(f)) cancelOnDoubles(s, f, ctx);
}

/** Skips re-rolls nobody can take; then the event die (round 1) or the losses. */
export function autoReroll(s: KpwState, f: BattleFrame, ctx: Ctx): boolean {
  while (f.rr.length && !rerollAvailable(s, f, f.rr[0])) f.rr.shift();
  if (f.rr.length) return false;
  if (f.round === 1) applyEvent(s, f, ctx);
  else f.step = 'losses';
  return true;
}

export function legalPanic(s: KpwState, f: BattleFrame, role: Side): LegalAction[] {
  if (role !== sideOf(f, opponentOf(f.affected!))) return [];
  const b = battleOf(s, f);
  return panicChoices(s, f).map((id) => {
    const name = id === 'site' ? `the ${spaceName(b.to)} site` : s.units[id].name;
    return legalAction(
      { type: 'panic', unit: id },
      `${name} panics and is left out of the strength`,
      'panic',
      { unit: id },
      { unit: name },
    );
  });
}

export function applyPanic(s: KpwState, f: BattleFrame, role: Side, a: Action, ctx: Ctx): void {
  check(role === sideOf(f, opponentOf(f.affected!)), 'KPW 13.3', 'No Panic choice is pending for you.');
  const id = String(a.unit);
  check(panicChoices(s, f).includes(id), 'KPW 13.3', 'Choose one enemy unit or site in the battle.');
  f.panic = id;
  const b = battleOf(s, f);
  note(s, ctx, 'panic', `${id === 'site' ? `The ${spaceName(b.to)} site` : s.units[id].name} panics and does not count (13.3).`);
  f.step = 'losses';
}
