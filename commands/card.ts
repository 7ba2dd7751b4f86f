// A game's card: one embed per game in its thread or channel, edited in place
// and pinned (system, phase, score, sides with their colours and players,
// whose turn it is and until when, the last map). Also the chronicle: when a
// game that lives in a thread ends, its parent channel gets the result and
// the final map, and the thread is archived (a server may have at most 1,000
// active threads).
import type { Services } from '../src/app/services.ts';
import { envOf, isBotSeat, moduleOf } from '../src/app/session.ts';
import type { GameRow } from '../src/store/store.ts';
import { snapshot } from './present.ts';
import { DamagedGameError } from '../src/store/damaged.ts';
import { clip, echo } from '../src/messages/text.ts';
import { roleName } from '../src/app/prompts.ts';
import type { Embed, Outcome, Post } from '../src/messages/types.ts';

const stamp = (ms: number) => `<t:${Math.floor(ms / 1000)}:R>`;
const over = (row: GameRow) => row.status === 'over' || row.status === 'abandoned';

/** '#c0392b' or '#c33' → 0xRRGGBB. */
export function hex(color: string | undefined): number | undefined {
  const match = color && /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(color);
  if (!match) return undefined;
  const six = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return parseInt(six, 16);
}

/** A coloured square for a side's colour (an embed field cannot be coloured itself). */
function swatch(color: string): string {
  const rgb = hex(color);
  if (rgb === undefined) return '▪️';
  const [red, green, blue] = [rgb >> 16, (rgb >> 8) & 255, rgb & 255];
  if (red > 200 && green > 200 && blue > 200) return '⬜';
  if (red < 50 && green < 50 && blue < 50) return '⬛';
  if (red > green && red > blue) return green > 120 ? '🟧' : '🟥';
  if (green > red && green > blue) return '🟩';
  if (blue > red && blue > green) return red > 100 ? '🟪' : '🟦';
  return red > 150 && green > 150 ? '🟨' : '🟫';
}

/** The card of game G as it stands (null: no such game). */
export function cardEmbed(svc: Services, gameId: number): Embed | null {
  const row = svc.store.game(gameId);
  if (!row) return null;
  const mod = moduleOf(row);
  const options = mod.parseOptions(row.options);
  const seats = svc.store.seats(row.id);
  const roles = mod.roles(options);
  const env = row.state ? envOf(row) : null;
  const result = row.result
    ? (JSON.parse(row.result) as { summary?: string; winners?: string[]; draw?: boolean; scores?: Record<string, number> })
    : null;
  const open = new Set(over(row) ? [] : Object.keys(env?.decisions?.open ?? {}));
  const sides = roles.map((role) => {
    const holders = seats.filter((s) => s.role === role.id).map((s) => (isBotSeat(s) ? s.userName : `<@${s.userId}>`));
    const score = result?.scores?.[role.id];
    const waiting = open.has(role.id) ? ' ⏳' : '';
    return `${swatch(role.color)} **${role.name}**: ${holders.join(', ') || '*open*'}${score !== undefined ? ` — ${score}` : ''}${waiting}`;
  });
  const fields: NonNullable<Embed['fields']> = [{ name: 'Sides', value: clip(sides.join('\n'), 1024) }];
  if (row.status === 'active') {
    const due = svc.store.deadlines.ofGame(row.id);
    const turn = [...open].map((role) => {
      const deadline = due.find((x) => x.role === role);
      return `${roleName(mod, options, role)}${deadline ? ` — until ${stamp(deadline.dueAt)}` : ''}`;
    });
    fields.push({ name: 'Whose turn', value: clip(turn.join('\n') || 'nobody (the game moves on by itself)', 1024) });
  }
  const home = svc.store.homes.get(row.id);
  if (home.mapUrl) fields.push({ name: 'Map', value: `[The last map](${home.mapUrl})` });
  const status =
    row.status === 'lobby'
      ? 'Waiting for players: `/game join side:<side>`, then `/game start`.'
      : row.status === 'active'
        ? `**${mod.phase(env!.game)}**`
        : row.status === 'abandoned'
          ? 'Called off.'
          : `🏁 Over. ${echo(result?.summary ?? '', 400)}`;
  return {
    title: clip(`${mod.title} #${row.id}${row.label ? ` – ${row.label}` : ''}`, 256),
    description: status,
    color: hex(roles.find((r) => open.has(r.id))?.color ?? roles[0]?.color),
    fields,
    footer: `Muster game card · /game status for details`,
  };
}

