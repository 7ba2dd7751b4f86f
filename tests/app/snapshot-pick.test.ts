// Issue 9: a phase snapshot is posted only when the board changed. Plays a
// bot KPW game as the bot table does (English as the "human": a batch is one
// English action plus the Indian bot's replies until English is asked again)
// and counts the snapshots posted per batch before and after the change.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { pickSnapshots } from '../../commands/snapshots.ts';
import type { PhaseMark } from '../../src/app/session.ts';
import { applyAction, canonical, createGame } from '../../src/engine/runner.ts';
import { kpw } from '../../src/games/kpw/index.ts';
import type { Json } from '../../src/engine/types.ts';
import type { KpwView } from '../../src/games/kpw/view-types.ts';

function batches(seed: string): { turn: number; phases: PhaseMark[] }[] {
  let { env } = createGame(kpw, {}, seed);
  const rand = seedrandom(`${seed}:players`);
  const out: { turn: number; phases: PhaseMark[] }[] = [];
  let cur: PhaseMark[] = [];
  const spectator = () => structuredClone(kpw.view(env.game, { kind: 'spectator' })) as unknown as Json;
  for (let i = 0; i < 50_000 && kpw.result(env.game).status !== 'over'; i++) {
    const p = kpw.prompts(env.game)[0];
    if (p.role === 'english' && cur.length) {
      // The session redraws the batch's last phase as it stands at the end.
      cur[cur.length - 1].view = spectator();
      out.push({ turn: (env.game as { turn: number }).turn, phases: cur });
      cur = [];
    }
    const legal = kpw.legal(env.game, p.role);
    const before = kpw.phase(env.game);
    env = applyAction(kpw, env, p.role, kpw.bot!(env.game, p.role, legal, { rand: () => rand.quick() }).action, true, legal).env;
    if (kpw.phase(env.game) !== before) cur.push({ phase: kpw.phase(env.game), view: spectator() });
  }
  if (cur.length) out.push({ turn: 99, phases: cur });
  return out;
}

describe('phase snapshots of a bot-played KPW game', () => {
  it('draws fewer snapshots, never two identical boards in a row, and always posts the last phase', () => {
    let before = 0;
    let after = 0;
    let posts = 0;
    let closeUps = 0;
    const game = batches('snap-kpw-1');
    const turns = new Set(game.map((b) => b.turn)).size;
    const drawn: string[] = [];
    let version = 0;
    for (const { phases } of game) {
      before += Math.min(2, phases.length);
      const picked = pickSnapshots(kpw, phases, 2, { key: 'snap-kpw-1', from: version, to: ++version });
      posts += picked.length;
      expect(picked[picked.length - 1].mark).toBe(phases[phases.length - 1]);
      for (const p of picked) if (p.draw) drawn.push(canonical(kpw.boardKey!(p.mark.view as unknown as KpwView)));
      // Each drawn map opens with its close-up (issue 19).
      closeUps += picked.filter((p) => p.draw).length;
    }
    after = drawn.length;
    // Console/demo (no cap): every phase before, only changed boards after.
    const all = game.flatMap((b) => b.phases);
    const allAfter = pickSnapshots(kpw, all, Infinity).filter((p) => p.draw).length;
    console.info(`uncapped: ${all.length} → ${allAfter}`);
    expect(allAfter).toBeLessThan(all.length);
    for (let i = 1; i < drawn.length; i++) expect(drawn[i], `image ${i}`).not.toBe(drawn[i - 1]);
    console.info(
      `KPW bot game: ${turns} turns, ${game.length} batches with a phase change; images ${before} → ${after} (${(before / turns).toFixed(1)} → ${(after / turns).toFixed(1)} a turn), ${posts} phase posts, ${closeUps} close-ups`,
    );
    expect(after).toBeLessThan(before);
  });

  it('without a boardKey the whole view decides; a repeated board is skipped or posted without a picture', () => {
    const m = (phase: string, view: unknown) => ({ phase, view }) as PhaseMark;
    const show = (ps: ReturnType<typeof pickSnapshots>) => ps.map((p) => `${p.mark.phase}${p.draw ? '' : '-'}`);
    const phases = [m('a', { x: 1 }), m('b', { x: 1 }), m('c', { x: 2 }), m('d', { x: 2 })];
    expect(show(pickSnapshots({}, phases, 10))).toEqual(['b', 'd']);
    expect(show(pickSnapshots({}, phases, 1))).toEqual(['d']);
    // Across batches of one game: the board last drawn is remembered.
    const g1 = (from: number) => ({ key: 'g1', from, to: from + 1 });
    expect(show(pickSnapshots({}, [m('a', { x: 1 })], 2, g1(0)))).toEqual(['a']);
    expect(show(pickSnapshots({}, [m('b', { x: 1 })], 2, g1(1)))).toEqual(['b-']);
    expect(show(pickSnapshots({}, [m('c', { x: 1 }), m('d', { x: 3 })], 2, g1(2)))).toEqual(['d']);
    expect(show(pickSnapshots({}, [m('e', { x: 4 }), m('f', { x: 4 })], 2, g1(3)))).toEqual(['f']);
    // Another game keeps its own memory.
    expect(show(pickSnapshots({}, [m('a', { x: 4 })], 2, { key: 'g2', from: 0, to: 1 }))).toEqual(['a']);
  });

  it('the board remembered is trusted only by the next commit: another process may have posted a different one (issue 21 §3)', () => {
    const m = (phase: string, view: unknown) => ({ phase, view }) as PhaseMark;
    const show = (ps: ReturnType<typeof pickSnapshots>) => ps.map((p) => `${p.mark.phase}${p.draw ? '' : '-'}`);
    expect(show(pickSnapshots({}, [m('a', { x: 1 })], 2, { key: 'g3', from: 0, to: 1 }))).toEqual(['a']);
    // Versions 1 → 3 were committed (and their board posted) by another process: x = 1 is drawn again.
    expect(show(pickSnapshots({}, [m('b', { x: 1 })], 2, { key: 'g3', from: 3, to: 4 }))).toEqual(['b']);
    // The next commit of this process follows its own: the same board is not drawn twice in a row.
    expect(show(pickSnapshots({}, [m('c', { x: 1 })], 2, { key: 'g3', from: 4, to: 5 }))).toEqual(['c-']);
  });
});
