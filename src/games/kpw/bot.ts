// A built-in player, choosing only among the legal actions it is given. In a
// battle both sides re-roll with a Spy or Guide when the dice make it worth
// the marker (13.2) and leave out the enemy's most dangerous piece on a Panic
// (13.3) (bot-battle.ts); both move their strongest groups to the best
// battles in reach by the Combat Results Table (bot-move.ts); the English
// place reinforcements to fill their companies; both take losses on sites
// and full-strength units first and end phases in time.
import type { LegalAction } from '../../engine/types.ts';
import { at, isInf, isLeader, withIndex, type KFrame, type KpwState, type MoveFrame, type Side, type Unit } from './state.ts';
import { top } from '../../engine/procstack.ts';
import { intact } from './common.ts';
import { kpwMap, siteSide, spaceOf } from './map.ts';
import { panicChoice, rerollChoice } from './bot-battle.ts';
import { approach, attackBound, bestAttack, find, stackSP, WORTH } from './bot-move.ts';
import { allowance, groupUnits, pipsLeft } from './move-costs.ts';

function pick<T>(xs: T[], rand: () => number): T {
  return xs[Math.floor(rand() * xs.length) % xs.length];
}

/** The die face a roll's label says it needs (needText's wording). */
function need(label: string): number {
  if (/cannot succeed/.test(label)) return 99;
  if (/succeeds on any roll/.test(label)) return 1;
  const m = /a roll of (\d+)\+/.exec(label) ?? /needs (\d+)\+/.exec(label);
  return m ? Number(m[1]) : 99;
}

/** Defending strength of a target space, roughly. */
function targetStrength(s: KpwState, side: Side, key: string): number {
  const t = key.split('~')[0];
  const enemy = at(s, t, side === 'english' ? 'indian' : 'english');
  return enemy.reduce((a, u) => a + (isInf(u) ? u.str : u.kind === 'key' ? 1 : 0), 0) + (intact(s, t) ? 1 : 0);
}

export function botChoice(s: KpwState, role: Side, legal: LegalAction[], rand: () => number): LegalAction {
  if (legal.length === 1) return legal[0];
  const by = (sub: string) => legal.filter((l) => l.sub === sub);
  const f = top(s.stack);
  const battles = by('battle');
  if (f.proc === 'battle' && by('reroll').length) return rerollChoice(s, f, role, legal) ?? by('pass')[0];
  if (f.proc === 'battle' && by('panic').length) return panicChoice(s, f, legal) ?? legal[0];
  // Read-only look-ahead: index the units by space once (state.ts).
  const planned = withIndex(s, () => plannedChoice(s, f, role, legal));
  if (planned) return planned;
  // Movement the planner leaves open (no stop or end offered: e.g. a war band floating past an unallied village, 12.2).
  if (f.proc === 'move') {
    if (f.step === 'select') {
      const acts = by('activate');
      if (acts.length && rand() < 0.85) {
        const whole = acts.filter((a) => a.args.units === 'all');
        return pick(whole.length && rand() < 0.7 ? whole : acts, rand);
      }
      return by('end')[0] ?? pick(legal, rand);
    }
    if (battles.length && (f.step === 'markers' ? rand() < 0.3 : rand() < 0.75)) {
      const sorted = [...battles].sort(
        (a, b) => targetStrength(s, role, String(a.action.target)) - targetStrength(s, role, String(b.action.target)),
      );
      return rand() < 0.7 ? sorted[0] : pick(sorted, rand);
    }
    const steps = by('step');
    if (f.step === 'group' && steps.length && rand() < 0.65) return pick(steps, rand);
    return by('stop')[0] ?? pick(legal, rand);
  }
  const intercept = by('intercept');
  if (intercept.length) {
    const good = intercept.filter((l) => need(l.label) <= 4);
    return good.length ? good[0] : (by('decline')[0] ?? intercept[0]);
  }
  const evade = by('evade');
  if (evade.length) {
    const good = evade.filter((l) => need(l.label) <= 5);
    return good.length ? pick(good, rand) : by('stand')[0];
  }
  const loss = by('loss');
  if (loss.length) {
    const score = (l: LegalAction) => {
      if (l.args.unit === undefined) return 0;
      if (l.label.includes('undamaged') || l.label.includes('(damaged')) return 0;
      if (l.label.includes('(weakened)')) return 1;
      if (l.label.includes('takes the loss (raided') || l.label.includes('breached')) return 2;
      return 3;
    };
    return [...loss].sort((a, b) => score(a) - score(b))[0];
  }
  if (by('recruit').length) return pick(by('recruit'), rand);
  if (by('exploit').length) return by('exploit')[0];
  if (by('ferocity').length) return rand() < 0.3 ? by('ferocity')[0] : by('decline')[0];
  if (by('advance').length) return rand() < 0.5 ? pick(by('advance'), rand) : by('stay')[0];
  if (by('roll').length) return by('roll')[0];
  return pick(legal, rand);
}

