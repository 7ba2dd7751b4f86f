// /mod result and modrole: a moderator's hand on the record (deadlines and clocks: ../deadlines.ts).
import type { Services } from '../../src/app/services.ts';
import { moduleOf } from '../../src/app/session.ts';
import { liveGame, str } from '../context.ts';
import { echo } from '../../src/messages/text.ts';
import { only, privateReply, publicReply } from '../../src/messages/replies.ts';
import { UserError } from '../../src/messages/user-error.ts';
import type { Invocation } from '../types.ts';
import type { Outcome } from '../../src/messages/types.ts';

/** /mod result: record a result by hand. */
export function recordResult(svc: Services, inv: Invocation): Outcome {
  const options = inv.options;
  const { where } = inv;
  const row = liveGame(svc, where);
  const mod = moduleOf(row);
  const winner = str(options, 'winner')?.toLowerCase();
  const roles = mod.roles(mod.parseOptions(row.options));
  const draw = winner === 'draw';
  const win = roles.find((r) => r.id === winner || r.name.toLowerCase() === winner);
  if (!draw && !win) throw new UserError(`Unknown winner "${echo(winner)}". Use one of: ${roles.map((r) => r.name).join(', ')}, draw.`);
  // The full note is kept; the summary, repeated in later replies, carries at most ECHO_MAX of it.
  const note = str(options, 'note');
  const result = {
    status: 'over',
    winners: win ? [win.id] : [],
    draw,
    scores: {},
    summary: `Recorded by a moderator${note ? `: ${echo(note)}` : ''}.`,
    ...(note ? { note } : {}),
  };
  svc.store.finish(row.id, 'over', JSON.stringify(result));
  return only(publicReply(`📋 Result recorded for game #${row.id}: ${draw ? 'a draw' : `winner ${win!.name}`}. ${result.summary}`));
}

/** /mod modrole: the server role whose members may moderate. */
export function modrole(svc: Services, inv: Invocation): Outcome {
  const options = inv.options;
  const { where } = inv;
  if (!where.guildId) throw new UserError('Moderator roles belong to a server; use this in a server channel.');
  const role = str(options, 'role')?.replace(/[<@&>]/g, '') ?? null;
  svc.store.setModeratorRole(where.guildId, role);
  return only(
    privateReply(
      role ? `Members with role <@&${role}> can now moderate games.` : 'Moderator role cleared: only Manage Server members moderate.',
    ),
  );
}
