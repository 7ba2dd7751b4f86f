// Test harness: services on a fresh database with the duel fixture registered.
import os from 'node:os';
import path from 'node:path';
import { openServices, type Services } from '../../src/app/services.ts';
import { getGame, registerGame } from '../../src/games/registry.ts';
import { createRouter } from '../../commands/router.ts';
import type { Invocation, Router } from '../../commands/types.ts';
import type { Outcome } from '../../src/messages/types.ts';
import { duel } from '../fixtures/duel.ts';
import { tempDb } from '../setup/test-db.ts';

// Kept here too: most tests took their database from the harness before tests/setup/test-db.ts held it.
export { tempDb };

export function harness(opts: { seed?: string; dbPath?: string } = {}): {
  svc: Services;
  router: Router;
  say: (user: string, line: string, channel?: string) => Promise<Outcome>;
} {
  if (!getGame('duel')) registerGame(duel);
  const svc = openServices({
    dbPath: opts.dbPath ?? tempDb(),
    outDir: path.join(os.tmpdir(), 'muster-img'),
    seed: opts.seed ?? 'test-seed',
    maxSnapshots: 100,
    consoleModerators: ['mod'],
  });
  const router = createRouter(svc);
  const say = async (user: string, line: string, channel = 'c1') => {
    const [cmd, sub, ...rest] = line.replace(/^\//, '').split(' ');
    const options: Record<string, string> = {};
    for (const r of rest) {
      const i = r.indexOf(':');
      options[r.slice(0, i)] = r.slice(i + 1);
    }
    const inv: Invocation = {
      command: cmd,
      sub: sub ?? '',
      options,
      caller: { id: user, name: user, isModerator: user === 'mod' },
      where: { guildId: 'g1', channelId: channel },
    };
    // Game cards (Post.card) ride at the end of most outcomes; tests about cards read the outbox.
    const out = await router.dispatch(inv);
    return { ...out, posts: out.posts.filter((p) => p.card === undefined) };
  };
  return { svc, router, say };
}

export const text = (o: Outcome) =>
  [...o.replies.map((r) => `${r.ephemeral ? '[private] ' : ''}${r.content}`), ...o.posts.map((p) => p.content)].join('\n');

/** A started Rifle and Axe game at the table: seats p1… for `users`, and leaders picked when given. */
export async function rifleTable(opts: { seed: string; players?: number; users?: string[]; leaders?: string[] }) {
  const h = harness({ seed: opts.seed });
  const users = opts.users ?? ['alice'];
  await h.say(users[0], `/game new system:rifle options:players=${opts.players ?? users.length}`);
  for (const [i, u] of users.entries()) await h.say(u, `/game join side:p${i + 1}`);
  await h.say(users[0], '/game start');
  for (const [i, l] of (opts.leaders ?? []).entries()) await h.say(users[i], `/rifle leader name:${l}`);
  return h;
}

/** A started two-seat game: alice takes the first side, bob the second. */
export async function duoTable(system = 'duel', sides: [string, string] = ['a', 'b'], seed?: string) {
  const h = harness({ seed });
  await h.say('alice', `/game new system:${system}`);
  await h.say('alice', `/game join side:${sides[0]}`);
  await h.say('bob', `/game join side:${sides[1]}`);
  const start = await h.say('alice', '/game start');
  return { ...h, start };
}
