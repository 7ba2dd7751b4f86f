// Activating Units (p.11): any combination of move, fire and one formation
// change (after moving), or move and initiate melee, or reform a square or a
// mob on the spot. The colour downgrades at the end (not with a Queen).
import { RuleError } from '../../engine/errors.ts';
import { call } from '../../engine/procstack.ts';
import { retWith, type Procedure } from '../../engine/flow.ts';
import type { Ctx, LegalAction } from '../../engine/types.ts';
import { cardDecision, cardLegal, type CardFrame } from './cards.ts';
import { mustBeLegal } from './common.ts';
import { actBase, activationSteps } from './act.ts';
import { downgrade } from './casualties.ts';
import { memo, tableKey } from './memo.ts';
import { act } from './common.ts';
import { attackFacts, factsText } from './facts.ts';
import { cannotFire, checkFire, firePlan, FIRE_RULE, resolveFire } from './fire.ts';
import { cannotCharge, checkCharge, meleeFrame, MELEE_RULE } from './melee.ts';
import { allowance, checkMove, moveFacts } from './movement.ts';
import { alive, cardName, isArtillery, note, other, typeData, unitNamed, type AtkmState, type Formation, type Unit } from './state.ts';
import { gap, measuredCharge, measuredFire, place, tabletop, tu } from './table.ts';
import { approach, attempt, checkMove as checkTableMove, baseAllowance, orderExamples, type MoveResult } from './tabletop/index.ts';
import type { Action } from '../../engine/types.ts';
import type { AttackFacts } from './facts.ts';
import type { ActivationFrame } from './activation-frame.ts';

/** Tabletop mode measures: facts typed by the player are refused rather than silently ignored. */
function noFacts(a: Record<string, unknown>, rule: string): AttackFacts {
  const typed = ['close', 'aspect', 'cover', 'high', 'building', 'firing'].filter((k) => a[k] !== undefined && a[k] !== '');
  if (typed.length)
    throw new RuleError(
      rule,
      `On the virtual tabletop the bot measures ${typed.join(', ')} itself: leave ${typed.length > 1 ? 'them' : 'it'} out.`,
    );
  return attackFacts({ type: 'x' }, rule);
}

/** A move order checked on the table (the order text, e.g. "forward:6 wheel:45" or "24,18"). */
function tableMove(s: AtkmState, u: Unit, a: Record<string, unknown>, f: ActivationFrame): MoveResult {
  const order = String(a.order ?? '').trim();
  const units = alive(s).map((x) => ({
    id: x.id,
    name: x.name,
    side: x.side,
    type: x.type,
    formation: x.mob ? ('mob' as const) : x.formation,
    figures: x.figures,
    x: x.x,
    y: x.y,
    facing: x.facing,
  }));
  if (!order)
    throw new RuleError(
      'ATKM Moving Your Troops',
      'Say where: order:"x,y", "forward:<inches>", "wheel:<degrees> forward:<inches>" or "toward:<unit>".',
      orderExamples(s.table!, units, u.id, { fullMovement: f.jack }),
    );
  for (const k of ['inches', 'terrain', 'backward', 'road'])
    if (a[k] !== undefined && a[k] !== '')
      throw new RuleError('ATKM Moving Your Troops', `On the virtual tabletop give an order, not ${k}: the bot measures.`);
  if (f.formed && /form:/.test(order)) throw new RuleError(ACT_RULE, 'Only one formation change per activation (p.15).');
  const r = checkTableMove(s.table!, units, u.id, order, { fullMovement: f.jack });
  if (r.charged)
    throw new RuleError(
      'ATKM Making Contact',
      `That move ends in contact with ${s.units[r.charged]?.name ?? r.charged}: that is a charge (/atkm charge target:).`,
    );
  return r;
}

/** A formation change on the spot, checked by the tabletop (the new footprint must fit: p.15, units block). */
function formOnTable(s: AtkmState, u: Unit, fm: Formation): MoveResult {
  return checkTableMove(s.table!, alive(s).map(tu), u.id, `form:${fm}`);
}

