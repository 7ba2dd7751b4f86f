// 11.1 Indian diplomacy (Philip recruits one ready tribe a turn), tribes
// joining (also when the English attack them), and 11.2 the Mohawks.
import { check, fail } from '../../engine/errors.ts';
import type { Action, Ctx, LegalAction } from '../../engine/types.ts';
import { call } from '../../engine/procstack.ts';
import { intact, legalAction, leftoverProblem, stopProblem, tribeName } from './common.ts';
import { kpwData } from './data.ts';
import { kpwMap, sitesOf, spaceName } from './map.ts';
import { at, isInf, note, type KpwState, type Side, type TurnFrame, unitList } from './state.ts';

export function razedSettlements(s: KpwState): number {
  return s.prov.english;
}

/** Tribes Philip may recruit now, with the village spaces he may go to. */
export function diplomacyOptions(s: KpwState): { tribe: string; spaces: string[] }[] {
  const philip = s.units.philip;
  if (philip.where !== 'map') return [];
  const razed = razedSettlements(s);
  const out: { tribe: string; spaces: string[] }[] = [];
  for (const row of kpwData().charts.alliance) {
    const st = s.tribes[row.tribe];
    if (st?.status !== 'neutral' || razed < row.razedNeeded) continue;
    let spaces: string[];
    if (row.tribe === 'MO') spaces = intact(s, kpwMap().treaty) && !at(s, kpwMap().treaty, 'english').length ? [kpwMap().treaty] : [];
    else
      spaces = sitesOf(row.tribe).filter(
        (v) => intact(s, v) && !at(s, v, 'english').length && !at(s, v, 'indian').some((u) => u.kind !== 'key'),
      );
    if (spaces.length) out.push({ tribe: row.tribe, spaces });
  }
  return out;
}

export function legalDiplomacy(s: KpwState, role: Side): LegalAction[] {
  if (role !== 'indian') return [];
  const out: LegalAction[] = [];
  const philip = s.units.philip;
  const from = philip.loc!;
  const companions = [null, ...at(s, from, 'indian').filter((u) => isInf(u))];
  for (const o of diplomacyOptions(s)) {
    for (const space of o.spaces) {
      for (const c of companions) {
        const leaving = c ? ['philip', c.id] : ['philip'];
        if (leftoverProblem(s, 'indian', from, leaving)) continue;
        const w = c ? c.id : 'none';
        out.push(
          legalAction(
            { type: 'recruit', tribe: o.tribe, space, with: w },
            `Philip goes to ${spaceName(space)}${c ? ` with ${c.name}` : ''} to recruit the ${tribeName(o.tribe)}` +
              `${o.tribe === 'MO' ? ' (roll: 1-3 join, 4-5 neutral, 6 attack)' : ''}`,
            'recruit',
            { tribe: o.tribe, space, with: w },
            { tribe: tribeName(o.tribe), space: spaceName(space), with: c ? c.name : 'nobody' },
          ),
        );
      }
    }
  }
  out.push(legalAction({ type: 'end' }, 'Recruit no tribe this turn', 'end'));
  return out;
}

export function applyDiplomacy(s: KpwState, f: TurnFrame, role: Side, a: Action, ctx: Ctx): void {
  check(role === 'indian', 'KPW 11.1', 'Only the Indian player conducts diplomacy.');
  if (a.type === 'end') {
    f.diplomacyDone = true;
    return;
  }
  check(a.type === 'recruit', 'KPW 11.1', 'Recruit a tribe or end diplomacy.');
  const tribe = String(a.tribe);
  const o = diplomacyOptions(s).find((x) => x.tribe === tribe);
  if (!o)
    fail('KPW 11.1', `The ${tribeName(tribe)} are not ready for war: they need more settlements razed (or Philip is not on the map).`);
  const space = String(a.space);
  if (!o.spaces.includes(space))
    fail(
      tribe === 'MO' ? 'KPW 11.2' : 'KPW 11.1',
      tribe === 'MO'
        ? 'Philip may recruit the Mohawks only from the Mohawk Treaty Space.'
        : `Philip must go to one of the ${tribeName(tribe)} villages.`,
    );
  const philip = s.units.philip;
  const from = philip.loc!;
  const w = a.with && a.with !== 'none' ? s.units[String(a.with)] : null;
  if (w) check(w.where === 'map' && w.loc === from && isInf(w), 'KPW 11.1', 'Philip may take one Infantry unit from his own space.');
  const p = leftoverProblem(s, 'indian', from, w ? ['philip', w.id] : ['philip']);
  if (p) fail('KPW 6.4', p);
  philip.loc = space;
  if (w) w.loc = space;
  f.diplomacyDone = true;
  note(s, ctx, 'diplomacy', `Philip travels to ${spaceName(space)}${w ? ` with ${w.name}` : ''}.`);
  if (tribe === 'MO') {
    const face = ctx.dice.d6('Mohawk recruitment');
    if (face <= 3) {
      s.tribes.MO.status = 'allied';
      note(s, ctx, 'alliance', `Mohawks: rolled ${face}: the Mohawks join Philip (11.2).`);
    } else if (face <= 5) {
      note(s, ctx, 'alliance', `Mohawks: rolled ${face}: the Mohawks stay neutral (11.2).`);
    } else {
      note(s, ctx, 'alliance', `Mohawks: rolled ${face}: the Mohawks attack Philip's war band, then leave the game (11.2).`);
      mohawkAttack(s, ctx);
    }
    return;
  }
  tribeJoins(s, ctx, tribe, 'diplomacy');
}

