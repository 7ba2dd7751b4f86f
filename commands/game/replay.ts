// /game verify and export: the replay from the seed, checked or handed out.
import type { Services } from '../../src/app/services.ts';
import { entryVisible, envOf, moduleOf, replayDetailed } from '../../src/app/session.ts';
import type { Action, Viewer } from '../../src/engine/types.ts';
import { seesAll } from '../../src/engine/viewers.ts';
import { verify } from '../../src/engine/runner.ts';
import { only, privateReply } from '../../src/messages/replies.ts';
import { UserError } from '../../src/messages/user-error.ts';
import type { Invocation } from '../types.ts';
import type { Outcome } from '../../src/messages/types.ts';
import type { Progress } from '../table.ts';
import { viewerOf } from './views.ts';

/** /game verify: replay the log from the seed and check every roll. */
export function verifyGame(svc: Services, inv: Invocation, progress?: Progress): Outcome {
  const { where } = inv;
  const row = svc.store.liveGame(where.channelId) ?? svc.store.latestGame(where.channelId);
  if (!row?.state) throw new UserError('There is no started game in this channel.');
  const mod = moduleOf(row);
  const over = row.status === 'over' || row.status === 'abandoned';
  progress?.('Replaying the log from the seed…');
  const report = verify(mod, row.options, row.seed, row.seedHash, svc.store.log(row.id), envOf(row));
  const lines = over
    ? report.lines
    : [
        report.lines[0],
        `The seed stays secret until the game ends; replay of ${svc.store.log(row.id).length} entries ` +
          `${report.stateMatches ? 'matches' : 'DOES NOT match'} the stored state.`,
      ];
  return only(
    privateReply(`${report.ok ? '✅' : '⚠️'} Verification of game #${row.id}\n${lines.join('\n')}${over ? `\nSeed: \`${row.seed}\`` : ''}`),
  );
}

/** /game export: the replay as JSON, withholding what this viewer may not see yet. */
export function exportGame(svc: Services, inv: Invocation): Outcome {
  const { caller, where } = inv;
  const row = svc.store.liveGame(where.channelId) ?? svc.store.latestGame(where.channelId);
  if (!row) throw new UserError('There is no game in this channel.');
  const over = row.status === 'over' || row.status === 'abandoned';
  const viewer = viewerOf(svc, row, caller, where);
  // Every entry's secrecy matters only to a player or spectator of a game in play; else no replay is needed.
  const needAll = !over && viewer.kind !== 'moderator';
  const entries = row.state
    ? replayDetailed(row, svc.store.log(row.id), { seq: needAll ? 0 : Infinity, snapshots: svc.store.snapshotSource(row.id) })
    : [];
  const data = {
    game: row.id,
    system: row.system,
    options: row.options,
    seedHash: row.seedHash,
    seed: over ? row.seed : null,
    seats: svc.store.seats(row.id).map((s) => ({ role: s.role, user: s.userName })),
    log: exportLog(entries, viewer, over),
    result: row.result ? JSON.parse(row.result) : null,
  };
  const withheld = data.log.some((e) => e.action.type === 'hidden');
  return only(
    privateReply(
      `Replay of game #${row.id}${over ? '' : ' (the seed is withheld until the game ends)'}` +
        `${withheld ? '. Secret actions of other players are withheld until they are revealed.' : '.'}`,
      { files: [{ name: `muster-game-${row.id}.json`, data: Buffer.from(JSON.stringify(data, null, 1)) }] },
    ),
  );
}

/**
 * The log as this viewer may have it. Before the end, a viewer who may not see
 * an entry gets one 'hidden' line per run of another seat's secret entries,
 * and no sequence numbers or times, so nobody can count hidden steps.
 */
function exportLog(
  entries: ReturnType<typeof replayDetailed>,
  viewer: Viewer,
  over: boolean,
): { seq?: number; role: string; action: Action | { type: 'hidden' }; at?: number }[] {
  const everything = over || seesAll(viewer);
  const out: { seq?: number; role: string; action: Action | { type: 'hidden' }; at?: number }[] = [];
  for (const entry of entries) {
    if (everything) out.push({ seq: entry.seq, role: entry.role, action: entry.action, at: entry.at });
    else if (entryVisible(entry, viewer, over)) out.push({ role: entry.role, action: entry.action, at: entry.at });
    else if (!(out.length && out[out.length - 1].action.type === 'hidden' && out[out.length - 1].role === entry.role))
      out.push({ role: entry.role, action: { type: 'hidden' } });
  }
  return out;
}
