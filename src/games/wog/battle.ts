// Phase Three: Resolve Battles. The IP orders the battles; each one chooses
// commanders (nIP first), siege or battle, then rounds until one side is gone
// or retreats (nIP decides first). Sieges, flights and retreats are nested
// procedures (siege.ts, retreat.ts).
import { RuleError } from '../../engine/errors.ts';
import { retWith, type Procedure } from '../../engine/flow.ts';
import { call } from '../../engine/procstack.ts';
import type { Action, Ctx, LegalAction, Prompt } from '../../engine/types.ts';
import { battleDice, braveryMods, rollHits, jeanneDuel } from './battle-dice.ts';
import { act, mustBeLegal } from './common.ts';
import { callLosses } from './losses.ts';
import { retreatTargets, type RetreatFrame } from './retreat.ts';
import { resolveSiege, type FleeFrame } from './siege.ts';
import {
  areaName,
  contested,
  data,
  enemy,
  isKing,
  leaderName,
  leadersIn,
  nip,
  nipFirst,
  note,
  rank,
  sideName,
  type Side,
  type WogState,
} from './state.ts';
import { plural } from '../../messages/text.ts';

const RULE = 'WoG Phase 3';

export interface BattlesFrame {
  proc: 'battles';
  step: 'pick';
  [k: string]: unknown;
}

export interface BattleFrame {
  proc: 'battle';
  step: 'bc' | 'mode' | 'round' | 'decide' | 'done';
  area: string;
  bc: Record<Side, string | null>;
  decider: Side;
  round: number;
  /** The last round whose losses and Elimination rolls are done (the snapshot label). */
  settled?: number;
  /** The last round's dice, as told (the close-up shows them). */
  rolls?: string[];
  [k: string]: unknown;
}

function battlesLegal(s: WogState): LegalAction[] {
  return contested(s).map((a) => act('battle', `Resolve the battle in ${areaName(a)}`, { area: a }, { area: areaName(a) }));
}

function startBattle(s: WogState, a: string, ctx: Ctx): void {
  note(s, ctx, 'battle', `Battle in ${areaName(a)}.`);
  call(s.stack, {
    proc: 'battle',
    step: 'bc',
    area: a,
    bc: { english: null, french: null },
    decider: nip(s),
    round: 0,
  } satisfies BattleFrame);
}

export const battlesProc: Procedure<WogState, BattlesFrame> = {
  prompts: (s) => [
    {
      role: s.ip!,
      text: 'Choose the next battle to resolve (/wog battle).',
      decision: `t${s.turn}:battles:${contested(s).join(',')}`,
      buttons: true,
    },
  ],
  legal: (s, _f, role) => (role === s.ip ? battlesLegal(s) : []),
  auto(s, _f, ctx) {
    const c = contested(s);
    if (c.length === 0) {
      retWith(s.stack);
      return true;
    }
    if (c.length === 1) {
      startBattle(s, c[0]!, ctx);
      return true;
    }
    return false;
  },
  apply(s, _f, role, a, ctx) {
    if (role !== s.ip) throw new RuleError(RULE, 'Battles are resolved in the order the initiative player chooses.');
    mustBeLegal(battlesLegal(s), a, RULE, 'Choose an area holding leaders of both sides.');
    startBattle(s, String(a.area), ctx);
  },
};

/**
 * BC candidates: the side's highest-ranking leaders there. Reading of "can be
 * 3-star leader other than King": when the highest rank is 3, any 3-star may
 * command, the king need not.
 */
export function bcCandidates(s: WogState, side: Side, a: string): string[] {
  const ls = leadersIn(s, a, side);
  const top = Math.max(...ls.map((l) => rank(s, l.id)));
  return ls
    .filter((l) => rank(s, l.id) === top)
    .map((l) => l.id)
    .sort();
}

const bcTurn = (s: WogState, f: BattleFrame): Side | null => nipFirst(s).find((x) => f.bc[x] === null) ?? null;

function decideLegal(s: WogState, f: BattleFrame, side: Side): LegalAction[] {
  const out = [act('continue', `Fight another round in ${areaName(f.area)}`)];
  if (retreatTargets(s, side, f.area).length) out.push(act('retreat', `Retreat from ${areaName(f.area)} (the enemy pursues)`));
  const agg = s.aggressor[f.area];
  if (agg && agg !== side && (s.misses[f.area] ?? 0) >= data().charts.battle.missesToForceRetreat)
    out.push(act('force', `Force the ${sideName(agg)} aggressor to retreat (three misses)`));
  return out;
}

