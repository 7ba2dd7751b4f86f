// Every game system Muster hosts, by id.
import type { GameModule } from '../engine/types.ts';

const modules = new Map<string, GameModule<any, any>>();

export function registerGame(mod: GameModule<any, any>): void {
  if (modules.has(mod.id)) throw new Error(`game ${mod.id} registered twice`);
  modules.set(mod.id, mod);
}

export function getGame(id: string): GameModule<any, any> | undefined {
  return modules.get(id);
}

export function allGames(): GameModule<any, any>[] {
  return [...modules.values()];
}
