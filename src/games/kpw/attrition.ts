// 14.0 Winter attrition (turn 5 only): one full-strength Infantry per two
// of your own sites razed, then weakened ones; back to the pool, no VP.
import { check } from '../../engine/errors.ts';
import type { Action, Ctx, LegalAction } from '../../engine/types.ts';
import { call } from '../../engine/procstack.ts';
import { controlled, legalAction } from './common.ts';
import { spaceName } from './map.ts';
import { isInf, note, type AttritionFrame, type KpwState, type Side, type Unit, unitList } from './state.ts';

/**
 * 14.0 says "one full-strength soldier" but then measures "Infantry" (its play
 * notes too), and 6.2 makes Allied Indian Warriors English Infantry: the
 * English may give up an Allied Indian instead of a Soldier.
 */
export function attritionChoices(s: KpwState, side: Side): Unit[] {
  const inf = unitList(s).filter((u) => u.where === 'map' && u.side === side && isInf(u) && controlled(s, u));
  const full = inf.filter((u) => u.str === 2);
  return full.length ? full : inf;
}

export function pushAttrition(s: KpwState, ctx: Ctx): void {
  // Indian frame below so the English remove first.
  for (const side of ['indian', 'english'] as Side[]) {
    const n = Math.floor(s.prov[side] / 2);
    if (n > 0) {
      note(
        s,
        ctx,
        'attrition',
        `Winter attrition: the ${side === 'english' ? 'English' : 'Indians'} must remove ${n} Infantry (${s.prov[side]} of their sites razed).`,
      );
      call(s.stack, { proc: 'attrition', step: 'remove', side, left: n });
    }
  }
}

export function legalAttrition(s: KpwState, f: AttritionFrame, role: Side): LegalAction[] {
  if (role !== f.side) return [];
  const seen = new Set<string>();
  const out: LegalAction[] = [];
  for (const u of attritionChoices(s, f.side)) {
    const key = `${u.owner}|${u.str}|${u.loc}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(
      legalAction(
        { type: 'loss', unit: u.id },
        `Remove ${u.name} in ${spaceName(u.loc!)} to winter attrition (${f.left} to go)`,
        'loss',
        { unit: u.id },
        { unit: `${u.name} (${spaceName(u.loc!)})` },
      ),
    );
  }
  return out;
}

export function applyAttrition(s: KpwState, f: AttritionFrame, role: Side, a: Action, ctx: Ctx): void {
  check(role === f.side, 'KPW 14.0', 'It is not your attrition to take.');
  const u = s.units[String(a.unit)];
  check(
    a.type === 'loss' && u && attritionChoices(s, f.side).includes(u),
    'KPW 14.0',
    'Remove a full-strength Infantry first; weakened ones only when no full-strength ones remain.',
  );
  const loc = u.loc;
  u.where = 'pool';
  u.loc = null;
  u.str = 2;
  if (u.musket) {
    u.musket = false;
    const heir = unitList(s).find((x) => x.where === 'map' && x.loc === loc && x.side === u.side && isInf(x) && !x.musket);
    if (heir) heir.musket = true;
  }
  note(s, ctx, 'attrition', `${u.name} is lost to winter attrition.`);
  f.left--;
}

export function autoAttrition(s: KpwState, f: AttritionFrame): boolean {
  if (f.left > 0 && attritionChoices(s, f.side).length) return false;
  s.stack.frames.pop();
  return true;
}