const legalBc = (s: WogState, f: BattleFrame, role: Side): LegalAction[] =>
  bcTurn(s, f) !== role
    ? []
    : bcCandidates(s, role, f.area).map((id) =>
        act('commander', `${leaderName(s, id)} commands in ${areaName(f.area)}`, { leader: id }, { leader: leaderName(s, id) }),
      );

const legalMode = (s: WogState, f: BattleFrame, role: Side): LegalAction[] =>
  s.control[f.area] !== role
    ? []
    : [act('siege', `Be besieged in ${areaName(f.area)}`), act('fight', `Fight a battle in ${areaName(f.area)}`)];

const legalDecide = (s: WogState, f: BattleFrame, role: Side): LegalAction[] => (role === f.decider ? decideLegal(s, f, role) : []);

/** One battle round: the Jeanne duel, the dice, hits on 6+, misses, losses, Elimination rolls. */
export function battleRound(s: WogState, f: BattleFrame, outer: Ctx): void {
  const bc = f.bc as Record<Side, string>;
  f.round++;
  const rolls: string[] = [];
  f.rolls = rolls;
  const ctx: Ctx = {
    dice: outer.dice,
    emit: (e) => {
      if (e.kind === 'jeanne' || e.kind === 'round') rolls.push(e.text);
      outer.emit(e);
    },
  };
  const silent = jeanneDuel(s, bc, ctx);
  const mods = braveryMods(s, bc);
  const hits: Record<Side, number> = { english: 0, french: 0 };
  for (const side of ['english', 'french'] as Side[]) {
    if (silent[side]) continue;
    const d = battleDice(s, side, f.area, bc[side]);
    const r = rollHits(s, ctx, side, d.dice, mods[side], `Battle ${areaName(f.area)} round ${f.round}`);
    hits[side] = r.hits;
    note(
      s,
      ctx,
      'round',
      `${sideName(side)}: ${d.dice} dice (BR ${d.br}, strength ${d.strength}, longbows ${d.longbows})` +
        `${mods[side] ? ` at +${mods[side]}` : ''}: ${r.faces.join(' ') || '-'} → ${plural(r.hits, 'hit')}.`,
    );
  }
  const agg = s.aggressor[f.area];
  if (agg) s.misses[f.area] = hits[agg] > 0 ? 0 : (s.misses[f.area] ?? 0) + 1;
  // Each side removes what the other side hit (the losses procedure, nIP first).
  callLosses(s, f.area, bc, { english: hits.french, french: hits.english });
}

function over(s: WogState, f: BattleFrame): boolean {
  return leadersIn(s, f.area, 'english').length === 0 || leadersIn(s, f.area, 'french').length === 0;
}

type Act = (s: WogState, f: BattleFrame, side: Side, a: Action, ctx: Ctx) => void;

/** One step of a battle: who is asked what, the listed choices, the actions it takes, its automatic progress. */
interface BattleStepDef {
  ask?(s: WogState, f: BattleFrame): Prompt;
  legal?(s: WogState, f: BattleFrame, role: Side): LegalAction[];
  /** The actions this step takes, by type. */
  acts?: Record<string, Act>;
  /** Automatic progress; absent or false: a player must decide. */
  auto?(s: WogState, f: BattleFrame, ctx: Ctx): boolean;
  /** Why a choice of this step is refused. */
  why?: string;
}

const retreatAct: Act = (s, f, side, a, ctx) => {
  const who = a.type === 'retreat' ? side : enemy(side);
  note(
    s,
    ctx,
    'retreat',
    `The ${sideName(who)} retreat from ${areaName(f.area)}${a.type === 'force' ? ' (forced after three misses)' : ''}.`,
  );
  f.step = 'done';
  call(s.stack, { proc: 'retreat', step: 'to', area: f.area, side: who, bc: f.bc as Record<Side, string> } satisfies RetreatFrame);
};

