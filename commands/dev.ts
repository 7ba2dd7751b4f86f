// /dev: the offline table's developer tools (never registered in Discord).
import type { Services } from '../src/app/services.ts';
import { FORCE_CARDS, FORCE_DICE } from '../src/engine/runner.ts';
import { activeGame, str } from './context.ts';
import { echo } from '../src/messages/text.ts';
import { only, privateReply } from '../src/messages/replies.ts';
import { UserError } from '../src/messages/user-error.ts';
import type { Invocation } from './types.ts';
import type { Outcome } from '../src/messages/types.ts';
import type { Command } from './table.ts';

export function devCommand(): Command {
  return {
    name: 'dev',
    description: 'Console-only developer tools',
    consoleOnly: true,
    subcommands: [
      {
        name: 'dice',
        description: 'Queue the faces of the next dice rolled',
        options: [{ name: 'values', description: 'Faces, e.g. "1 5 3"', type: 'string', required: true }],
        consoleOnly: true,
        who: 'anyone',
        private: true,
        run: runDev,
      },
      {
        name: 'cards',
        description: 'Queue the next cards drawn from the deck (games with a deck)',
        options: [
          {
            name: 'values',
            description: 'Cards by name or id, e.g. "Queen of Hearts, 7 of Clubs" or "QH 7C"',
            type: 'string',
            required: true,
          },
        ],
        consoleOnly: true,
        who: 'anyone',
        private: true,
        run: runDevCards,
      },
    ],
  };
}

export function runDev(svc: Services, inv: Invocation): Outcome {
  const { row, mod } = activeGame(svc, inv.where);
  const text = str(inv.options, 'values') ?? '';
  const faces = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  if (!faces.length || faces.some((f) => !Number.isInteger(f) || f < 1 || f > 100))
    throw new UserError(`\`values\` must be die faces separated by spaces, e.g. "1 5 3", not "${echo(text)}".`);
  svc.sessions.meta(row, inv.caller.id, 'dev', { type: FORCE_DICE, faces });
  return only(privateReply(`🎲 Next dice queued: ${faces.join(' ')} (order: ${mod.diceOrder}). This game is no longer provably fair.`));
}

/** The cards named in `text` (names separated by commas, or ids by spaces), as ids; throws what was not a card. */
export function parseCards(text: string, cards: { id: string; name: string }[]): string[] {
  const find = (word: string) =>
    cards.find((card) => card.id.toLowerCase() === word.toLowerCase() || card.name.toLowerCase() === word.toLowerCase());
  const out: string[] = [];
  for (const piece of text
    .split(/[,;]+/)
    .map((x) => x.trim())
    .filter(Boolean)) {
    const whole = find(piece);
    if (whole) {
      out.push(whole.id);
      continue;
    }
    for (const word of piece.split(/\s+/)) {
      const card = find(word);
      if (!card)
        throw new UserError(
          `"${echo(word)}" is not a card of this game's deck. Name cards as on the table, separated by commas ` +
            `(e.g. "${cards[0]?.name}, ${cards.at(-1)?.name}"), or by id separated by spaces (e.g. "${cards[0]?.id} ${cards.at(-1)?.id}").`,
        );
      out.push(card.id);
    }
  }
  if (!out.length) throw new UserError(`\`values\` must name cards, e.g. "${cards[0]?.name}, ${cards.at(-1)?.name}".`);
  return out;
}

/** /dev cards: the next cards drawn (each as soon as it is in the draw pile); the game is no longer provably fair. */
function runDevCards(svc: Services, inv: Invocation): Outcome {
  const { row, mod } = activeGame(svc, inv.where);
  if (!mod.deckCards) throw new UserError(`${mod.title} draws no cards: /dev cards is for games with a deck. Use /dev dice for dice.`);
  const deck = mod.deckCards();
  const ids = parseCards(str(inv.options, 'values') ?? '', deck);
  svc.sessions.meta(row, inv.caller.id, 'dev', { type: FORCE_CARDS, cards: ids });
  const names = ids.map((id) => deck.find((c) => c.id === id)!.name);
  return only(
    privateReply(
      `🃏 Next cards queued: ${names.join(', ')} (each drawn as soon as it is in the draw pile; the others keep the shuffled order). ` +
        'This game is no longer provably fair.',
    ),
  );
}
