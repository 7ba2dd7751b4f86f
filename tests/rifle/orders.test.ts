// Planning on the engine's submissions: done is final, /rifle reopen takes it
// back while another settlement still plans, and the reveal comes when every
// settlement in play is done (a resignation does not hold it up).
import { describe, expect, it } from 'vitest';
import { applyAction, applyResign } from '../../src/engine/runner.ts';
import { RuleError } from '../../src/engine/errors.ts';
import { stageOf } from '../../src/games/rifle/state.ts';
import { act, legalTypes, newGame, planNow, rifle, start, texts } from './helpers.ts';

describe('Action phase orders', () => {
  it('done, reopen, change, done again; the reveal waits for the other settlement', () => {
    const g = newGame(2, 'orders');
    start(g, ['clark', 'boone']);
    act(g, 'p1', { type: 'plan', act: 'fishing', count: 2 });
    act(g, 'p1', { type: 'done' });
    expect(legalTypes(g, 'p1')).toEqual([{ type: 'reopen' }]);
    expect(rifle.prompts(g.env.game).map((p) => p.role)).toEqual(['p2']);
    const r = applyAction(rifle, g.env, 'p1', { type: 'reopen' });
    expect(r.undoable).toBe(true);
    expect(r.events.map((e) => e.text)).toEqual(['Settlement 1 is planning again.']);
    act(g, 'p1', { type: 'reopen' });
    expect(planNow(g)).toEqual([{ t: 'act', key: 'fishing', count: 2 }]);
    act(g, 'p1', { type: 'plan', act: 'cooking', count: 1 });
    act(g, 'p1', { type: 'done' });
    expect(stageOf(g.env.game)).toBe('plan');
    const t = texts(act(g, 'p2', { type: 'auto' }));
    expect(t).toMatch(/Plans revealed — Settlement 1: Fishing ×2, Cooking/);
    expect(legalTypes(g, 'p1').some((a) => a.type === 'reopen')).toBe(false);
  });
  it('planning nothing: undo is offered to the first done, not to the last (its done reveals every plan at once)', () => {
    const g = newGame(2, 'orders-nothing');
    start(g, ['clark', 'boone']);
    const first = act(g, 'p1', { type: 'done' }).find((e) => e.kind === 'plan')!;
    expect(first.text).toMatch(/\/game undo takes "done" back/);
    const last = act(g, 'p2', { type: 'done' }).find((e) => e.kind === 'plan')!;
    expect(last.text).toMatch(/every plan is revealed now/);
    expect(last.text).not.toMatch(/undo/);
  });
  it('reopen is refused, with the rule, while the plan is not done', () => {
    const g = newGame(2, 'orders2');
    start(g, ['clark', 'boone']);
    expect(() => applyAction(rifle, g.env, 'p1', { type: 'reopen' })).toThrow(RuleError);
    expect(() => applyAction(rifle, g.env, 'p1', { type: 'reopen' })).toThrow(/not final yet/);
  });
  it("the last planner resigning reveals the others' plans", () => {
    const g = newGame(3, 'orders3');
    start(g, ['clark', 'boone', 'logan']);
    act(g, 'p1', { type: 'plan', act: 'fishing', count: 1 });
    act(g, 'p1', { type: 'done' });
    act(g, 'p2', { type: 'done' });
    const r = applyResign(rifle, g.env, 'p3');
    expect(r.events.map((e) => e.text).join('\n')).toMatch(/Plans revealed — Settlement 1: Fishing/);
    expect(r.env.game.revealedTurn).toBe(1);
  });
});
