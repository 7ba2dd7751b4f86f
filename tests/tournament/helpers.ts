// Helpers for tournament tests: an outcome's whole text (embeds included),
// and a field of players signed up and checked in.
import type { Outcome } from '../../src/messages/types.ts';
import type { harness } from '../app/harness.ts';
import { cardText } from '../../commands/card.ts';

export const allText = (o: Outcome) =>
  [...o.replies, ...o.posts]
    .map((m) => [m.content, m.embed ? cardText(m.embed) : '', ...(m.files ?? []).map((f) => `[image: ${f.description ?? ''}]`)].join('\n'))
    .join('\n');

export async function field(h: ReturnType<typeof harness>, players: string[], by?: string) {
  for (const p of players) {
    await h.say(by ?? p, `/tournament signup${by ? ` user:${p}` : ''}`);
    await h.say(by ?? p, `/tournament checkin${by ? ` user:${p}` : ''}`);
  }
}
