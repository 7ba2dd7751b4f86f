// Referee mode's defaults (issue 22): a turn of 28 cards costs a side one
// command per unit it activates plus at most two. /atkm act carries out a
// whole activation (Activating Units, p.11) in one command; /atkm card rest
// passes on the rest of the side's cards as the rules pass (Passing on
// Activations, p.11: a green unit waits, else a yellow or red one for a
// command point, the 2 idles a unit); ready is implied at the end of the turn
// when a side has nothing to report.
import { describe, expect, it } from 'vitest';
import { endingOf } from '../../src/engine/procstack.ts';
import { applyAction, createGame, type Envelope } from '../../src/engine/runner.ts';
import { atkm } from '../../src/games/atkm/index.ts';
import type { Action } from '../../src/engine/types.ts';
import { alive, other, type AtkmState, type Side } from '../../src/games/atkm/state.ts';

/** Play referee turn 1: each side activates `acts` units (fire on the first enemy), then rests. Commands by side. */
function turnOne(seed: string, acts: number) {
  let { env } = createGame(atkm, { mode: 'referee', scenario: 'open-field', special_casualties: false }, seed) as {
    env: Envelope<AtkmState>;
  };
  const commands: Record<Side, number> = { red: 0, black: 0 };
  const activated: Record<Side, number> = { red: 0, black: 0 };
  const texts: string[] = [];
  for (let i = 0; i < 200 && env.game.turn === 1 && !endingOf(env.game.stack); i++) {
    const p = atkm.prompts(env.game)[0]!;
    const side = p.role as Side;
    const legal = atkm.legal(env.game, side);
    let action: Action;
    const fresh = legal.find((l) => l.sub === 'activate' && env.game.units[String(l.args.unit)]!.color === 'green');
    if (activated[side] < acts && fresh) {
      const target = alive(env.game, other(side))[0]!;
      action = { type: 'act', unit: env.game.units[String(fresh.args.unit)]!.name, fire: target.name };
      activated[side]++;
    } else
      action = (
        legal.find((l) => l.sub === 'rest') ??
        legal.find((l) => l.sub === 'disorder') ??
        legal.find((l) => l.sub === 'pass') ??
        legal[0]!
      ).action;
    const r = applyAction(atkm, env, side, action);
    env = r.env as Envelope<AtkmState>;
    texts.push(...r.events.map((e) => e.text));
    commands[side]++;
  }
  return { env, commands, activated, text: texts.join('\n') };
}

describe('ATKM referee mode: a turn in a few commands (Playing the Game, pp.10-13)', () => {
  it('each side activates two units with /atkm act and rests: at most two commands beyond its activations, and turn 2 begins', () => {
    for (const seed of ['ref-turn-1', 'ref-turn-2', 'ref-turn-3']) {
      const { env, commands, activated, text } = turnOne(seed, 2);
      expect(env.game.turn).toBe(2);
      for (const side of ['red', 'black'] as const) {
        expect(activated[side]).toBe(2);
        expect(commands[side], `${seed} ${side}: ${commands[side]} commands`).toBeLessThanOrEqual(activated[side] + 2);
      }
      // The activation was carried out and ended in the one command; the rest passed; ready implied.
      expect(text).toMatch(/fires on .*successes/);
      expect(text).toMatch(/activation ends: green → yellow/);
      expect(text).toMatch(/passes on every card of its colour left this turn/);
      expect(text).toMatch(/nothing to report at the end of the turn: ready/);
    }
  });

  it('/atkm act is refused before anything is rolled when a step is not allowed; on the tabletop it is not offered', () => {
    const { env } = createGame(atkm, { mode: 'referee', scenario: 'open-field' }, 'ref-turn-1') as { env: Envelope<AtkmState> };
    const side = atkm.prompts(env.game)[0]!.role as Side;
    const mine = alive(env.game, side);
    const horse = mine.find((u) => u.type === 'cavalry')!;
    const foot = mine.find((u) => u.type === 'infantry')!;
    expect(() => applyAction(atkm, env, side, { type: 'act', unit: horse.name, fire: alive(env.game, other(side))[0]!.name })).toThrow(
      /Cavalry cannot conduct fire attacks/,
    );
    expect(() => applyAction(atkm, env, side, { type: 'act', unit: foot.name, move: '9' })).toThrow(/6"/);
    expect(() => applyAction(atkm, env, side, { type: 'act', unit: foot.name, fire: foot.name })).toThrow(/Fire at an enemy unit/);
    const table = createGame(atkm, { mode: 'tabletop', scenario: 'open-field' }, 'ref-turn-1').env as Envelope<AtkmState>;
    const s2 = atkm.prompts(table.game)[0]!.role;
    expect(atkm.legal(table.game, s2).some((l) => l.sub === 'rest')).toBe(false);
  });
});
