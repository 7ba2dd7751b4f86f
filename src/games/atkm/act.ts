// /atkm act (referee mode): a card's whole activation in one command. What the
// command carries: the activation (as /atkm activate) and its steps in order.
import type { Action } from '../../engine/types.ts';
import { unitNamed, type AtkmState } from './state.ts';

/** The /atkm activate part of an act: the unit (by name or id) and near:. */
export function actBase(s: AtkmState, a: Record<string, unknown>): Action {
  const unit = unitNamed(s, a.unit)?.id ?? String(a.unit ?? '');
  return { type: 'activate', unit, ...(a.near !== undefined && a.near !== '' ? { near: String(a.near) } : {}) };
}

/** The steps typed with /atkm act, in the order they are carried out: move (inches), fire, charge, then done. */
export function activationSteps(a: Record<string, unknown>): Action[] {
  const out: Action[] = [];
  const has = (k: string) => a[k] !== undefined && a[k] !== '';
  if (has('move')) out.push({ type: 'move', inches: String(a.move) });
  if (has('fire')) out.push({ type: 'fire', target: String(a.fire) });
  if (has('charge')) out.push({ type: 'charge', target: String(a.charge) });
  else out.push({ type: 'done' });
  return out;
}
