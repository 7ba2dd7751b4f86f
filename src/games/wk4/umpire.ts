// The umpire's part: every proposal the engine made (retreats, diversions,
// exploitation, counterattack, initiative) is accepted, changed to another
// option, or overridden with a note; the umpire may adjust the board by hand
// (with a note), add a fog-of-war surprise, and rules on challenges. With the
// engine as umpire every proposal keeps its default and every challenge is
// answered "the results stand". Every ruling is logged (events) and kept;
// approving or choosing may carry the umpire's note, kept with the ruling.
import { check, RuleError } from '../../engine/errors.ts';
import type { Action, Ctx, LegalAction, Role } from '../../engine/types.ts';
import { UMPIRE } from '../../engine/types.ts';
import { hexLabel, mapOf, resolveHex } from './geo.ts';
import { say } from './report.ts';
import { secondaryBattle } from './combat.ts';
import { reorderInitiative } from './season.ts';
import { nationName, type Proposal, type Wk4State } from './state.ts';

export const RU = 'WK4 Turn Results and Challenges';

function rule(s: Wk4State, ctx: Ctx, text: string, to: Role[] | null): void {
  s.rulings.push(text);
  ctx.emit({ kind: 'ruling', text, ...(to ? { to } : {}) });
  say(s, to, text);
}

const open = (s: Wk4State) => s.proposals.filter((p) => p.status === 'proposed');

/**
 * Who hears the ruling on a proposal (docs/wk4-visibility.md): the nations it
 * concerns, except an initiative tie, whose very existence tells each tied
 * nation what the others spent: that ruling is the umpire's alone, and the
 * nations read only the order of movement it gives, in the season's report.
 */
const heardBy = (p: Proposal): Role[] => (p.kind === 'initiative' ? [UMPIRE] : p.nations);

export type UmpireStage = 'initiative' | 'review' | 'ruling';

export function umpireLegal(s: Wk4State, role: Role, stage: UmpireStage): LegalAction[] {
  if (role !== UMPIRE) return [];
  const out: LegalAction[] = [];
  if (stage !== 'ruling') {
    for (const p of open(s)) {
      out.push({
        action: { type: 'approve', id: p.id },
        label: `Approve ${p.id}: ${p.text} → ${label(p, p.choice)}`,
        sub: 'approve',
        args: { id: p.id },
        // Its label names what fog of war may hide (a retreat hex): only the nations concerned hear the ruling.
        secret: true,
      });
      for (const o of p.options)
        if (o.id !== p.choice)
          out.push({
            action: { type: 'choose', id: p.id, option: o.id },
            label: `${p.id}: ${p.text} → ${o.label}`,
            sub: 'choose',
            args: { id: p.id, option: o.id },
            argLabels: { option: o.label },
            secret: true,
          });
    }
    if (open(s).length)
      out.push({ action: { type: 'approveall' }, label: 'Approve every proposal as it stands', sub: 'approveall', args: {} });
    out.push({
      action: { type: 'publish' },
      label: stage === 'initiative' ? 'Resolve the movement in this order of initiative' : 'Publish the preliminary results',
      sub: 'publish',
      args: {},
    });
  } else {
    s.challenges.forEach((c, i) => {
      if (c.ruling) return;
      for (const v of ['dismissed', 'upheld'])
        out.push({
          action: {
            type: 'rule',
            challenge: i + 1,
            verdict: v,
            note: v === 'dismissed' ? 'The results stand.' : 'Upheld; corrected by the umpire.',
          },
          label: `Challenge ${i + 1} by ${nationName(s, c.nation)}: ${v}`,
          sub: 'rule',
          args: { challenge: String(i + 1), verdict: v },
          // Who challenged, and how many did, is for the umpire and the challenger only.
          secret: true,
        });
    });
    if (s.challenges.every((c) => c.ruling))
      out.push({ action: { type: 'publish' }, label: 'Publish the official results', sub: 'publish', args: {} });
  }
  return out;
}

const label = (p: Proposal, id: string) => p.options.find((o) => o.id === id)?.label ?? id;

/** Carry out a proposal's option: a retreat or diversion moves the force; exploitation or a counterattack may bring on a secondary battle. */
function applyOption(s: Wk4State, p: Proposal, opt: string, ctx: Ctx): void {
  if (p.kind === 'initiative' && opt !== 'as-listed') return reorderInitiative(s, p.group as string[], opt.split('>'));
  if (!p.force || opt === 'none' || opt === 'as-listed') return;
  const f = s.forces[p.force];
  if (!f || !mapOf(s).has(opt)) return;
  if (p.kind === 'exploit' || p.kind === 'counterattack') secondaryBattle(s, ctx, f, opt);
  else f.hex = opt;
}

