// Activating Units (p.11): any combination of move, fire and one formation
// change (after moving), or move and initiate melee, or reform a square or a
// mob on the spot. The colour downgrades at the end (not with a Queen).
import { RuleError } from '../../engine/errors.ts';
import { call } from '../../engine/procstack.ts';
import { retWith, type Procedure } from '../../engine/flow.ts';
import type { Ctx, LegalAction } from '../../engine/types.ts';
import { downgrade } from './casualties.ts';
import { act } from './common.ts';
import { attackFacts, factsText } from './facts.ts';
import { cannotFire, checkFire, firePlan, FIRE_RULE, resolveFire } from './fire.ts';
import { cannotCharge, checkCharge, meleeFrame, MELEE_RULE } from './melee.ts';
import { allowance, checkMove, moveFacts } from './movement.ts';
import { alive, isArtillery, note, other, type AtkmState, type Formation, type Side, type Unit } from './state.ts';

export const ACT_RULE = 'ATKM Activating Units';

export interface ActivationFrame {
  proc: 'activation';
  step: 'act';
  side: Side;
  unit: string;
  moved: boolean;
  formed: boolean;
  fired: boolean;
  charged: boolean;
  /** Queen: no downgrade for the activation. Jack: full movement. */
  queen: boolean;
  jack: boolean;
  [k: string]: unknown;
}

/** Formations a unit may take by choice (square only as a defence against cavalry). */
export function formationsOf(u: Unit): Formation[] {
  if (u.type === 'skirmisher') return ['skirmish'];
  if (isArtillery(u.type)) return ['limbered', 'deployed'];
  return ['line', 'column'];
}

/** Must this activation only change formation (a mob reforming, a square opening)? */
const onlyReform = (u: Unit) => u.mob || u.formation === 'square';

export function activationLegal(s: AtkmState, f: ActivationFrame, role: string): LegalAction[] {
  if (role !== f.side) return [];
  const u = s.units[f.unit]!;
  const out: LegalAction[] = [];
  if (u.gone) return [];
  if (onlyReform(u)) {
    for (const fm of formationsOf(u))
      if (u.mob || fm !== u.formation)
        out.push(
          act('form', `${u.mob ? 'Reform the mob' : 'Open the square'} ${u.name} into ${fm} (nothing else this activation)`, {
            formation: fm,
          }),
        );
    if (u.type === 'skirmisher' && !u.mob) out.push(act('done', `End ${u.name}'s activation`));
    return out;
  }
  if (!f.moved && !f.formed) {
    const a = allowance(u, { inches: null, terrain: false, backward: false, road: false }, f.jack);
    out.push(act('move', `Move ${u.name} (up to ${a.inches}" forward in open ground)`));
  }
  if (!f.formed && !(u.type === 'skirmisher'))
    for (const fm of formationsOf(u))
      if (fm !== u.formation) out.push(act('form', `${u.name} forms ${fm}${f.moved ? '' : ' on the spot'}`, { formation: fm }));
  const facts = attackFacts({ type: 'x' }, ACT_RULE);
  if (!f.fired && !cannotFire(u))
    for (const t of alive(s, other(u.side))) {
      const p = firePlan(u, t, facts);
      out.push(
        act(
          'fire',
          `${u.name} fires on ${t.name} (${p.attDice} ${p.attColor} dice against ${p.defDice} ${p.defColor})`,
          { target: t.id },
          { target: t.name },
        ),
      );
    }
  if (!f.moved && !f.fired && !f.formed)
    for (const t of alive(s, other(u.side)))
      if (!cannotCharge(u, t, facts))
        out.push(act('charge', `${u.name} charges ${t.name} (move into contact and melee)`, { target: t.id }, { target: t.name }));
  out.push(act('done', `End ${u.name}'s activation`));
  return out;
}

export function endActivation(s: AtkmState, f: ActivationFrame, ctx: Ctx): void {
  const u = s.units[f.unit]!;
  if (!u.gone && !f.charged) {
    if (f.queen) note(s, ctx, 'activation', `${u.name}'s activation ends; the Queen spares its colour (${u.color}).`);
    else {
      const was = u.color;
      downgrade(u);
      note(
        s,
        ctx,
        'activation',
        `${u.name}'s activation ends: ${was === 'red' ? 'red, so it gets a disorder marker and cannot act again this turn' : `${was} → ${u.color}`}.`,
      );
    }
  }
  retWith(s.stack, 'activated');
}

const step = (
  sub: string,
  check: (s: AtkmState, f: ActivationFrame, u: Unit, a: Record<string, unknown>) => void,
  label: (s: AtkmState, f: ActivationFrame, u: Unit, a: Record<string, unknown>) => string,
) => ({
  sub,
  check(s: AtkmState, f: ActivationFrame, role: string, a: Record<string, unknown>) {
    if (role !== f.side) throw new RuleError(ACT_RULE, 'It is the other army that has a unit activated now.');
    check(s, f, s.units[f.unit]!, a);
  },
  label: (s: AtkmState, f: ActivationFrame, _r: string, a: Record<string, unknown>) => label(s, f, s.units[f.unit]!, a),
});

