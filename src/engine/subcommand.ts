// Building a game's slash subcommands: one option of a subcommand.
import type { GameSubcommand } from './types.ts';

export type SubOption = GameSubcommand['options'][number];

/** A subcommand option (required unless said), with any of its other fields. */
export function subOption(name: string, description: string, required = true, extra: Partial<SubOption> = {}): SubOption {
  return { name, description, required, ...extra };
}
