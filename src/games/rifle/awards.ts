// The five awards at the end (ties shared, and said so) and the solo report.
import type { Result } from '../../engine/types.ts';
import { RULES } from './data.ts';
import { measuresOf, type Measures, type RifleState, type Settlement } from './state.ts';

export type AwardId = 'population' | 'happiness' | 'builder' | 'prosperity' | 'hoarder';

export interface AwardResult {
  id: AwardId;
  name: string;
  measure: string;
  best: number;
  winners: string[];
  shared: boolean;
}

/** Why a settlement is out, for the end report (abandoned: its last Folk left). */
const OUT_TEXT: Record<NonNullable<Settlement['out']>, string> = {
  overrun: 'the fort was overrun',
  resigned: 'its player resigned',
  abandoned: 'its last Folk left',
};

/** Settlements still in the game compete; an overrun or abandoned one has lost. */
export function computeAwards(s: RifleState): AwardResult[] {
  const eligible = s.settlements.filter((st) => !st.out);
  return RULES.awards.map((a) => {
    const vals = eligible.map((st) => ({ role: st.role, v: measuresOf(st, s.turn)[a.id] }));
    const best = vals.length ? Math.max(...vals.map((x) => x.v)) : 0;
    const winners = vals.filter((x) => x.v === best).map((x) => x.role);
    return { id: a.id, name: a.name, measure: a.measure, best, winners, shared: winners.length > 1 };
  });
}

export function awardCounts(s: RifleState, awards: AwardResult[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(s.settlements.map((st) => [st.role, 0]));
  for (const a of awards) for (const w of a.winners) counts[w] += 1;
  return counts;
}

function measuresLine(st: Settlement, m: Measures): string {
  return (
    `${st.name}: Folk ${m.population}, Happiness ${m.happiness}, Structures+Plots ${m.builder}, Money ` +
    `${m.prosperity}, Grain+Livestock+Food ${m.hoarder}`
  );
}

export function finalResult(s: RifleState): Result {
  const names = (roles: string[]) => roles.map((r) => s.settlements.find((x) => x.role === r)!.name).join(' and ');
  if (s.settlements.length === 1) {
    const st = s.settlements[0];
    const survived = !st.out;
    const m = measuresOf(st, s.turn);
    const fate = survived
      ? `${st.name} SURVIVED the frontier to ${RULES.turns.firstYear + 5}.`
      : `${st.name} did NOT survive: ${OUT_TEXT[st.out ?? 'abandoned']} in turn ${s.turn}.`;
    return {
      status: 'over',
      winners: survived ? [st.role] : [],
      draw: false,
      scores: { [st.role]: survived ? m.population : 0 },
      summary: `Solo game. ${fate} Award measures — ${measuresLine(st, m)}.`,
    };
  }
  const awards = computeAwards(s);
  const counts = awardCounts(s, awards);
  const top = Math.max(...Object.values(counts));
  const winners = top > 0 ? Object.keys(counts).filter((r) => counts[r] === top) : [];
  const awardText = awards
    .map((a) =>
      a.winners.length
        ? `${a.name} (${a.measure}, ${a.best}): ${names(a.winners)}${a.shared ? ' — tied, shared' : ''}`
        : `${a.name}: nobody`,
    )
    .join('; ');
  const outs = s.settlements
    .filter((st) => st.out)
    .map((st) => `${st.name} ${st.out === 'overrun' ? 'was overrun' : st.out === 'resigned' ? 'resigned' : 'was abandoned'} and lost`);
  return {
    status: 'over',
    winners,
    draw: winners.length > 1,
    scores: counts,
    summary:
      `${awardText}.${outs.length ? ` ${outs.join('; ')}.` : ''} ` +
      (winners.length > 1
        ? `Shared victory: ${names(winners)} with ${top} awards each.`
        : winners.length
          ? `${names(winners)} wins with ${top} award${top === 1 ? '' : 's'}.`
          : 'No settlement survived.'),
  };
}
