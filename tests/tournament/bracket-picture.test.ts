// Issue 20 §8: an elimination event's picture is its bracket, readable at
// Discord's preview width (every name ≥ 10 px there), with names, never ids.
import { describe, expect, it } from 'vitest';
import { recordTexts, startTextLog } from '../../render/kit/text-log.ts';
import { renderBracket, type BracketSection } from '../../render/bracket.ts';
import { bracketSections, bracketImage } from '../../src/tournament/bracket-picture.ts';
import { roundStandingsPosts } from '../../src/tournament/hub.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import { harness } from '../app/harness.ts';
import { field } from './helpers.ts';
import { previewSizes } from '../render/vision.ts';

startTextLog();

/** A knockout of `n` players, 2^k rounds' worth of matches, names "player 1" … */
function knockout(n: number): BracketSection[] {
  const rounds = [];
  for (let size = n / 2, r = 1; size >= 1; size /= 2, r++)
    rounds.push({
      name: `Round ${r}`,
      matches: Array.from(
        { length: size },
        (_, i) => ({ label: `R${r} · T${i + 1}`, a: `player ${2 * i + 1}`, b: `player ${2 * i + 2}`, winner: null }) as const,
      ),
    });
  return [{ rounds }];
}

describe('the bracket picture (issue 20 §8)', () => {
  it('8 players: every round shown, every name at least 10 px at preview size', () => {
    const rec = recordTexts(() => renderBracket('Open — bracket after round 1', knockout(8)));
    const names = rec.texts.filter((t) => t.text.includes('player'));
    expect(names).toHaveLength(8 + 4 + 2);
    const smallest = previewSizes(rec)[0];
    expect(smallest.preview, smallest.text).toBeGreaterThanOrEqual(10);
    expect(rec.texts.some((t) => /not shown/.test(t.text))).toBe(false);
  });

  it('64 players: the latest rounds that fit, a note naming what is left out, still ≥ 10 px', () => {
    const rec = recordTexts(() => renderBracket('Big — bracket', knockout(64)));
    expect(rec.height).toBeLessThanOrEqual(700);
    expect(rec.texts.some((t) => /earlier rounds? not shown · \/tournament pairings/.test(t.text))).toBe(true);
    expect(previewSizes(rec)[0].preview).toBeGreaterThanOrEqual(10);
    // The final is always among the rounds shown.
    expect(rec.texts.some((t) => t.text === 'Round 6')).toBe(true);
  });

  it('a 6-player double elimination: winners’, losers’ and grand final sections with names; the round post carries the bracket', async () => {
    const h = harness({ seed: 'bracket-6' });
    await h.say('mod', '/tournament create name:Twice system:duel format:double');
    await field(h, ['ann', 'bob', 'cid', 'dee', 'eve', 'fay'], 'mod');
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    const t = repo.get(1)!;
    const sections = bracketSections(repo, t);
    expect(sections.map((s) => s.title)).toEqual(["Winners' bracket"]);
    const names = sections.flatMap((s) => s.rounds.flatMap((r) => r.matches.flatMap((m) => [m.a, m.b])));
    expect(names.filter((x) => x !== null).every((x) => ['ann', 'bob', 'cid', 'dee', 'eve', 'fay'].includes(x!))).toBe(true);
    // Two byes to the top seeds: they go through.
    expect(sections[0].rounds[0].matches.filter((m) => m.b === null).every((m) => m.winner === 'a')).toBe(true);
    const image = bracketImage(repo, t)!;
    expect(image.data.subarray(1, 4).toString()).toBe('PNG');
    expect(image.description).toMatch(/^Bracket of Twice, round 1; to play: R1 · T\d \w+ v \w+/);
    const post = roundStandingsPosts(h.svc, t)[0];
    expect(post.files?.[0].name).toMatch(/bracket\.png$/);
    h.svc.store.close();
  });
});
