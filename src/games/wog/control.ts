// Phase Four: Determine Control of Areas.
import type { Ctx } from '../../engine/types.ts';
import { area, areaName, data, enemy, leaderData, leaderName, leadersIn, note, rank, sideName, type Side, type WogState } from './state.ts';

/** Mercenary SP in an area (with any leader there, and loose ones). */
export function mercsIn(s: WogState, a: string): number {
  return (
    leadersIn(s, a).reduce((n, l) => n + l.troops.filter((t) => t.kind === 'mercenary').length, 0) +
    (s.loose[a] ?? []).filter((t) => t.kind === 'mercenary').length
  );
}

/**
 * The control target for `side` in an uncontrolled area: 6 − mercenaries when
 * one of its non-disgraced leaders is at home there, else the best such
 * leader's rank − mercenaries. Reading: one roll per area, the best target.
 */
export function controlTarget(s: WogState, side: Side, a: string): { target: number; who: string } | null {
  const ls = leadersIn(s, a, side).filter((l) => !l.disgraced);
  if (!ls.length) return null;
  const m = mercsIn(s, a);
  const home = ls.find((l) => leaderData(s, l.id).home === a);
  if (home) return { target: data().charts.control.homeTarget - m, who: home.id };
  const best = [...ls].sort((x, y) => rank(s, y.id) - rank(s, x.id))[0]!;
  return { target: rank(s, best.id) - m, who: best.id };
}

export function determineControl(s: WogState, ctx: Ctx): void {
  s.aggressor = {};
  s.misses = {};
  for (const a of data().map.areas) {
    if (a.kind === 'neutral') continue;
    for (const side of ['english', 'french'] as Side[]) {
      const ls = leadersIn(s, a.id, side).filter((l) => !l.disgraced);
      if (!ls.length) continue;
      if (s.control[a.id] === enemy(side)) {
        s.control[a.id] = null;
        note(s, ctx, 'control', `${areaName(a.id)} becomes uncontrolled (${sideName(side)} leaders there).`);
      } else if (s.control[a.id] === null) {
        const t = controlTarget(s, side, a.id)!;
        const die = ctx.dice.d6(`Control of ${area(a.id).name} (${sideName(side)})`);
        const ok = die <= t.target;
        if (ok) s.control[a.id] = side;
        note(
          s,
          ctx,
          'control',
          `${sideName(side)} roll ${die} for ${areaName(a.id)} (needs ≤ ${t.target}, ${leaderName(s, t.who)}): ${ok ? 'control' : 'no control'}.`,
        );
      }
      break; // "Check areas only once": after battles only one side can be left in an area.
    }
  }
  for (const l of Object.values(s.leaders)) l.disgraced = false;
}
