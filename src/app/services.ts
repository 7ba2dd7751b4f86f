// Everything a command handler needs, wired once per process.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from './config.ts';
import { Sessions } from './session.ts';
import { Store } from '../store/store.ts';
import type { GameModule, Json } from '../engine/types.ts';
import { registerAllGames } from '../games/index.ts';

export interface Services {
  config: Config;
  store: Store;
  sessions: Sessions;
  /** Draw a view as PNG (null when the game has no renderer). */
  render(mod: GameModule<any, any>, view: Json): Promise<Buffer | null>;
  /** Snapshots posted per batch of actions. */
  maxSnapshots: number;
  newSeed(): string;
  now(): number;
}

export function openServices(overrides: Partial<Config> & { maxSnapshots?: number; seed?: string } = {}): Services {
  registerAllGames();
  const config = { ...loadConfig(), ...overrides };
  if (config.dbPath !== ':memory:') fs.mkdirSync(path.dirname(config.dbPath), { recursive: true });
  const store = new Store(config.dbPath);
  return {
    config,
    store,
    sessions: new Sessions(store),
    async render(mod, view) {
      return mod.render ? await mod.render(view) : null;
    },
    maxSnapshots: overrides.maxSnapshots ?? 2,
    newSeed: () => overrides.seed ?? randomBytes(16).toString('hex'),
    now: () => Date.now(),
  };
}
