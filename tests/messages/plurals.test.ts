// Issue 19 §9, plurals: "→ 1 casualties" was posted. Counts in player text
// take their noun in the right number through plural(), and no player text
// hedges with "hit(s)" or "hex(es)". The scan reads the sources people's text
// comes from, without comments, like the command-name test in
// tests/app/command-table.test.ts; a planted line proves it can fail.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { plural } from '../../src/messages/text.ts';
import { attackFacts } from '../../src/games/atkm/facts.ts';
import { resolveFire } from '../../src/games/atkm/fire.ts';
import { blank, dice, put } from '../atkm/helpers.ts';

/** String-literal text with a hedged plural: "hit(s)", "hex(es)", "reply(ies)". */
function hedged(source: string): string[] {
  const out: string[] = [];
  for (const literal of source.matchAll(/(['`"])(?:(?!\1)[^\\\n]|\\.)*\1/g))
    // A word, not a call inside ${…} (seasonName(s), phaseKey(s)}): lower case, then a space or punctuation.
    for (const m of literal[0].matchAll(/(?<![\w$.!])[a-z]{3,}\((?:s|es|ies)\)(?=[\s,:;!?…'"`]|\.(?!\w)|$)/g))
      out.push(`${m[0]} in ${literal[0].slice(0, 60)}`);
  return out;
}

const withoutComments = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .map((line) => line.replace(/\s\/\/ .*$/, ''))
    .join('\n');

describe('plurals (issue 19 §9)', () => {
  it('plural() puts the noun in the number of its count', () => {
    expect(plural(1, 'casualty', 'casualties')).toBe('1 casualty');
    expect(plural(3, 'casualty', 'casualties')).toBe('3 casualties');
    expect(plural(0, 'hit')).toBe('0 hits');
    expect(plural(1, 'more hex', 'more hexes')).toBe('1 more hex');
  });

  it('no player text hedges a plural with (s), (es) or (ies)', () => {
    const dirs = ['commands', 'src/app', 'src/tournament', 'src/messages', 'src/games', 'render'];
    const files = dirs.flatMap((dir) =>
      fs
        .readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts'))
        .map((f) => path.join(dir, f)),
    );
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => hedged(withoutComments(fs.readFileSync(file, 'utf8'))).map((h) => `${file}: ${h}`));
    // Planted: the old WoG loss prompt is caught.
    expect(hedged('text: `Take ${f.left[side]} more hit(s) in ${areaName(f.area)}`')).toHaveLength(1);
    expect(found).toEqual([]);
  });

  it('an ATKM volley that kills one man says "1 casualty" (Staging Fire Attacks, p.18, with one success fewer)', () => {
    const s = blank();
    const mike = put(s, 'red', 'infantry');
    const eric = put(s, 'black', 'infantry', { figures: 8, color: 'yellow' });
    // Green succeeds on 4+ (4 successes), yellow on 5+ (3): one casualty.
    const t = dice(1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 5, 6, /* Eric */ 1, 2, 3, 3, 4, 5, 5, 5);
    const r = resolveFire(s, mike, eric, attackFacts({ type: 'fire' }, 'test'), t.ctx);
    expect(r.casualties).toBe(1);
    expect(s.last?.text).toMatch(/fires on .*: 1 casualty$/);
  });
});
