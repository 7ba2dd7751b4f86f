// Child process for the crash test: commits actions in a loop and prints
// "ack N" after each commit returns, until it is killed.
import fs from 'node:fs';
import { Store } from '../../src/store/store.ts';
import { Sessions } from '../../src/app/session.ts';
import { createGame, sha256 } from '../../src/engine/runner.ts';
import { registerGame } from '../../src/games/registry.ts';
import { duel } from '../fixtures/duel.ts';
import type { Action } from '../../src/engine/types.ts';

registerGame(duel);
const store = new Store(process.argv[2]);
const sessions = new Sessions(store);
const row0 = store.createGame({
  guildId: null,
  channelId: 'crash',
  system: 'duel',
  options: {},
  seed: 'crash',
  seedHash: sha256('crash'),
  createdBy: 'a',
});
store.setSeat(row0.id, 'a', 'a', 'a');
store.setSeat(row0.id, 'b', 'b', 'b');
store.start(row0.id, JSON.stringify(createGame(duel, {}, 'crash').env));
for (let i = 0; ; i++) {
  const row = store.game(row0.id)!;
  const env = JSON.parse(row.state!);
  const role = duel.prompts(env.game)[0].role;
  const action: Action = i % 3 === 2 ? { type: 'roll' } : { type: 'mark', n: (i % 2) + 1 };
  const res = sessions.act(row, role, role, [action]);
  fs.writeSync(1, `ack ${res.row.version}\n`);
}
