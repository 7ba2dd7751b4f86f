// Registers every game system with its renderer. Idempotent.
import { getGame, registerGame } from './registry.ts';
import { rifle } from './rifle/index.ts';

export function registerAllGames(): void {
  for (const mod of [rifle]) if (!getGame(mod.id)) registerGame(mod);
}