/** Router.card: the card post, with the message it replaces when that message is in the game's current home. */
export function currentCard(svc: Services, gameId: number): { post: Post; messageId: string | null } | null {
  const row = svc.store.game(gameId);
  const embed = cardEmbed(svc, gameId);
  if (!row || !embed) return null;
  const home = svc.store.homes.get(gameId);
  const messageId = home.cardChannelId === row.channelId ? home.cardMessageId : null;
  return {
    post: { channelId: row.channelId, gameId, kind: 'update', content: '', embed, ...(messageId ? { edit: messageId } : {}) },
    messageId,
  };
}

/** The card as text, for the offline table. */
export function cardText(embed: Embed): string {
  return [
    `${embed.title} — ${embed.description ?? ''}`,
    ...(embed.fields ?? []).map((f) => `${f.name}: ${f.value.replace(/\n/g, ' · ')}`),
  ].join('\n');
}

/**
 * An outcome that changed something in public (a public reply or a post)
 * refreshes the card of each game it concerns; a game that ended in a thread
 * is written up in the parent channel with its final map, and its thread is
 * archived after the last card.
 */
export async function withCards(svc: Services, outcome: Outcome, channelId?: string): Promise<Outcome> {
  const public_ = outcome.replies.some((r) => !r.ephemeral) || outcome.posts.some((p) => !p.to && p.kind !== 'notice');
  if (!public_) return outcome;
  const ids = new Set<number>();
  const here = channelId ? (svc.store.liveGame(channelId) ?? svc.store.latestGame(channelId)) : null;
  if (here && outcome.replies.some((r) => !r.ephemeral)) ids.add(here.id);
  for (const post of outcome.posts) {
    const id = post.gameId ?? svc.store.liveGame(post.channelId)?.id;
    if (id !== undefined && !post.to && post.card === undefined) ids.add(id);
  }
  const extra: Post[] = [];
  for (const id of ids) {
    const row = svc.store.game(id);
    if (!row) continue;
    const home = svc.store.homes.get(id);
    const ended = over(row) && home.parentId !== null && svc.store.homes.claimChronicle(id);
    extra.push({ channelId: row.channelId, gameId: id, kind: 'update', content: '', card: id, ...(ended ? { archive: true } : {}) });
    // A lobby that never started leaves no record worth a post in the parent; its thread is still archived.
    if (ended && row.state) {
      try {
        extra.push(await chronicle(svc, row, home.parentId!));
      } catch (error) {
        // A damaged game (issue 22) ends without a chronicle: its notice told why.
        if (!(error instanceof DamagedGameError)) throw error;
      }
    }
  }
  return { ...outcome, posts: [...outcome.posts, ...extra] };
}

async function chronicle(svc: Services, row: GameRow, parentId: string): Promise<Post> {
  const mod = moduleOf(row);
  const result = row.result ? (JSON.parse(row.result) as { summary?: string }) : null;
  const text = row.status === 'abandoned' ? 'was called off.' : `has ended. ${echo(result?.summary ?? '', 600)}`;
  let files: Post['files'] = [];
  if (row.state) {
    try {
      const snap = await snapshot(mod, mod.view(envOf(row).game, { kind: 'spectator' }), `game${row.id}-final.png`, svc.render);
      files = snap.file ? [snap.file] : [];
    } catch {
      // The chronicle without its map is still worth posting.
    }
  }
  const players = svc.store
    .seats(row.id)
    .map((seat) => `${roleName(mod, mod.parseOptions(row.options), seat.role)}: ${isBotSeat(seat) ? seat.userName : `<@${seat.userId}>`}`)
    .join(' · ');
  return {
    channelId: parentId,
    gameId: row.id,
    kind: 'update',
    // A tournament game's label names the tournament, round and table.
    content: `📜 **${mod.title}** #${row.id}${row.label ? ` — ${row.label}` : ''} (<#${row.channelId}>) ${text}
${players}`,
    files,
  };
}
