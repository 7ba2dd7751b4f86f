// Rifle and Axe (Warpspawn Games): 1-4 pioneer settlements in Kentucky,
// 1780-1784, with simultaneous secret action planning. The module wires the
// sequence of play (flow/, a flow table run by the engine's FlowMachine), the
// planning (plan.ts, on the engine's submissions), decisions, views, help,
// bot together (the renderer is wired at registration).
import { check } from '../../engine/errors.ts';
import { leaveOrders } from '../../engine/submissions.ts';
import type { GameModule, GameRules, GameTable } from '../../engine/types.ts';
import { bot } from './bot.ts';
import { subcommands } from './commands.ts';
import { defaultDecision, leaderLegal } from './decisions.ts';
import { endRifle } from './flow/end.ts';
import { machine } from './flow/index.ts';
import { help } from './help.ts';
import { planOf, planning, planText } from './plan.ts';
import { optionDocs, parseOptions, roles, setup } from './setup.ts';
import { active, byRole, say, stageOf, type RifleOptions, type RifleState } from './state.ts';
import { upgrade } from './upgrade.ts';
import { buildView, phaseLabel, summarize } from './view.ts';

export type { RifleState, RifleOptions } from './state.ts';

/** Every entry point reads the state as it is now (upgrade.ts: games stored before the flow table). */
const now = (s: RifleState): RifleState => (upgrade(s), s);

export const rifleRules: GameRules<RifleState, RifleOptions, any> = {
  id: 'rifle',
  title: 'Rifle and Axe',
  optionDocs,
  parseOptions,
  roles,
  setup,
  prompts: (s) => machine.prompts(now(s)),
  legal: (s, role) => machine.legal(now(s), role),
  apply: (s, role, a, ctx) => machine.apply(now(s), role, a, ctx),
  view: (s, viewer) => buildView(now(s), viewer),
  result: (s) => machine.result(now(s)),
  phase: (s) => phaseLabel(now(s)),
  bot: (s, role, l, ctx) => bot(now(s), role, l, ctx),
  // A resigning settlement is out (it has lost, like an abandoned one); the
  // others play on, and the game ends when fewer than two are left.
  resign(s, role, ctx) {
    upgrade(s);
    const st = byRole(s, role);
    check(st && !st.out && stageOf(s) !== 'over', 'R&A', `${st?.name ?? role} is not in play.`);
    st.out = 'resigned';
    st.outTurn = s.turn;
    st.pending = null;
    // Its plan is withdrawn: a seat that has left never holds up the reveal.
    if (s.orders) leaveOrders(s.orders, role);
    const text = `${st.name} resigns and leaves the frontier.`;
    ctx.emit({ kind: 'out', text });
    say(s, text);
    const left = active(s).length;
    if (left === 0 || (s.settlements.length > 1 && left < 2)) {
      endRifle(s);
      ctx.emit({ kind: 'over', text: 'The game is over.' });
    } else machine.run(s, ctx);
  },
  onDeadline(s, role) {
    upgrade(s);
    const st = byRole(s, role);
    const stage = stageOf(s);
    if (!st || st.out || stage === 'over') return null;
    if (stage === 'leaders') return st.leader ? null : (leaderLegal(s, st)[0]?.action ?? null);
    if (st.pending) return defaultDecision(st);
    if (planning(s, st)) return planOf(s, st).length ? { type: 'done' } : { type: 'auto' };
    return null;
  },
  upgrade,
};

export const rifleTable: GameTable<any> = {
  command: 'rifle',
  subcommands,
  help: { overview: help.overview, phase: (s) => help.phase(now(s as RifleState)) },
  diceOrder:
    'per settlement in seat order, phase by phase (a settlement that stops for a ' +
    'choice — a Peace re-roll, an "X or Y", what spoils in Storage — finishes that ' +
    'phase after the others have rolled theirs): Growth d6 (+2 supply d6 per ' +
    'immigrant), foal d6, Boon d10; after the reveal: Hardship d10, Mishap d10 ×2, ' +
    'Raid d10 (re-rolls, fighting d6, horses d6, rifle d6 per death, catastrophe ' +
    'd6), starvation/salt d6s, Winter d6, Happiness 2d6',
  summarize,
};

/** Rules and table together, as the registry holds a game. */
export const rifle: GameModule<RifleState, RifleOptions, any> = { ...rifleRules, ...rifleTable };

export { planText };
