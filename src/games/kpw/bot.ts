// A built-in player: legal moves with a little sense (attack weak targets,
// take losses on sites and full-strength units first, end phases in time).
import type { LegalAction } from '../../engine/types.ts';
import { at, isInf, type KpwState, type Side } from './state.ts';
import { top } from '../../engine/procstack.ts';
import { intact } from './common.ts';
import { siteSide, spaceOf } from './map.ts';

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

function wakesTribe(s: KpwState, key: string): boolean {
  const t = key.split('~')[0];
  const owner = spaceOf(t).owner;
  if (owner && siteSide(t) === 'indian' && intact(s, t) && s.tribes[owner]?.status !== 'allied') return true;
  return at(s, t, 'indian').some((u) => u.kind !== 'key' && s.tribes[u.owner]?.status !== 'allied');
}

export function botChoice(s: KpwState, role: Side, legal: LegalAction[], rand: () => number): LegalAction {
  if (legal.length === 1) return legal[0];
  const by = (sub: string) => legal.filter((l) => l.sub === sub);
  const f = top(s.stack);
  const battles = by('battle');
  if (f.proc === 'move') {
    if (f.step === 'select') {
      const acts = by('activate');
      if (acts.length && rand() < 0.85) {
        const whole = acts.filter((a) => a.args.units === 'all');
        return pick(whole.length && rand() < 0.7 ? whole : acts, rand);
      }
      return by('end')[0] ?? pick(legal, rand);
    }
    // Attacking an unallied tribe's village brings it into the war: the English avoid it.
    const fair = role === 'english' ? battles.filter((l) => !wakesTribe(s, String(l.action.target))) : battles;
    if (fair.length && (f.step === 'markers' ? rand() < 0.3 : rand() < 0.75)) {
      const sorted = [...fair].sort(
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
  if (by('reroll').length) return by('pass')[0];
  if (by('exploit').length) return by('exploit')[0];
  if (by('ferocity').length) return rand() < 0.3 ? by('ferocity')[0] : by('decline')[0];
  if (by('advance').length) return rand() < 0.5 ? pick(by('advance'), rand) : by('stay')[0];
  if (by('roll').length) return by('roll')[0];
  return pick(legal, rand);
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
