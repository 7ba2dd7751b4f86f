// /dev cards at the offline table (issue 22): the order of the next cards
// drawn from the 28-card deck is queued like /dev dice queues faces, through
// the shared deck (engine/deck.ts), and the game is marked not provably fair.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openServices } from '../../src/app/services.ts';
import { Table } from '../../src/console/table.ts';
import { drawCard, newDeck } from '../../src/engine/deck.ts';
import { Dice, newDiceState } from '../../src/engine/dice.ts';
import { tempDb } from '../setup/test-db.ts';
import { parseCards } from '../../commands/dev.ts';
import { atkm } from '../../src/games/atkm/index.ts';

/** Run script lines at the offline table (seeded), returning everything printed. */
async function table(seed: string, script: string[]): Promise<{ out: string; ok: boolean; svc: ReturnType<typeof openServices> }> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-cards-'));
  const svc = openServices({ dbPath: tempDb(), outDir, maxSnapshots: 100, seed });
  const lines: string[] = [];
  const t = new Table(svc, { outDir, print: (l) => lines.push(l) });
  let ok = true;
  for (const line of script) ok = (await t.run(line)) && ok;
  return { out: lines.join('\n'), ok, svc };
}

const START = ['alice: /game new system:atkm', 'alice: /game join side:red', 'bob: /game join side:black', 'alice: /game start'];

describe('engine deck: cards queued at the console', () => {
  it('a queued card is drawn next wherever it lies in the pile; one not in the pile waits; the rest keep their order', () => {
    const st = newDiceState('deck');
    const dice = new Dice(st, () => {});
    const deck = newDeck(['A', 'B', 'C', 'D'], dice);
    const shuffled = [...deck.draw];
    // 'Z' is not in the pile: it heads the queue and waits; nothing is forced.
    st.forcedCards = ['Z'];
    expect(drawCard(deck, dice, false)).toBe(shuffled[0]);
    expect(st.usedForced).toBe(false);
    expect(st.forcedCards).toEqual(['Z']);
    // The last card of the pile, queued, comes next; the others keep their shuffled order.
    const last = shuffled[3]!;
    st.forcedCards = [last];
    expect(drawCard(deck, dice, false)).toBe(last);
    expect(st.usedForced).toBe(true);
    expect(deck.draw).toEqual(shuffled.slice(1, 3));
  });

  it('/dev cards reads names separated by commas or ids separated by spaces, and refuses what is not a card', () => {
    const deck = atkm.deckCards!();
    expect(deck).toHaveLength(28);
    expect(parseCards('Queen of Hearts, 7 of clubs, Red Joker', deck)).toEqual(['QH', '7C', 'JOKER-R']);
    expect(parseCards('QH 7C joker-b', deck)).toEqual(['QH', '7C', 'JOKER-B']);
    expect(() => parseCards('Queen of Spades', deck)).toThrow(/"Queen" is not a card of this game's deck.*Ace of Hearts/);
  });
});

describe('ATKM /dev cards: Units Resolve (p.12), the rules example of two activations of one unit', () => {
  it('"One of your red cards might be drawn and you move a unit … When another red card comes up, you might activate the same unit again and have it fire and move"', async () => {
    const { out, ok, svc } = await table('cards', [
      ...START,
      'alice: /dev cards values:"4 of Hearts, 7H"',
      // The seed's first card is Black's 2: Black idles its horse; then the queued 4 and 7 of Hearts.
      'bob: /atkm card disorder unit:"Black 1st Horse"',
      'alice: /atkm activate unit:"Red 1st Foot"',
      'alice: /atkm move inches:6',
      'alice: /atkm done',
      'alice: /dev dice values:"5 5 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1"',
      'alice: /atkm activate unit:"Red 1st Foot" near:yes',
      'alice: /atkm fire target:"Black 1st Foot"',
      'alice: /atkm move inches:6',
      'alice: /atkm done',
    ]);
    expect(ok).toBe(true);
    expect(out).toMatch(/Next cards queued: 4 of Hearts, 7 of Hearts .*This game is no longer provably fair/);
    expect(out).toMatch(/2 of Clubs \(Two\)/);
    // The queued cards come next, in order, each marked in the log.
    const cards = [...out.matchAll(/• Card: ([^(]+) \(/g)].map((m) => m[1]!.trim());
    expect(cards.slice(0, 3)).toEqual(['2 of Clubs', '4 of Hearts', '7 of Hearts']);
    expect(out.match(/The card drawn was queued at the console \(\/dev cards\): this game is not provably fair/g)).toHaveLength(2);
    // First activation: green, free, moved, then yellow. Second: yellow costs a command point; fire, move, then red.
    expect(out).toMatch(/Red 1st Foot's activation ends: green → yellow/);
    expect(out).toMatch(/Red spends a command point \(to activate Red 1st Foot\)/);
    expect(out).toMatch(
      /12 yellow dice \[5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1\] = 2 successes against 12 green dice .* = 0 successes → 2 casualties/,
    );
    expect(out).toMatch(/Red 1st Foot's activation ends: yellow → red/);
    svc.store.close();
  });

  it('a game without a deck refuses /dev cards; a card not in the deck is refused and nothing is queued', async () => {
    const { out, svc } = await table('cards-2', [
      ...START,
      'alice: /dev cards values:"Queen of Spades"',
      'alice: /goto #kpw',
      'alice: /game new system:kpw',
      'alice: /game join side:english',
      'bob: /goto #kpw',
      'bob: /game join side:indian',
      'alice: /game start',
      'alice: /dev cards values:"QH"',
    ]);
    expect(out).toMatch(/"Queen" is not a card of this game's deck/);
    expect(out).toMatch(/King Philip's War draws no cards: \/dev cards is for games with a deck/);
    expect(out).not.toMatch(/Next cards queued/);
    svc.store.close();
  });
});
