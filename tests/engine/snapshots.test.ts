import { describe, expect, it } from 'vitest';
import { effectiveLog, UNDO, FORCE_DICE, RESEED, type LogEntry } from '../../src/engine/runner.ts';
import { pickSnapshot, snapshotUsable } from '../../src/engine/snapshots.ts';

const act = (seq: number): LogEntry => ({ seq, role: 'a', action: { type: 'mark', n: seq } });
const undo = (seq: number, count = 1, reseed = true): LogEntry => ({
  seq,
  role: 'a',
  action: { type: UNDO, count, ...(reseed ? { reseed: true } : {}) },
});
const dice = (seq: number): LogEntry => ({ seq, role: 'dev', action: { type: FORCE_DICE, faces: [6] } });

describe('snapshot usability (issue 8 §1): effectiveLog(log[..k]) must be a prefix of effectiveLog(log)', () => {
  it('without undos every snapshot is usable', () => {
    const log = [1, 2, 3, 4, 5].map(act);
    for (const k of [0, 1, 3, 5]) expect(snapshotUsable(log, k)).toBe(true);
  });

  it('an undo that removes only entries after k keeps the snapshot at k', () => {
    const log = [act(1), act(2), act(3), act(4), undo(5)];
    expect(snapshotUsable(log, 3)).toBe(true);
    expect(snapshotUsable(log, 4)).toBe(false);
  });

  it('a rollback reaching back past k makes the snapshot at k stale', () => {
    const log = [act(1), act(2), act(3), act(4), undo(5, 3)];
    expect(snapshotUsable(log, 1)).toBe(true);
    expect(snapshotUsable(log, 2)).toBe(false);
    expect(snapshotUsable(log, 3)).toBe(false);
    expect(pickSnapshot(log, [2, 3, 4]).seq).toBe(0);
    expect(pickSnapshot(log, [1, 2, 3, 4])).toEqual({ seq: 1, held: 1 });
  });

  it('an undo at or before k is folded into the snapshot; later entries do not disturb it', () => {
    const log = [act(1), act(2), undo(3), act(4), act(5)];
    expect(snapshotUsable(log, 3)).toBe(true);
    // The snapshot at 3 holds entry 1 and the re-seed marker of undo 3.
    expect(pickSnapshot(log, [3])).toEqual({ seq: 3, held: 2 });
    expect(effectiveLog(log).map((e) => e.action.type)).toEqual(['mark', RESEED, 'mark', 'mark']);
  });

  it("a later undo that skips a snapshot seq's dev dice and re-seed markers still removes the action before them", () => {
    // 1 act, 2 dev dice, 3 act, 4 undo (removes 3), 5 undo (skips 4's marker and 2's dice, removes 1).
    const log = [act(1), dice(2), act(3), undo(4), undo(5)];
    expect(effectiveLog(log).map((e) => e.seq)).toEqual([2, 4, 5]);
    expect(snapshotUsable(log, 2)).toBe(false);
    expect(snapshotUsable(log, 4)).toBe(false);
    // Entry 3 alone removed by undo 4: a snapshot at 2 survives it.
    expect(snapshotUsable(log.slice(0, 4), 2)).toBe(true);
  });

  it('a snapshot past the end of the log is not usable', () => {
    expect(snapshotUsable([act(1)], 2)).toBe(false);
  });

  it('undo entries written before issue 8 (no reseed flag) leave no marker', () => {
    expect(effectiveLog([act(1), act(2), undo(3, 1, false)]).map((e) => e.seq)).toEqual([1]);
    expect(effectiveLog([act(1), act(2), undo(3, 1, true)]).map((e) => e.seq)).toEqual([1, 3]);
  });

  it('an undo with nothing to remove leaves no marker', () => {
    expect(effectiveLog([undo(1)])).toEqual([]);
  });
});