const fits = (s: AtkmState, u: Unit, fm: Formation): boolean =>
  !tabletop(s) || memo(`fits|${u.id}|${fm}|${tableKey(s)}`, () => attempt(() => formOnTable(s, u, fm)) !== null);

/** Could a charge reach at all (a cheap bound before measuring the move)? */
const inReach = (u: Unit, t: Unit) => gap(u, t) <= baseAllowance({ type: u.type, formation: u.formation }) + 16;

/** Does a charge on t reach it (measured once per position)? */
const reachable = (s: AtkmState, key: string, u: Unit, t: Unit, jack: boolean): boolean =>
  memo(`charge|${u.id}|${t.id}|${jack}|${key}`, () => attempt(() => measuredCharge(s, u, t, jack)) !== null);

/** Listed moves (buttons, bots): the longest legal advance toward each of the two nearest enemies, short of contact. */
function tableMoves(s: AtkmState, u: Unit, jack: boolean): LegalAction[] {
  const foes = alive(s, other(u.side)).sort((a, b) => gap(u, a) - gap(u, b));
  const out: LegalAction[] = [];
  if (baseAllowance({ type: u.type, formation: u.mob ? 'mob' : u.formation }) <= 0) return out;
  for (const foe of foes.slice(0, 1)) {
    const r = memo(`approach|${u.id}|${foe.id}|${jack}|${tableKey(s)}`, () => {
      const m = approach(s.table!, alive(s).map(tu), u.id, foe.id, { fullMovement: jack, contact: false });
      return m && { order: m.order, distance: m.distance, charged: m.charged };
    });
    if (!r || r.charged || r.distance < 0.5 || out.some((l) => l.args.order === r.order)) continue;
    out.push(act('move', `Move ${u.name} ${r.distance}" toward ${foe.name} (${r.order})`, { order: r.order }));
  }
  return out;
}
export type { Action };

export const ACT_RULE = 'ATKM Activating Units';

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
      if ((u.mob || fm !== u.formation) && fits(s, u, fm))
        out.push(
          act('form', `${u.mob ? 'Reform the mob' : 'Open the square'} ${u.name} into ${fm} (nothing else this activation)`, {
            formation: fm,
          }),
        );
    // Hemmed in so that no formation fits on the table: it can only stand.
    if (!out.length) out.push(act('done', `End ${u.name}'s activation (no room to reform)`));
    return out;
  }
  if (!f.moved && !f.formed) {
    if (tabletop(s)) out.push(...tableMoves(s, u, f.jack));
    else {
      const a = allowance(u, { inches: null, terrain: false, backward: false, road: false }, f.jack);
      out.push(act('move', `Move ${u.name} (up to ${a.inches}" forward in open ground)`));
    }
  }
  if (!f.formed && !(u.type === 'skirmisher'))
    for (const fm of formationsOf(u))
      if (fm !== u.formation && fits(s, u, fm))
        out.push(act('form', `${u.name} forms ${fm}${f.moved ? '' : ' on the spot'}`, { formation: fm }));
  const facts = attackFacts({ type: 'x' }, ACT_RULE);
  const key = tabletop(s) ? tableKey(s) : '';
  if (!f.fired && !cannotFire(u))
    for (const t of alive(s, other(u.side))) {
      const m = tabletop(s) ? memo(`fire|${u.id}|${t.id}|${key}`, () => attempt(() => measuredFire(s, u, t))) : facts;
      if (!m) continue;
      const p = firePlan(u, t, m);
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
      if (!cannotCharge(u, t, facts) && (!tabletop(s) || (inReach(u, t) && reachable(s, key, u, t, f.jack))))
        out.push(act('charge', `${u.name} charges ${t.name} (move into contact and melee)`, { target: t.id }, { target: t.name }));
  out.push(act('done', `End ${u.name}'s activation`));
  return out;
}

