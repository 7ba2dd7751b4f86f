// Which phase snapshots of a batch to post, and which need a picture (issue 9).
// A phase whose board equals the next phase's board, or the board last posted
// for the game, is skipped: a later post shows the same picture. The last
// phase is always posted (it carries the hand-off), but without an image when
// its board is the one last posted. So no two posted images in a row show the
// same board. "Board" is the module's boardKey of the view (default: all of it).
import { canonical } from '../src/engine/runner.ts';
import type { GameModule } from '../src/engine/types.ts';
import type { PhaseMark } from '../src/app/session.ts';
import type { GameRow } from '../src/store/store.ts';
import type { Attachment } from '../src/messages/types.ts';
import type { Renderer } from '../src/app/draws.ts';

export interface SnapshotPick {
  mark: PhaseMark;
  draw: boolean;
}

/**
 * The board last drawn per game by this process, and the game's version it
 * was drawn at. It is trusted only by the commit that follows that version:
 * when another process committed in between (several bot processes on one
 * database, issue 21 §3) the board it remembers may not be the last posted,
 * so the picture is drawn. A restart forgets it: at worst one repeated image.
 */
const lastDrawn = new Map<string, { version: number; board: string }>();
const REMEMBER = 2000;

/** A game as one commit saw it: its key (gameKey) and its version before and after the commit. */
export interface GameSeen {
  key: string;
  from: number;
  to: number;
}

/** One game, one key: ids restart per database, so the seed hash and creation time disambiguate. */
export function gameKey(row: Pick<GameRow, 'id' | 'seedHash' | 'createdAt' | 'channelId'>): string {
  return `${row.id}:${row.seedHash}:${row.createdAt}:${row.channelId}`;
}

export function pickSnapshots(
  mod: Pick<GameModule<any, any>, 'boardKey'>,
  phases: PhaseMark[],
  max: number,
  game?: GameSeen,
): SnapshotPick[] {
  if (!phases.length) return [];
  const keys = phases.map((p) => canonical(mod.boardKey ? mod.boardKey(p.view) : p.view));
  const last = phases.length - 1;
  const seen = game === undefined ? undefined : lastDrawn.get(game.key);
  const before = seen && seen.version === game!.from ? seen.board : undefined;
  let idx = phases.map((_, i) => i).filter((i) => i === last || (keys[i] !== keys[i + 1] && keys[i] !== before));
  if (idx.length > max) idx = idx.slice(-max);
  const prev = idx.length > 1 ? keys[idx[idx.length - 2]] : before;
  if (game !== undefined) {
    lastDrawn.delete(game.key);
    lastDrawn.set(game.key, { version: game.to, board: keys[last] });
    if (lastDrawn.size > REMEMBER) lastDrawn.delete(lastDrawn.keys().next().value!);
  }
  return idx.map((i) => ({ mark: phases[i], draw: i !== last || keys[i] !== prev }));
}

/**
 * The close-up of the last of `picks` (GameTable.renderZoom), or null (no
 * renderZoom, that board was not drawn, or nothing worth it): the first
 * image of its map post, the one Discord previews. Drawn through the same
 * renderer as the map, as the system `<id>:zoom` (render/renderers.ts), so
 * it is drawn in a worker thread too; marked `alone`, so the outbox drops it
 * (keeping the map) when it is late or a newer map follows.
 */
export async function closeUp(
  mod: GameModule<any, any>,
  picks: SnapshotPick[],
  name: string,
  render: Renderer,
): Promise<Attachment | null> {
  const last = picks[picks.length - 1];
  if (!mod.renderZoom || !last?.draw || (mod.zoomWorthy && !mod.zoomWorthy(last.mark.view))) return null;
  const zoom = { ...mod, id: `${mod.id}:zoom`, render: mod.renderZoom };
  const description = `Close-up of the board: ${last.mark.phase}`.slice(0, 1000);
  // Drawn as it is delivered (the bot).
  const later = render.later?.(zoom, last.mark.view);
  if (later) return { name, data: Buffer.alloc(0), description, draw: { ...later, alone: true } };
  const png = await render(zoom, last.mark.view);
  return png ? { name, data: png, description } : null;
}
