// /dev: the offline table's developer tools (never registered in Discord).
import type { Services } from '../src/app/services.ts';
import { FORCE_DICE } from '../src/engine/runner.ts';
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