/** The umpire's optional note on an approval or a choice, kept in the ruling. */
const noteOf = (a: Action): string | null => (typeof a.note === 'string' && a.note.trim() ? a.note.trim() : null);
const withNote = (p: Proposal) => (p.note ? ` Note: ${p.note}` : '');

export function umpireApply(s: Wk4State, stage: UmpireStage, a: Action, ctx: Ctx): 'publish' | null {
  const find = (id: unknown) => {
    const p = s.proposals.find((x) => x.id === id);
    check(
      p,
      RU,
      `No proposal "${id}". Open: ${
        open(s)
          .map((x) => x.id)
          .join(', ') || 'none'
      }.`,
    );
    return p;
  };
  switch (a.type) {
    case 'approve': {
      checkDecide(s, a);
      const p = find(a.id);
      p.status = 'accepted';
      p.note = noteOf(a);
      rule(s, ctx, `Umpire approves ${p.id}: ${p.text} → ${label(p, p.choice)}.${withNote(p)}`, heardBy(p));
      return null;
    }
    case 'approveall':
      for (const p of open(s)) {
        p.status = 'accepted';
        rule(s, ctx, `Umpire approves ${p.id}: ${p.text} → ${label(p, p.choice)}.`, heardBy(p));
      }
      return null;
    case 'choose': {
      checkDecide(s, a);
      const p = find(a.id);
      p.choice = String(a.option);
      p.status = 'edited';
      p.note = noteOf(a);
      applyOption(s, p, p.choice, ctx);
      rule(s, ctx, `Umpire rules ${p.id}: ${p.text} → ${label(p, p.choice)}.${withNote(p)}`, heardBy(p));
      return null;
    }
    case 'override': {
      checkOverride(s, a);
      const p = find(a.id);
      p.status = 'overridden';
      p.note = String(a.note);
      rule(s, ctx, `Umpire overrides ${p.id} (${p.text}): ${p.note}`, heardBy(p));
      return null;
    }
    case 'adjust':
      checkAdjust(s, a);
      adjust(s, String(a.what), ctx, String(a.note));
      return null;
    case 'note': {
      checkNote(s, a);
      const to = a.to ? [String(a.to)] : null;
      rule(s, ctx, `Umpire's note${to ? ` to ${nationName(s, to[0])}` : ''}: ${a.text}`, to);
      return null;
    }
    case 'rule': {
      checkRule(s, stage, a);
      const c = s.challenges[Number(a.challenge) - 1];
      c.ruling = `${a.verdict}: ${a.note}`;
      rule(s, ctx, `Umpire rules on the challenge of ${nationName(s, c.nation)} ("${c.reason}"): ${c.ruling}`, [c.nation]);
      return null;
    }
    case 'publish':
      if (stage !== 'ruling')
        for (const p of open(s)) {
          p.status = 'accepted';
          rule(s, ctx, `${p.id} stands as proposed: ${p.text} → ${label(p, p.choice)}.`, heardBy(p));
        }
      else
        check(
          s.challenges.every((c) => c.ruling),
          RU,
          'Rule on every challenge first.',
        );
      return 'publish';
    default:
      throw new RuleError(
        RU,
        `The umpire approves, chooses, overrides, adjusts, notes${stage === 'ruling' ? ', rules' : ''} or publishes now (not ${a.type}).`,
      );
  }
}

/** Approve or choose: an open proposal, one of its options, and a note if any is text. */
export function checkDecide(s: Wk4State, a: Action): void {
  const p = s.proposals.find((x) => x.id === a.id);
  check(
    p && p.status === 'proposed',
    RU,
    `${p ? `${p.id} is settled already` : `No proposal "${String(a.id)}"`}. Open: ${
      open(s)
        .map((x) => x.id)
        .join(', ') || 'none'
    }.`,
  );
  if (a.type === 'choose')
    check(
      p.options.some((o) => o.id === a.option),
      RU,
      `Choose one of: ${p.options.map((o) => `${o.id} (${o.label})`).join(', ')}.`,
    );
  check(a.note === undefined || typeof a.note === 'string', RU, 'A note is text.');
}

export function checkOverride(s: Wk4State, a: Action): void {
  check(
    s.proposals.some((p) => p.id === a.id && p.status === 'proposed'),
    RU,
    `Override an open proposal: ${
      open(s)
        .map((p) => p.id)
        .join(', ') || 'none'
    }.`,
  );
  check(typeof a.note === 'string' && a.note.trim().length > 0, RU, 'An override needs a note saying what you rule instead.');
}

export function checkNote(s: Wk4State, a: Action): void {
  check(typeof a.text === 'string' && a.text.trim().length > 0, RU, 'A note needs its text.');
  if (a.to) check(s.nations[String(a.to)], RU, `Send a note to a nation (${s.order.join(', ')}), or to everyone.`);
}