/** The battle's steps in the order they run (Phase 3): commanders, siege or battle, rounds, continue or retreat. */
const BATTLE_STEPS: Record<BattleFrame['step'], BattleStepDef> = {
  bc: {
    ask: (s, f) => {
      const side = bcTurn(s, f)!;
      return {
        role: side,
        text: `Choose your battle commander in ${areaName(f.area)} (/wog commander).`,
        decision: `t${s.turn}:bc:${f.area}:${side}`,
        buttons: true,
      };
    },
    legal: legalBc,
    acts: {
      commander(s, f, side, a, ctx) {
        const id = String(a.leader);
        f.bc[side] = id;
        note(s, ctx, 'bc', `${leaderName(s, id)}${isKing(s, id) ? ' (king)' : ''} commands the ${sideName(side)} in ${areaName(f.area)}.`);
      },
    },
    // nIP first; a side with one candidate has him chosen for it.
    auto(s, f) {
      const side = bcTurn(s, f);
      if (side === null) {
        f.step = 'mode';
        return true;
      }
      const c = bcCandidates(s, side, f.area);
      if (c.length !== 1) return false;
      f.bc[side] = c[0]!;
      return true;
    },
    why: 'The battle commander must be one of your highest-ranking leaders there.',
  },
  mode: {
    ask: (s, f) => ({
      role: s.control[f.area]!,
      text: `You control ${areaName(f.area)}: be besieged (/wog siege) or fight (/wog fight)?`,
      decision: `t${s.turn}:mode:${f.area}`,
      buttons: true,
    }),
    legal: legalMode,
    acts: {
      siege(s, f, side, _a, ctx) {
        const fled = resolveSiege(s, f.area, side, f.bc as Record<Side, string>, ctx);
        f.step = 'done';
        if (fled) call(s.stack, { proc: 'flee', step: 'go', area: f.area, side: enemy(side), used: {} } satisfies FleeFrame);
      },
      fight(_s, f) {
        f.step = 'round';
      },
    },
    // Only the area's controller may choose a siege; elsewhere it is a battle.
    auto(s, f) {
      const ctl = s.control[f.area];
      if (ctl === 'english' || ctl === 'french') return false;
      f.step = 'round';
      return true;
    },
  },
  round: {
    auto(s, f, ctx) {
      battleRound(s, f, ctx);
      if (s.stack.frames.at(-1) === f) f.settled = f.round; // no hits: no losses to wait for
      f.step = 'decide';
      f.decider = nip(s);
      return true;
    },
  },
  decide: {
    ask: (s, f) => ({
      role: f.decider,
      text: `Round ${f.round} in ${areaName(f.area)} is over: /wog continue or /wog retreat?`,
      decision: `t${s.turn}:decide:${f.area}:${f.round}:${f.decider}`,
      buttons: true,
    }),
    legal: legalDecide,
    acts: {
      // The nIP, then the IP, says continue; then the next round.
      continue(s, f) {
        if (f.decider === nip(s)) f.decider = s.ip!;
        else f.step = 'round';
      },
      retreat: retreatAct,
      force: retreatAct,
    },
  },
  done: {},
};

export const battleProc: Procedure<WogState, BattleFrame> = {
  prompts(s, f) {
    const ask = BATTLE_STEPS[f.step].ask;
    return ask ? [ask(s, f)] : [];
  },
  legal: (s, f, role) => BATTLE_STEPS[f.step].legal?.(s, f, role as Side) ?? [],
  // The round's losses (and any retreat or flight) are done.
  resume(_s, f) {
    f.settled = f.round;
  },
  auto(s, f, ctx) {
    if (f.step === 'done' || over(s, f)) {
      if (over(s, f)) note(s, ctx, 'battle', `The battle in ${areaName(f.area)} is over.`);
      retWith(s.stack);
      return true;
    }
    return BATTLE_STEPS[f.step].auto?.(s, f, ctx) ?? false;
  },
  apply(s, f, role, a, ctx) {
    const side = role as Side;
    const step = BATTLE_STEPS[f.step];
    const legal = step.legal?.(s, f, side) ?? [];
    if (!legal.length) throw new RuleError(RULE, 'The other side decides now.');
    mustBeLegal(legal, a, RULE, step.why ?? 'That is not a choice of this battle now.');
    step.acts![a.type]!(s, f, side, a, ctx);
  },
};
