// What each viewer may see. Plans are private until the reveal: a seat sees
// its own plan, spectators none, moderators all. Everything else is public.
import type { Json, Viewer } from '../../engine/types.ts';
import { seesAll } from '../../engine/viewers.ts';
import { computeAwards, finalResult } from './awards.ts';
import { LEADERS, RES_NAME, RESOURCE_IDS, RULES, STRUCTURE, STRUCTURE_IDS } from './data.ts';
import { decisionText } from './decisions.ts';
import { isDone, planOf, planText } from './plan.ts';
import { simulate, limitsLine } from './actions/limits.ts';
import {
  fightLevel,
  PHASE_NAMES,
  resolvePhaseOf,
  seasonName,
  seasonOf,
  stageOf,
  yearOf,
  type RifleState,
  type Settlement,
} from './state.ts';

export function phaseLabel(s: RifleState): string {
  switch (stageOf(s)) {
    case 'leaders':
      return 'Setup: choosing leaders';
    case 'plan':
      return `Turn ${s.turn} · ${seasonName(s.turn)} · Action Phase (planning)`;
    case 'resolve':
      return `Turn ${s.turn} · ${seasonName(s.turn)} · ${PHASE_NAMES[resolvePhaseOf(s)]}`;
    case 'over':
      return 'Game over';
  }
}

function canSeePlan(st: Settlement, viewer: Viewer): boolean {
  return seesAll(viewer) || (viewer.kind === 'seat' && viewer.role === st.role);
}

export function buildView(s: RifleState, viewer: Viewer): Json {
  const stage = stageOf(s);
  const settlements = s.settlements.map((st) => {
    const own = canSeePlan(st, viewer);
    const fight = fightLevel(st);
    let plan: Json = null;
    let limits: Json = null;
    if (own && stage === 'plan') {
      plan = planText(planOf(s, st));
      limits = limitsLine(simulate(st, s.turn, planOf(s, st)).sim);
    }
    return {
      role: st.role,
      name: st.name,
      color: st.color,
      bot: st.bot,
      leader: st.leader,
      leaderName: st.leader ? LEADERS[st.leader].name : null,
      out: st.out,
      outTurn: st.outTurn ?? null,
      resources: RESOURCE_IDS.map((id) => ({ id, name: RES_NAME[id], value: st.res[id] })),
      structures: STRUCTURE_IDS.map((id) => ({
        id,
        name: STRUCTURE[id].name,
        value: st.str[id],
        max: STRUCTURE[id].max,
        benefit: STRUCTURE[id].benefit,
      })),
      fight: {
        total: fight.total,
        rifles: fight.rifles,
        leader: fight.leader,
        structures: fight.structures,
        lye: fight.lye,
        militia: fight.militia,
        notes: fight.notes,
      },
      militia: st.militia,
      craftsmen: st.craftsmen,
      boon: st.boon,
      extra: own ? st.extra : null,
      planning: stage === 'plan' && !isDone(s, st),
      done: isDone(s, st),
      plan,
      limits,
      pending: st.pending ? (own || st.pending.kind !== 'extra' ? decisionText(st) : "choosing a leader's extra action") : null,
      placed: s.revealedTurn > 0 ? st.placed : {},
      revealedPlan: s.revealedTurn > 0 ? planText(st.revealedPlan) : null,
      history: st.history.map((h) => ({ ...h })),
    };
  });
  const over = stage === 'over';
  const result = over ? finalResult(s) : null;
  return {
    game: 'rifle',
    turn: s.turn,
    turns: RULES.turns.count,
    season: seasonOf(s.turn),
    year: yearOf(s.turn),
    seasonLabel: seasonName(s.turn),
    stage,
    phase: phaseLabel(s),
    solo: s.settlements.length === 1,
    revealedTurn: s.revealedTurn,
    actionBoard: {
      columns: RULES.actionBoard.columns,
      rows: RULES.actionBoard.rows,
      actions: RULES.actions.map((a) => ({ n: a.n, id: a.id, name: a.name })),
    },
    settlements,
    chronicle: s.chronicle.slice(-20),
    awards: over && s.settlements.length > 1 ? (computeAwards(s) as unknown as Json) : null,
    result: result && result.status === 'over' ? { winners: result.winners, summary: result.summary } : null,
  };
}

interface SV {
  role: string;
  name: string;
  leaderName: string | null;
  out: string | null;
  resources: { id: string; value: number }[];
  fight: { total: number };
  planning: boolean;
  plan: string | null;
  limits: string | null;
  pending: string | null;
}

export function summarize(view: Json, viewer: Viewer): string {
  const v = view as unknown as { phase: string; settlements: SV[]; result: { summary: string } | null; stage: string };
  const lines = [v.phase];
  for (const st of v.settlements) {
    const r = Object.fromEntries(st.resources.map((x) => [x.id, x.value]));
    const tag = st.out ? ` — OUT (${st.out})` : '';
    lines.push(
      `${st.name}${st.leaderName ? ` (${st.leaderName})` : ''}${tag}: Folk ${r.folk}, Food ${r.food}, Housing ` +
        `${r.housing}, Clothing ${r.clothing}, Happiness ${r.happiness}, Money ${r.money}, Fight ` +
        `${st.fight.total}${st.pending ? ` · asked: ${st.pending}` : ''}`,
    );
    if (st.plan !== null && viewer.kind !== 'spectator')
      lines.push(`  ${viewer.kind === 'seat' ? 'your plan' : 'plan'}: ${st.plan}; still allowed: ${st.limits}`);
  }
  const waiting = v.settlements.filter((x) => x.planning).map((x) => x.name);
  if (v.stage === 'plan' && waiting.length) lines.push(`Still planning: ${waiting.join(', ')}.`);
  if (v.result) lines.push(v.result.summary);
  return lines.join('\n');
}