export function checkRule(s: Wk4State, stage: string, a: Action): void {
  check(stage === 'ruling', RU, 'Challenges are ruled on after the challenge window closes.');
  const c = s.challenges[Number(a.challenge) - 1];
  check(
    c && !c.ruling,
    RU,
    `Rule on an open challenge: ${
      s.challenges
        .map((x, i) => (x.ruling ? null : i + 1))
        .filter(Boolean)
        .join(', ') || 'none'
    }.`,
  );
  check(a.verdict === 'upheld' || a.verdict === 'dismissed', RU, 'A challenge is upheld or dismissed.');
  check(typeof a.note === 'string' && a.note.trim().length > 0, RU, 'A ruling needs a note.');
}

/**
 * Umpire's hand adjustments: "move <force> <hex>", "remove <force>", "owner <centre> <nation|none>",
 * "treasury <nation> <±n>", "lord <id> free|dead|captured".
 */
export function checkAdjust(s: Wk4State, a: Action): void {
  check(typeof a.note === 'string' && a.note.trim().length > 0, RU, 'An adjustment needs a note saying why.');
  const w = String(a.what ?? '')
    .trim()
    .split(/\s+/);
  const usage =
    'Adjust with: move <force> <hex>; remove <force>; owner <centre> <nation|none>; treasury <nation> <+n|-n>; lord <lord> free|dead|captured.';
  switch (w[0]) {
    case 'move':
      check(s.forces[w[1]], RU, `No force "${w[1]}".`);
      resolveHex(s, w.slice(2).join(' '), RU);
      return;
    case 'remove':
      check(s.forces[w[1]], RU, `No force "${w[1]}".`);
      return;
    case 'owner':
      check(mapOf(s).hasCentre(w[1]), RU, `No centre "${w[1]}".`);
      check(w[2] === 'none' || s.nations[w[2]], RU, `Owner is a nation id or none.`);
      return;
    case 'treasury':
      check(s.nations[w[1]] && /^[+-]?\d+$/.test(w[2] ?? ''), RU, 'treasury <nation> <+n|-n>.');
      return;
    case 'lord':
      check(s.lords[w[1]] && ['free', 'dead', 'captured'].includes(w[2]), RU, 'lord <lord id> free|dead|captured.');
      return;
    default:
      throw new RuleError(RU, usage);
  }
}

function adjust(s: Wk4State, what: string, ctx: Ctx, note: string): void {
  const w = what.trim().split(/\s+/);
  let text = '';
  let to: Role[] | null = null;
  if (w[0] === 'move') {
    const f = s.forces[w[1]];
    f.hex = resolveHex(s, w.slice(2).join(' '), RU);
    to = [f.nation];
    text = `${f.id} is placed at ${hexLabel(s, f.hex)}`;
  } else if (w[0] === 'remove') {
    const f = s.forces[w[1]];
    to = [f.nation];
    delete s.forces[w[1]];
    text = `${w[1]} is removed`;
  } else if (w[0] === 'owner') {
    s.owner[w[1]] = w[2] === 'none' ? null : w[2];
    text = `${mapOf(s).centre(w[1]).name} is held by ${w[2] === 'none' ? 'nobody' : nationName(s, w[2])}`;
  } else if (w[0] === 'treasury') {
    s.nations[w[1]].treasury = Math.max(0, s.nations[w[1]].treasury + Number(w[2]));
    to = [w[1]];
    text = `${nationName(s, w[1])}'s treasury changes by ${w[2]}`;
  } else if (w[0] === 'lord') {
    s.lords[w[1]].status = w[2] as 'free';
    to = [s.lords[w[1]].nation];
    text = `${s.lords[w[1]].name} is ${w[2]}`;
  }
  rule(s, ctx, `Umpire's adjustment: ${text}: ${note}`, to);
}

/** The engine as umpire: each proposal keeps its documented default. */
export function engineReview(s: Wk4State, ctx: Ctx): void {
  for (const p of open(s)) {
    p.status = 'accepted';
    rule(s, ctx, `Engine umpire: ${p.id} ${p.text} → ${label(p, p.choice)} (default).`, heardBy(p));
  }
}

export function engineRuling(s: Wk4State, ctx: Ctx): void {
  s.challenges.forEach((c) => {
    if (c.ruling) return;
    c.ruling =
      'dismissed: the engine as umpire lets the results stand (default); a moderator may adjust by hand with /wk4 umpire adjust in a human-umpired game.';
    rule(s, ctx, `Challenge of ${nationName(s, c.nation)} ("${c.reason}"): ${c.ruling}`, [c.nation]);
  });
}
