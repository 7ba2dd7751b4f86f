import { describe, expect, it } from 'vitest';
import { applyAction, createGame, effectiveLog, findLegal, replay, verify, canonical, type LogEntry } from '../../src/engine/runner.ts';
import type { LegalAction } from '../../src/engine/types.ts';
import { RuleError } from '../../src/engine/errors.ts';
import { duel } from '../fixtures/duel.ts';

function play(seed: string, n: number) {
  let { env } = createGame(duel, {}, seed);
  const log: LogEntry[] = [];
  for (let i = 0; i < n; i++) {
    const role = duel.prompts(env.game)[0]?.role;
    if (!role) break;
    const legal = duel.legal(env.game, role);
    const pick = legal[i % legal.length];
    env = applyAction(duel, env, role, pick.action).env;
    log.push({ seq: i + 1, role, action: pick.action });
  }
  return { env, log };
}

describe('runner (issue 2 §2): legality gate, replay, undo, verify', () => {
  it('an action outside the legal list is rejected with the reason and allowed actions; state untouched', () => {
    const { env } = createGame(duel, {}, 's');
    const before = canonical(env);
    let err: unknown;
    try {
      applyAction(duel, env, 'b', { type: 'roll' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RuleError);
    expect((err as RuleError).message).toMatch(/not your turn/);
    expect((err as RuleError).allowed[0]).toMatch(/nothing/);
    expect(canonical(env)).toBe(before);
    expect(() => applyAction(duel, env, 'a', { type: 'teleport' })).toThrow(/not a legal action/);
  });

  it('stored state equals setup(seed) + log', () => {
    const { env, log } = play('r1', 60);
    expect(canonical(replay(duel, {}, 'r1', log).env.game)).toBe(canonical(env.game));
  });

  it('undo entries remove the last effective action on replay', () => {
    const log: LogEntry[] = [
      { seq: 1, role: 'a', action: { type: 'mark', n: 1 } },
      { seq: 2, role: 'a', action: { type: 'mark', n: 2 } },
      { seq: 3, role: 'a', action: { type: '__undo' } },
    ];
    expect(effectiveLog(log).map((e) => e.seq)).toEqual([1]);
  });

  it('undoable only when no dice were rolled, nothing revealed and nobody else asked', () => {
    const { env } = createGame(duel, {}, 'u');
    expect(applyAction(duel, env, 'a', { type: 'mark', n: 1 }).undoable).toBe(true);
    expect(applyAction(duel, env, 'a', { type: 'roll' }).undoable).toBe(false);
    expect(applyAction(duel, env, 'a', { type: 'reveal' }).undoable).toBe(false);
  });

  it('an action matches the first legal entry with the same canonical text, whatever its key order or undefined fields', () => {
    const entry = (action: LegalAction['action'], label: string): LegalAction => ({ action, label, sub: 'x', args: {} });
    const list = [
      entry({ type: 'move', unit: 'a', to: 3 }, 'a to 3'),
      entry({ type: 'move', unit: 'b', to: 3, path: ['x', 'y'] }, 'b to 3 by x'),
      entry({ type: 'move', unit: 'b', to: 3, path: ['x', 'z'] }, 'b to 3 by z'),
      entry({ type: 'move', to: 4, unit: 'b', fast: true }, 'b to 4 fast'),
      entry({ type: 'move', to: 4, unit: 'b', fast: true }, 'b to 4 fast, again'),
      entry({ type: 'order', item: { k: 'move', force: 'f1', path: ['7,8'] } }, 'f1 to 7,8'),
      entry({ type: 'order', item: { k: 'move', force: 'f1', path: ['7,7'] } }, 'f1 to 7,7'),
    ];
    const find = (action: Record<string, unknown>) => findLegal(duel, null as never, 'a', action as LegalAction['action'], list)?.label;
    expect(find({ to: 3, unit: 'b', type: 'move', path: ['x', 'z'] })).toBe('b to 3 by z');
    expect(find({ type: 'move', unit: 'a', to: 3, hint: undefined })).toBe('a to 3');
    expect(find({ fast: true, unit: 'b', to: 4, type: 'move' })).toBe('b to 4 fast');
    expect(find({ type: 'move', unit: 'b', to: 4, fast: false })).toBeUndefined();
    expect(find({ type: 'move', unit: 'b', to: 3 })).toBeUndefined();
    expect(find({ type: 'move', unit: 'a', to: '3' })).toBeUndefined();
    expect(find({ type: 'mark', unit: 'a', to: 3 })).toBeUndefined();
    expect(find({ type: 'order', item: { path: ['7,7'], force: 'f1', k: 'move' } })).toBe('f1 to 7,7');
    expect(find({ type: 'order', item: { k: 'move', force: 'f1', path: ['7,7', '7,6'] } })).toBeUndefined();
  });

  it('verify confirms the seed hash and the replayed state; a tampered state is caught', () => {
    const { env, log } = play('v1', 30);
    const ok = verify(duel, {}, 'v1', env.seedHash, log, env);
    expect(ok.ok).toBe(true);
    expect(ok.rolls).toBeGreaterThan(0);
    const tampered = structuredClone(env);
    tampered.game.banked.a += 5;
    expect(verify(duel, {}, 'v1', env.seedHash, log, tampered).stateMatches).toBe(false);
    expect(verify(duel, {}, 'wrong', env.seedHash, log, env).seedMatchesHash).toBe(false);
  });
});
