// Rifle and Axe views for render tests, shaped like src/games/rifle/view.ts
// builds them (names and board sizes from data/rifle/rules.json).
import { readFileSync } from 'node:fs';
import type { Json } from '../../src/engine/types.ts';

const RULES = JSON.parse(readFileSync(new URL('../../data/rifle/rules.json', import.meta.url), 'utf8')) as {
  resources: { id: string; name: string }[];
  structures: { id: string; name: string; max: number | null; benefit: string }[];
  actions: { n: number; id: string; name: string }[];
  actionBoard: { columns: number; rows: number };
  awards: { id: string; name: string; measure: string }[];
};

export const RESOURCE_NAMES = RULES.resources.map((r) => r.name);
export const STRUCTURE_NAMES = RULES.structures.filter((s) => s.id !== 'empty').map((s) => s.name);

// As data/rifle/rules.json: safe for the common colour-vision deficiencies (issue 19).
const COLORS = ['#b8322a', '#2a62b8', '#e69f00', '#cc79a7'];
const LEADERS = ['Ann Lindsay', 'James Harrod', 'Daniel Boone', 'Simon Kenton'];

export interface SettlementSpec {
  /** 'abandoned' | 'overrun' | 'resigned' */
  out?: string;
  /** Turn it went out; its history then repeats the last point to the end, as the engine records it. */
  outTurn?: number;
  /** Measure value at turn t. */
  f?: (t: number, k: number) => number;
}

export function rifleView(
  opts: { players?: number; turn?: number; over?: boolean; specs?: SettlementSpec[]; withOutTurn?: boolean } = {},
): Json {
  const n = opts.players ?? 3;
  const over = opts.over ?? true;
  const lastTurn = opts.turn ?? 20;
  const measures = ['population', 'happiness', 'builder', 'prosperity', 'hoarder'] as const;
  const settlements = Array.from({ length: n }, (_, i) => {
    const spec = opts.specs?.[i] ?? {};
    const f =
      spec.f ?? ((t: number, k: number) => Math.max(0, Math.round(5 + k * 3 + i + Math.sin(t / 2 + i) * 3 + t * (k === 3 ? 0.1 : 0.6))));
    const history = [];
    for (let t = 0; t <= lastTurn; t++) {
      const tt = spec.outTurn !== undefined ? Math.min(t, spec.outTurn) : t;
      history.push({ turn: t, ...Object.fromEntries(measures.map((m, k) => [m, f(tt, k)])) });
    }
    return {
      role: `p${i + 1}`,
      name: `Settlement ${i + 1}`,
      color: COLORS[i],
      bot: false,
      leader: null,
      leaderName: LEADERS[i],
      out: spec.out ?? null,
      ...(opts.withOutTurn && spec.outTurn !== undefined ? { outTurn: spec.outTurn } : {}),
      resources: RULES.resources.map((r, k) => ({ id: r.id, name: r.name, value: (k * 7 + i * 3) % 31 })),
      structures: RULES.structures.map((s, k) => ({
        id: s.id,
        name: s.name,
        value: s.id === 'empty' ? 0 : (k + i) % 3 === 0 ? 1 : 0,
        max: s.max,
        benefit: s.benefit,
      })),
      fight: { total: 12 + i, rifles: 4, leader: 2, structures: 6, lye: 0, militia: 0, notes: ['Rifles 4', 'Stockade 10'] },
      militia: 0,
      craftsmen: 0,
      boon: null,
      extra: null,
      planning: false,
      done: true,
      plan: null,
      limits: null,
      pending: null,
      placed: { plant: 1 + i, hunting: 2 },
      revealedPlan: null,
      history,
    };
  });
  const awards =
    over && n > 1
      ? RULES.awards.map((a, k) => {
          const alive = settlements.filter((s) => !s.out);
          const vals = alive.map((s) => ({ role: s.role, v: (s.history[s.history.length - 1] as Record<string, number>)[measures[k]] }));
          const best = vals.length ? Math.max(...vals.map((x) => x.v)) : 0;
          const winners = vals.filter((x) => x.v === best).map((x) => x.role);
          return { id: a.id, name: a.name, measure: a.measure, best, winners, shared: winners.length > 1 };
        })
      : null;
  let result = null;
  if (over) {
    if (awards) {
      const counts: Record<string, number> = Object.fromEntries(settlements.map((s) => [s.role, 0]));
      for (const a of awards) for (const w of a.winners) counts[w] += 1;
      const top = Math.max(...Object.values(counts));
      const winners = top > 0 ? Object.keys(counts).filter((r) => counts[r] === top) : [];
      result = {
        winners,
        summary: `${awards.map((a) => `${a.name} (${a.measure}, ${a.best}): ${a.winners.join(' and ') || 'nobody'}`).join('; ')}.`,
      };
    } else {
      const st = settlements[0];
      result = {
        winners: st.out ? [] : [st.role],
        summary: `Solo game. ${st.name} ${st.out ? 'did NOT survive' : 'SURVIVED the frontier to 1786'}. Award measures — ${st.name}: Folk 14, Happiness 30, Structures+Plots 22, Money 6, Grain+Livestock+Food 41.`,
      };
    }
  }
  return {
    game: 'rifle',
    turn: lastTurn,
    turns: 20,
    season: 'winter',
    year: 1785,
    seasonLabel: 'Winter 1785',
    stage: over ? 'over' : 'resolve',
    phase: over ? 'Game over' : `Turn ${lastTurn} · Winter 1785 · Raid Phase`,
    solo: n === 1,
    revealedTurn: lastTurn,
    actionBoard: {
      columns: RULES.actionBoard.columns,
      rows: RULES.actionBoard.rows,
      actions: RULES.actions.map((a) => ({ n: a.n, id: a.id, name: a.name })),
    },
    settlements,
    chronicle: [],
    awards,
    result,
  } as unknown as Json;
}