function mayDo(u: Unit, f: ActivationFrame, what: 'move' | 'fire' | 'charge'): void {
  if (onlyReform(u))
    throw new RuleError(
      ACT_RULE,
      `${u.name} is ${u.mob ? 'a mob' : 'in square'}: this activation may only change its formation (/atkm form).`,
    );
  if (what === 'move' && (f.moved || f.formed))
    throw new RuleError(
      ACT_RULE,
      f.moved ? `${u.name} has already moved in this activation.` : 'A formation change comes after movement: no moving after it (p.8).',
    );
  if (what === 'fire' && f.fired) throw new RuleError(FIRE_RULE, `${u.name} has already fired in this activation.`);
  if (what === 'charge' && (f.moved || f.fired || f.formed))
    throw new RuleError(
      MELEE_RULE,
      'A charge is the whole activation: move and initiate melee, with no fire or formation change first (p.11).',
    );
}

export const activationProc: Procedure<AtkmState, ActivationFrame> = {
  prompts(s, f) {
    const u = s.units[f.unit]!;
    return [
      {
        role: f.side,
        text: `${u.name} is activated: move, fire, form or charge, then /atkm done.`,
        decision: `act:${s.turn}:${s.deck.discard.length}:${f.unit}`,
      },
    ];
  },
  legal: activationLegal,
  auto(s, f, ctx) {
    const u = s.units[f.unit]!;
    if (u.gone || s.over) {
      retWith(s.stack, 'activated');
      return true;
    }
    const left = activationLegal(s, f, f.side).filter((l) => l.sub !== 'done');
    if (!left.length && (f.moved || f.fired || f.formed)) {
      endActivation(s, f, ctx);
      return true;
    }
    return false;
  },
  resume(s, f, _r, ctx) {
    // After a charge the melee has set both colours: the activation is over.
    endActivation(s, f, ctx);
  },
  open: {
    move: step(
      'move',
      (_s, f, u, a) => {
        mayDo(u, f, 'move');
        checkMove(u, moveFacts(a as never), f.jack);
      },
      (_s, f, u, a) =>
        `Move ${u.name}${moveFacts(a as never).inches ? ` ${moveFacts(a as never).inches}"` : ''} (${allowance(u, moveFacts(a as never), f.jack).why})`,
    ),
    fire: step(
      'fire',
      (s, f, u, a) => {
        mayDo(u, f, 'fire');
        checkFire(s, u, s.units[String(a.target)], attackFacts(a as never, FIRE_RULE));
      },
      (s, _f, u, a) => `${u.name} fires on ${s.units[String(a.target)]?.name ?? a.target}${factsText(attackFacts(a as never, FIRE_RULE))}`,
    ),
    charge: step(
      'charge',
      (s, f, u, a) => {
        mayDo(u, f, 'charge');
        checkCharge(u, s.units[String(a.target)], attackFacts(a as never, MELEE_RULE));
      },
      (s, _f, u, a) => `${u.name} charges ${s.units[String(a.target)]?.name ?? a.target}${factsText(attackFacts(a as never, MELEE_RULE))}`,
    ),
  },
  apply(s, f, role, a, ctx) {
    if (role !== f.side) throw new RuleError(ACT_RULE, 'It is the other army that has a unit activated now.');
    const u = s.units[f.unit]!;
    switch (a.type) {
      case 'move': {
        mayDo(u, f, 'move');
        const why = checkMove(u, moveFacts(a), f.jack);
        f.moved = true;
        const inches = moveFacts(a).inches;
        note(s, ctx, 'move', `${u.name} moves${inches ? ` ${inches}"` : ''} (allowed ${why}).`);
        s.last = { kind: 'move', text: `${u.name} moves`, unit: u.id };
        return;
      }
      case 'form': {
        const fm = String(a.formation) as Formation;
        if (f.formed) throw new RuleError(ACT_RULE, 'Only one formation change per activation (p.15).');
        if (!formationsOf(u).includes(fm) || (!u.mob && fm === u.formation))
          throw new RuleError(
            ACT_RULE,
            `${u.name} may form ${
              formationsOf(u)
                .filter((x) => u.mob || x !== u.formation)
                .join(' or ') || 'nothing else'
            } now.`,
          );
        const reform = onlyReform(u);
        u.mob = false;
        u.formation = fm;
        f.formed = true;
        note(s, ctx, 'form', `${u.name} ${reform ? 'reforms' : 'forms'} ${fm}.`);
        s.last = { kind: 'form', text: `${u.name} forms ${fm}`, unit: u.id };
        if (reform) endActivation(s, f, ctx);
        return;
      }
      case 'fire': {
        mayDo(u, f, 'fire');
        const facts = attackFacts(a, FIRE_RULE);
        const t = s.units[String(a.target)];
        checkFire(s, u, t, facts);
        f.fired = true;
        resolveFire(s, u, t, facts, ctx);
        return;
      }
      case 'charge': {
        mayDo(u, f, 'charge');
        const facts = attackFacts(a, MELEE_RULE);
        const t = s.units[String(a.target)];
        checkCharge(u, t, facts);
        f.moved = true;
        f.charged = true;
        call(s.stack, meleeFrame(s, u, t, facts));
        return;
      }
      case 'done':
        endActivation(s, f, ctx);
        return;
      default:
        throw new RuleError(
          ACT_RULE,
          `${u.name} may move, fire, form, charge or end its activation (/atkm done).`,
          activationLegal(s, f, role).map((l) => l.label),
        );
    }
  },
};
