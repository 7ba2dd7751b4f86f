// Warrior Kings IV as a Muster game module: an umpired campaign of secret
// simultaneous orders on the flow model (flow.ts), with the engine doing the
// umpire's mechanical work and the umpire (or the engine's defaults) the rest.
import type { GameModule, GameRules, GameTable, Json } from '../../engine/types.ts';
import { UMPIRE } from '../../engine/types.ts';
import { check } from '../../engine/errors.ts';
import { retWith } from '../../engine/flow.ts';
import { endGame } from '../../engine/procstack.ts';
import { leaveOrders } from '../../engine/submissions.ts';
import { botChoice } from './bot.ts';
import { subcommands } from './commands.ts';
import { machine, openActions } from './flow.ts';
import { DICE_ORDER, OVERVIEW, phaseHelp } from './help.ts';
import { initialState, optionDocs, parseOptions, roles } from './setup.ts';
import { stageOf, type Wk4Options, type Wk4State } from './state.ts';
import { upgradeStage } from './upgrade.ts';
import { buildView, phaseLabel, summarize, type Wk4View } from './view.ts';

export const wk4Rules: GameRules<Wk4State, Wk4Options, any> = {
  id: 'wk4',
  title: 'Warrior Kings IV',
  optionDocs,
  parseOptions,
  roles,
  umpire: {
    description:
      "Reviews the engine's proposals (retreats, diversions, breakthroughs, counterattacks), rules on challenges " +
      "and publishes the results; the umpire's word is final.",
    // umpire=human: every season waits on the umpire, so one must be seated before the campaign starts.
    required: (o) => o.umpire === 'human',
  },
  open: openActions,
  setup(o, ctx) {
    const s = initialState(o);
    machine.run(s, ctx);
    return s;
  },
  prompts: (s) => machine.prompts(s),
  legal: (s, role) => machine.legal(s, role),
  apply: (s, role, a, ctx) => machine.apply(s, role, a, ctx),
  view: (s, viewer) => buildView(s, viewer) as unknown as Json,
  result: (s) => machine.result(s),
  phase: phaseLabel,
  bot: (s, role, legal, ctx) => botChoice(s, role, legal, ctx.rand),
  // A nation that resigns leaves the campaign: its forces disband, its centres become unheld; the others play on.
  resign(s, role, ctx) {
    const me = s.nations[role];
    check(me?.alive && !machine.over(s), 'WK4 Seats', `${me?.name ?? role} is not in the campaign.`);
    me.alive = false;
    for (const f of Object.values(s.forces)) if (f.nation === role) delete s.forces[f.id];
    for (const c of Object.keys(s.owner)) if (s.owner[c] === role) s.owner[c] = null;
    for (const [k, m] of Object.entries(s.alliances)) {
      s.alliances[k] = m.filter((n) => n !== role);
      if (s.alliances[k].length < 2) delete s.alliances[k];
    }
    s.challengeDone.push(role);
    leaveOrders(s.sub, role);
    ctx.emit({ kind: 'out', text: `${me.name} leaves the campaign; its centres are unheld.` });
    const alive = s.order.filter((n) => s.nations[n].alive);
    if (alive.length <= 1) {
      const ending = endGame(s.stack, {
        winners: alive,
        draw: alive.length > 1,
        summary: `${alive.map((n) => s.nations[n].name).join('') || 'Nobody'} is the last nation standing.`,
      });
      ctx.emit({ kind: 'over', text: `The campaign is over. ${ending.summary}` });
      return;
    }
    // A challenge window or the orders may now be complete.
    if (stageOf(s) === 'challenges' && alive.every((n) => s.challengeDone.includes(n))) retWith(s.stack);
    machine.run(s, ctx);
  },
  /** Late: a nation's orders stand as written (final); no challenge; a late umpire publishes (every proposal at its default). */
  onDeadline(s, role) {
    const stage = stageOf(s);
    if (role === UMPIRE)
      return stage === 'initiative' || stage === 'review' || stage === 'ruling'
        ? (machine.legal(s, role).find((l) => l.action.type === 'publish')?.action ?? machine.legal(s, role)[0]?.action ?? null)
        : null;
    if (stage === 'orders') return s.sub.seats[role] && !s.sub.seats[role].final ? { type: 'final' } : null;
    if (stage === 'challenges') return s.challengeDone.includes(role) ? null : { type: 'agree' };
    return null;
  },
  upgrade: upgradeStage,
};

export const wk4Table: GameTable<any> = {
  command: 'wk4',
  subcommands,
  help: { overview: OVERVIEW, phase: (s) => phaseHelp(s as Wk4State) },
  diceOrder: DICE_ORDER,
  summarize: (v, viewer) => summarize(v as unknown as Wk4View, viewer),
  // The public map changes only when results become official: one snapshot per official season, not per stage.
  boardKey: (v) => {
    const p = (v as unknown as Wk4View).picture;
    return { title: p.title.replace(/ · .*/, ''), owners: p.owners, battles: p.battles, notes: p.notes ?? [] } as unknown as Json;
  },
};

/** Rules and table together, as the registry holds a game. */
export const wk4: GameModule<Wk4State, Wk4Options, any> = { ...wk4Rules, ...wk4Table };
