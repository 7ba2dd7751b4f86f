// Rifle and Axe (Warpspawn Games): 1-4 pioneer settlements in Kentucky,
// 1780-1784, with simultaneous secret action planning. The module wires the
// sequence of play (phases/driver.ts), the planning (plan.ts), decisions,
// views, help, bot and renderer together.
import { check } from '../../engine/errors.ts';
import type { Action, Ctx, GameModule, LegalAction, Prompt } from '../../engine/types.ts';
import { finalResult } from './awards.ts';
import { autoPlan, bot } from './bot.ts';
import { subcommands } from './commands.ts';
import { LEADERS } from './data.ts';
import { applyDecision, decisionLegal, decisionText, defaultDecision, leaderLegal } from './decisions.ts';
import { help } from './help.ts';
import { advance, finishPlanning, resume, startTurn } from './phases/driver.ts';
import { applyPlanAction, planLegal, planning, planText } from './plan.ts';
import { optionDocs, parseOptions, roles, setup } from './setup.ts';
import { active, byRole, say, seasonName, type RifleOptions, type RifleState } from './state.ts';
import { buildView, phaseLabel, summarize } from './view.ts';

export type { RifleState, RifleOptions } from './state.ts';

function prompts(s: RifleState): Prompt[] {
  if (s.stage === 'over') return [];
  const out: Prompt[] = [];
  for (const st of s.settlements) {
    if (st.out) continue;
    if (s.stage === 'leaders') {
      if (!st.leader) out.push({ role: st.role, text: `Pick your leader (/rifle leader).`, buttons: true });
    } else if (st.pending) out.push({ role: st.role, text: decisionText(st), buttons: true });
    else if (planning(s, st)) out.push({ role: st.role, text: `Plan your actions for ${seasonName(s.turn)} (${st.res.folk} Folk) — /rifle plan, /rifle plans, then /rifle done.` });
  }
  return out;
}

function legal(s: RifleState, role: string): LegalAction[] {
  const st = byRole(s, role);
  if (!st || st.out || s.stage === 'over') return [];
  if (s.stage === 'leaders') return st.leader ? [] : leaderLegal(s, st);
  if (st.pending) return decisionLegal(st);
  if (planning(s, st)) return planLegal(s, st);
  return [];
}

function apply(s: RifleState, role: string, a: Action, ctx: Ctx): void {
  const st = byRole(s, role);
  check(st, 'R&A', `There is no seat ${role}.`);
  check(s.stage !== 'over', 'R&A', 'The game is over.');
  check(!st.out, 'R&A', `${st.name} is out of the game.`);
  if (a.type === 'leader') {
    check(s.stage === 'leaders', 'R&A Setup', 'Leaders are picked at the start of the game.');
    check(!st.leader, 'R&A Setup', `You already lead with ${st.leader ? LEADERS[st.leader].name : ''}.`);
    const id = String(a.leader);
    check(LEADERS[id], 'R&A Leader List', `No leader "${id}".`);
    check(!s.settlements.some((x) => x.leader === id), 'R&A Setup', `${LEADERS[id].name} already leads another settlement (no two alike).`);
    st.leader = id;
    ctx.emit({ kind: 'leader', text: `${st.name} is led by ${LEADERS[id].name} (${LEADERS[id].text}).` });
    if (s.settlements.every((x) => x.leader || x.out)) startTurn(s, ctx);
    return;
  }
  if (['choose', 'reroll', 'accept'].includes(a.type)) {
    check(st.pending, 'R&A', 'You have no decision to make now.');
    applyDecision(s, st, a, ctx, () => resume(s, st, ctx));
    return;
  }
  check(!st.pending, 'R&A', `Answer first: ${st.pending ? decisionText(st) : ''}`);
  applyPlanAction(
    s,
    st,
    a,
    ctx,
    (c) => finishPlanning(s, c),
    (x) =>
      autoPlan(s, x, (step) => {
        try {
          applyPlanAction(s, x, step, { dice: ctx.dice, emit: () => {} }, () => {}, () => {});
        } catch {
          /* a step that no longer fits is skipped */
        }
      }),
  );
}

export const rifle: GameModule<RifleState, RifleOptions> = {
  id: 'rifle',
  title: 'Rifle and Axe',
  command: 'rifle',
  optionDocs,
  parseOptions,
  roles,
  setup,
  prompts,
  legal,
  apply,
  view: buildView,
  result: (s) => (s.stage === 'over' ? finalResult(s) : { status: 'ongoing' }),
  phase: phaseLabel,
  subcommands,
  help,
  diceOrder: 'per settlement in seat order, phase by phase (a settlement that stops for a choice — a Peace re-roll, an "X or Y", what spoils in Storage — finishes that phase after the others have rolled theirs): Growth d6 (+2 supply d6 per immigrant), foal d6, Boon d10; after the reveal: Hardship d10, Mishap d10 ×2, Raid d10 (re-rolls, fighting d6, horses d6, rifle d6 per death, catastrophe d6), starvation/salt d6s, Winter d6, Happiness 2d6',
  bot: (s, role, l, ctx) => bot(s, role, l, ctx),
  // A resigning settlement is out (it has lost, like an abandoned one); the
  // others play on, and the game ends when fewer than two are left.
  resign(s, role, ctx) {
    const st = byRole(s, role);
    check(st && !st.out && s.stage !== 'over', 'R&A', `${st?.name ?? role} is not in play.`);
    st.out = 'resigned';
    st.outTurn = s.turn;
    st.pending = null;
    st.plan = [];
    st.done = true;
    st.phaseDone = true;
    const text = `${st.name} resigns and leaves the frontier.`;
    ctx.emit({ kind: 'out', text });
    say(s, text);
    const left = active(s).length;
    if (left === 0 || (s.settlements.length > 1 && left < 2)) {
      s.stage = 'over';
      ctx.emit({ kind: 'over', text: 'The game is over.' });
    } else if (s.stage === 'leaders') {
      if (s.settlements.every((x) => x.leader || x.out)) startTurn(s, ctx);
    } else if (s.stage === 'plan') {
      if (active(s).every((x) => x.done)) finishPlanning(s, ctx);
    } else advance(s, ctx);
  },
  onDeadline(s, role) {
    const st = byRole(s, role);
    if (!st || st.out || s.stage === 'over') return null;
    if (s.stage === 'leaders') return st.leader ? null : (leaderLegal(s, st)[0]?.action ?? null);
    if (st.pending) return defaultDecision(st);
    if (planning(s, st)) return st.plan.length ? { type: 'done' } : { type: 'auto' };
    return null;
  },
  summarize,
};

export { advance, planText };
