// Lobbies that never start: after MUSTER_LOBBY_EXPIRY_HOURS the deadline tick
// closes them with a note in their channel, so a forgotten /game new does not
// hold its channel (one live game per channel) for ever.
import type { Services } from '../src/app/services.ts';
import type { Outcome } from '../src/messages/types.ts';

const HOUR = 3_600_000;

export function expireLobbies(svc: Services): Outcome[] {
  const hours = svc.config.lobbyExpiryHours;
  if (!hours) return [];
  const out: Outcome[] = [];
  for (const row of svc.store.staleLobbies(svc.now() - hours * HOUR)) {
    if (
      !svc.store.expireLobby(
        row.id,
        JSON.stringify({ status: 'abandoned', by: 'expiry', summary: `The lobby never started within ${hours} hours.` }),
      )
    )
      continue;
    out.push({
      replies: [],
      posts: [
        {
          channelId: row.channelId,
          gameId: row.id,
          content: `⌛ This ${row.system} lobby (game #${row.id}) never started and was closed after ${hours} hours. Open a new one with /game new.`,
        },
      ],
    });
  }
  return out;
}
