// A deck of cards whose order lives in the game state (shuffled by the game's dice).
import type { Dice } from './dice.ts';

export interface DeckState<C> {
  draw: C[];
  discard: C[];
}

export function newDeck<C>(cards: C[], dice: Dice): DeckState<C> {
  return { draw: dice.shuffle([...cards]), discard: [] };
}

/**
 * Draw one card; reshuffles the discard pile when the draw pile is empty. Null if none left. A card queued by
 * /dev cards (Dice.forcedCardIndex) is drawn first when it is in the pile; the rest keep their shuffled order.
 */
export function drawCard<C>(deck: DeckState<C>, dice: Dice, reshuffle = true): C | null {
  if (deck.draw.length === 0) {
    if (!reshuffle || deck.discard.length === 0) return null;
    deck.draw = dice.shuffle(deck.discard);
    deck.discard = [];
  }
  const forced = dice.forcedCardIndex(deck.draw);
  if (forced >= 0) return deck.draw.splice(forced, 1)[0]!;
  return deck.draw.shift() ?? null;
}

export function discardCard<C>(deck: DeckState<C>, card: C): void {
  deck.discard.push(card);
}

/** Standard 52-card deck ids like 'AS', '10H', 'QC', plus optional jokers. */
export function standardDeck(jokers = 0): string[] {
  const ranks = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
  const suits = ['S', 'H', 'D', 'C'];
  const cards = suits.flatMap((s) => ranks.map((r) => r + s));
  for (let i = 1; i <= jokers; i++) cards.push(`JOKER${i}`);
  return cards;
}