/** Units an activation or a send names: the whole stack or some of it. */
function named(s: KpwState, space: string, units: string, side: Side): Unit[] {
  return units === 'all' ? at(s, space, side) : units.split('+').map((id) => s.units[id]);
}

/**
 * Both sides move their strongest groups to the best battles in reach (12.1,
 * 12.7) and send every Infantry into its battle (13.0); the English also place
 * reinforcements and returning leaders where they make a full company (10.1).
 */
function plannedChoice(s: KpwState, f: KFrame, side: Side, legal: LegalAction[]): LegalAction | undefined {
  const by = (sub: string) => legal.filter((l) => l.sub === sub);
  if (f.proc === 'move') return plannedMove(s, f as MoveFrame, side, legal);
  if (by('fight').length) return [...by('fight')].sort((a, b) => fightSize(b) - fightSize(a))[0];
  if (side === 'english' && by('place').length) return bestPlace(s, by('place'));
  return undefined;
}

const fightSize = (l: LegalAction) => (l.action.units === 'all' ? 99 : String(l.action.units).split('+').length);

function plannedMove(s: KpwState, f: MoveFrame, side: Side, legal: LegalAction[]): LegalAction | undefined {
  const end = legal.find((l) => l.sub === 'end');
  if (f.step === 'select') {
    let best: { l: LegalAction; value: number } | null = null;
    // Per space, one activation: the strongest group it can field (most Infantry, then its leader).
    const strongest = new Map<string, { l: LegalAction; us: Unit[]; rank: number }>();
    for (const l of legal) {
      if (l.sub !== 'activate') continue;
      const us = named(s, String(l.action.space), String(l.action.units), side);
      const rank = us.filter(isInf).length * 10 + us.length;
      const known = strongest.get(String(l.action.space));
      if (!known || rank > known.rank) strongest.set(String(l.action.space), { l, us, rank });
    }
    // Strongest first; a group whose best imaginable battle cannot beat the best found is not searched.
    const groups = [...strongest].map(([space, c]) => ({ space, ...c, sp: stackSP(c.us) })).sort((a, b) => b.sp - a.sp);
    for (const { space, l, us, sp } of groups) {
      if (best && attackBound(sp) <= best.value) break;
      const plan = bestAttack(s, side, us, space, allowance(side, us), true);
      if (plan && plan.value > WORTH && (!best || plan.value > best.value)) best = { l, value: plan.value };
    }
    if (best) return best.l;
    // Nothing worth a battle this phase: close in on the nearest target worth one.
    for (const [space, { l, us }] of strongest) if (approach(s, side, us, space, allowance(side, us))) return l;
    return end;
  }
  const g = f.group!;
  if (f.step === 'markers') return legal.find((l) => l.sub === 'stop');
  const us = groupUnits(s, g);
  const rem = pipsLeft(s, side, g);
  const plan = bestAttack(s, side, us, g.at, rem, g.used === 0);
  if (plan && plan.value > WORTH) {
    const go = plan.path.length === 1 ? find(legal, 'battle', 'target', plan.targetKey) : find(legal, 'step', 'to', plan.keys[0]);
    if (go) return go;
  }
  const leg = approach(s, side, us, g.at, rem);
  if (leg?.keys.length) {
    const go = find(legal, 'step', 'to', leg.keys[0]);
    if (go) return go;
  }
  return legal.find((l) => l.sub === 'stop');
}

/**
 * 10.1 placement: a Soldier joins a company with a leader that has room (a
 * full company strikes hardest), or a settlement with enemies next door; a
 * leader goes where the most Infantry stand without one.
 */
function bestPlace(s: KpwState, places: LegalAction[]): LegalAction {
  const score = (l: LegalAction) => {
    const to = String(l.action.to);
    const u = s.units[String(l.action.unit)];
    const here = at(s, to, 'english');
    const inf = here.filter(isInf).length;
    const led = here.some(isLeader);
    const threatened = kpwMap()
      .graph.neighbors(to)
      .some((n) => at(s, n.to, 'indian').some(isInf));
    if (u && isLeader(u)) return led ? -1 : inf * 2 + (threatened ? 1 : 0);
    let v = led ? (inf < 3 ? 4 + inf : -1) : inf < 2 ? 1 + inf : -1;
    if (threatened) v += 1.5;
    if (intact(s, to) && siteSide(to) === 'english' && spaceOf(to).kind === 'fort') v += 0.5;
    return v;
  };
  return [...places].sort((a, b) => score(b) - score(a))[0];
}

/** Deadline default: decline/stand/pass/stay/stop/end, otherwise the first choice. */
export function deadlineChoice(legal: LegalAction[]): LegalAction | null {
  if (!legal.length) return null;
  for (const sub of ['decline', 'stand', 'pass', 'stay', 'stop', 'end']) {
    const l = legal.find((x) => x.sub === sub);
    if (l) return l;
  }
  return legal[0];
}