/** 11.2 result 6: Battle markers from each other Mohawk village onto the Treaty Space; the English fight them. */
function mohawkAttack(s: KpwState, ctx: Ctx): void {
  const treaty = kpwMap().treaty;
  call(s.stack, { proc: 'combat', step: 'choose', side: 'english', attacked: [], mohawk: true });
  for (const v of sitesOf('MO')) {
    if (v === treaty || !at(s, v, 'indian').some((u) => u.owner === 'MO' && isInf(u))) continue;
    const id = `b${++s.battleSeq}`;
    s.battles.push({ id, side: 'english', from: v, to: treaty, river: false, fought: false, mohawk: true });
    note(s, ctx, 'battle-marker', `Mohawk Battle marker: ${spaceName(v)} → ${spaceName(treaty)}.`);
  }
}

/** After 11.2's attack: every Mohawk counter leaves the game for good. */
export function removeMohawks(s: KpwState, ctx: Ctx): void {
  for (const u of unitList(s))
    if (u.owner === 'MO' && u.kind !== 'key') {
      u.where = 'out';
      u.loc = null;
    }
  s.tribes.MO.status = 'removed';
  s.battles = s.battles.filter((b) => !b.mohawk);
  note(s, ctx, 'alliance', 'The Mohawks are removed from the game (11.2).');
}

/**
 * A tribe becomes active and allied: units enter one per village with the
 * Sachem (and Canonchet for the Narragansetts); a surrendered tribe returns
 * at the strength it had, permanently (13.6).
 */
export function tribeJoins(s: KpwState, ctx: Ctx, tribe: string, why: 'diplomacy' | 'attack'): void {
  const st = s.tribes[tribe];
  if (st.status === 'surrendered') {
    st.status = 'allied';
    st.permanent = true;
    note(s, ctx, 'alliance', `The ${tribeName(tribe)} return to the war for good after the English attack (13.6).`);
    const back: string[] = [];
    // Infantry first, so a returning leader finds his war band (6.4); stacking is kept (6.3).
    const returning = unitList(s).filter((u) => u.owner === tribe && u.where === 'pool' && u.wasAt !== undefined);
    returning.sort((a, b) => Number(isInf(b)) - Number(isInf(a)));
    for (const u of returning) {
      if (u.wasAt && !stopProblem(s, 'indian', [u], u.wasAt)) {
        u.where = 'map';
        u.loc = u.wasAt;
        u.wasAt = undefined;
      } else back.push(u.id);
    }
    if (back.length) call(s.stack, { proc: 'place', step: 'place', side: 'indian', purpose: 'entryLeader', items: back, tribe });
    return;
  }
  st.status = 'allied';
  note(
    s,
    ctx,
    'alliance',
    `The ${tribeName(tribe)} join Philip${why === 'attack' ? ' after the English attack their village' : ''} (11.1).`,
  );
  const row = kpwData().charts.alliance.find((r) => r.tribe === tribe);
  if (!row || row.placedAtSetup) return;
  const leaders: string[] = [];
  for (const l of row.leaders) {
    const id = l === 'sachem' ? `${tribe.toLowerCase()}-sachem` : l;
    const u = s.units[id];
    if (u && u.where === 'pool') leaders.push(id);
  }
  const warriors = unitList(s)
    .filter((u) => u.owner === tribe && u.kind === 'warrior' && u.where === 'pool')
    .slice(0, row.initialUnits)
    .map((u) => u.id);
  if (leaders.length) call(s.stack, { proc: 'place', step: 'place', side: 'indian', purpose: 'entryLeader', items: leaders, tribe });
  if (warriors.length) call(s.stack, { proc: 'place', step: 'place', side: 'indian', purpose: 'entry', items: warriors, tribe });
}