/** Referee mode: a reported fire or charge shows the armies within `gap` inches this turn (the range, or the charger's move: AtkmState.closest). */
function reported(s: AtkmState, gap: number): void {
  const by = (s.closest ??= {});
  by[s.turn] = Math.min(gap, by[s.turn] ?? gap);
}

export function endActivation(s: AtkmState, f: ActivationFrame, ctx: Ctx): void {
  const u = s.units[f.unit]!;
  if (!u.gone && !f.charged) {
    if (f.queen) note(s, ctx, 'activation', `${u.name}'s activation ends; the Queen spares its colour (${u.color}).`);
    else {
      const was = u.color;
      downgrade(u, 'it was red when its last activation ended (Units Resolve, p.12)');
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
        // The whole card is one decision: a team's member who activates the unit also moves, fires and ends it.
        decision: cardDecision(s),
      },
    ];
  },
  legal: activationLegal,
  auto(s, f, ctx) {
    const u = s.units[f.unit]!;
    if (u.gone || s.stack.ended) {
      retWith(s.stack, 'activated');
      return true;
    }
    const step = f.steps?.shift();
    if (step) {
      // A unit typed by name; the step is checked and refused like the same command typed alone.
      const target = unitNamed(s, step.target)?.id;
      activationProc.apply!(s, f, f.side, target ? { ...step, target } : step, ctx);
      return true;
    }
    delete f.steps;
    // Anything left but "done"? (A move still open counts without measuring it: that is the costly part.)
    const moveOpen = !onlyReform(u) && !f.moved && !f.formed && baseAllowance({ type: u.type, formation: u.formation }) > 0;
    const left = moveOpen || activationLegal(s, f, f.side).some((l) => l.sub !== 'done');
    if (!left && (f.moved || f.fired || f.formed)) {
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
      (s, f, u, a) => {
        mayDo(u, f, 'move');
        if (tabletop(s)) tableMove(s, u, a, f);
        else {
          if (a.order !== undefined && a.order !== '')
            throw new RuleError(
              'ATKM Moving Your Troops',
              'Referee mode: move the figures on your table and report inches: (and terrain:, backward:, road:).',
            );
          checkMove(u, moveFacts(a as never), f.jack);
        }
      },
      (s, f, u, a) =>
        tabletop(s)
          ? `Move ${u.name}: ${String(a.order ?? '')}`
          : `Move ${u.name}${moveFacts(a as never).inches ? ` ${moveFacts(a as never).inches}"` : ''} (${allowance(u, moveFacts(a as never), f.jack).why})`,
    ),
    fire: step(
      'fire',
      (s, f, u, a) => {
        mayDo(u, f, 'fire');
        const t = s.units[String(a.target)];
        checkFire(s, u, t, tabletop(s) ? noFacts(a, FIRE_RULE) : attackFacts(a as never, FIRE_RULE));
        if (tabletop(s)) measuredFire(s, u, t);
      },
      (s, _f, u, a) => `${u.name} fires on ${s.units[String(a.target)]?.name ?? a.target}${factsText(attackFacts(a as never, FIRE_RULE))}`,
    ),
    charge: step(
      'charge',
      (s, f, u, a) => {
        mayDo(u, f, 'charge');
        const t = s.units[String(a.target)];
        checkCharge(u, t, tabletop(s) ? noFacts(a, MELEE_RULE) : attackFacts(a as never, MELEE_RULE));
        if (tabletop(s)) measuredCharge(s, u, t, f.jack);
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
        if (tabletop(s)) {
          const r = tableMove(s, u, a, f);
          const from = { x: u.x, y: u.y };
          place(u, r);
          f.moved = true;
          if (r.formationChanged) f.formed = true;
          note(
            s,
            ctx,
            'move',
            `${u.name} moves ${r.distance}" of ${r.allowance}" (${r.order})${r.halved.length ? `, halved for ${r.halved.join(', ')}` : ''}.`,
          );
          s.last = { kind: 'move', text: `${u.name} moves ${r.distance}"`, unit: u.id, path: r.path.length ? r.path : [from] };
          return;
        }
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
        if (tabletop(s)) place(u, formOnTable(s, u, fm));
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
        const t = s.units[String(a.target)];
        const facts = tabletop(s) ? noFacts(a, FIRE_RULE) : attackFacts(a, FIRE_RULE);
        checkFire(s, u, t, facts);
        const m = tabletop(s) ? measuredFire(s, u, t) : null;
        f.fired = true;
        if (!tabletop(s)) reported(s, facts.close ? 12 : typeData(u.type).fireRange);
        const path = s.last?.unit === u.id ? s.last.path : undefined;
        const r = resolveFire(s, u, t, m ?? facts, ctx);
        if (m)
          s.last = {
            ...s.last!,
            path,
            fire: [
              {
                from: { x: u.x, y: u.y },
                to: { x: t.x, y: t.y },
                distance: m.distance,
                range: typeData(u.type).fireRange,
                casualties: r.casualties,
              },
            ],
          };
        return;
      }
      case 'charge': {
        mayDo(u, f, 'charge');
        const t = s.units[String(a.target)];
        let facts = tabletop(s) ? noFacts(a, MELEE_RULE) : attackFacts(a, MELEE_RULE);
        checkCharge(u, t, facts);
        if (tabletop(s)) {
          const c = measuredCharge(s, u, t, f.jack);
          s.last = { kind: 'melee', text: `${u.name} charges`, unit: u.id, target: t.id, path: c.move.path };
          place(u, c.move);
          facts = c.facts;
        }
        f.moved = true;
        f.charged = true;
        if (!tabletop(s)) reported(s, Math.max(...Object.values(typeData(u.type).move)));
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

/**
 * `/atkm act` (referee mode): a card's whole activation in one command — activate the unit (near: as for
 * /atkm activate), then move:, fire: and/or charge:, then done. Checked before anything is rolled: the activation
 * as /atkm activate, each step as the same command typed alone would be (the unit as it stands now).
 */
export const actStep = {
  sub: 'act',
  check(s: AtkmState, f: CardFrame, role: string, a: Record<string, unknown>): void {
    if (tabletop(s)) throw new RuleError(ACT_RULE, 'On the virtual tabletop activate the unit, then give its orders (/atkm activate).');
    if (role !== f.side) throw new RuleError(ACT_RULE, `The ${cardName(f.card)} is the other army's card.`);
    const base = actBase(s, a);
    mustBeLegal(cardLegal(s, f, role), base, ACT_RULE, 'Activate one of the units listed.');
    const u = s.units[String(base.unit)]!;
    const steps = activationSteps(a);
    if (a.charge && (a.move || a.fire))
      throw new RuleError(MELEE_RULE, 'A charge is the whole activation: move and initiate melee, with no fire first (p.11).');
    for (const step of steps) {
      if (step.type === 'move') checkMove(u, moveFacts(step as never), f.rank === 'J');
      if (step.type === 'fire') checkFire(s, u, unitNamed(s, step.target), attackFacts({ type: 'fire' }, FIRE_RULE));
      if (step.type === 'charge') checkCharge(u, unitNamed(s, step.target), attackFacts({ type: 'charge' }, MELEE_RULE));
    }
    if (onlyReform(u) && steps.some((x) => x.type !== 'done'))
      throw new RuleError(
        ACT_RULE,
        `${u.name} is ${u.mob ? 'a mob' : 'in square'}: this activation may only change its formation (/atkm activate, then /atkm form).`,
      );
  },
  label: (s: AtkmState, _f: CardFrame, _r: string, a: Record<string, unknown>) =>
    `${unitNamed(s, a.unit)?.name ?? String(a.unit)}: ${activationSteps(a)
      .map((x) =>
        x.type === 'move' ? `move ${x.inches}"` : x.type === 'done' ? 'done' : `${x.type} ${unitNamed(s, x.target)?.name ?? x.target}`,
      )
      .join(', ')}`,
};
