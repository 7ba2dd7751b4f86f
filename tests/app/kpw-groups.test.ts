// Engine v2 §1 item 5: /kpw's subcommands in Discord subcommand groups by the
// sequence of play (turn, move, combat), the flat form still read at the
// table, refusals naming the grouped paths, and /kpw charts.
import { describe, expect, it } from 'vitest';
import { commandsJson } from '../../src/bot/commands-json.ts';
import type { Invocation } from '../../commands/types.ts';
import { duoTable, harness, text } from './harness.ts';

type H = Awaited<ReturnType<typeof duoTable>>;
/** A /kpw command as Discord sends it: group, subcommand and options apart. */
const kpw = (h: H, user: string, group: string | undefined, sub: string, options: Record<string, string> = {}) =>
  h.router.dispatch({
    command: 'kpw',
    ...(group ? { group } : {}),
    sub,
    options,
    caller: { id: user, name: user, isModerator: false },
    where: { guildId: 'g1', channelId: 'c1' },
  } satisfies Invocation);

describe('/kpw grouped by the sequence of play', () => {
  it('three groups and three lone subcommands fit Discord; each group lists its subcommands', () => {
    const { router } = harness();
    const json = commandsJson(router.definitions()).find((c) => c.name === 'kpw')!;
    const top = json.options!.map((o) => `${o.type}:${o.name}`).sort();
    expect(top).toEqual(['1:charts', '1:decline', '1:end', '2:combat', '2:move', '2:turn']);
    const move = json.options!.find((o) => o.name === 'move') as { description: string; options: { name: string }[] };
    expect(move.options.map((o) => o.name)).toEqual([
      'activate',
      'step',
      'pickup',
      'drop',
      'battle',
      'stop',
      'muskets',
      'intercept',
      'send',
    ]);
    expect(move.description).toMatch(/^Move: activate, step/);
  });

  it('grouped and flat paths both play; a wrong group names the right path; refusals name grouped paths', async () => {
    const h = await duoTable('kpw', ['indian', 'english'], 'groups');
    await h.say('bob', '/dev dice values:6');
    expect(text(await kpw(h, 'bob', 'turn', 'roll'))).not.toMatch(/❌|not a legal/);
    const wrong = await kpw(h, 'alice', 'combat', 'activate', { space: 'montaup', units: 'all' });
    expect(wrong.replies[0].content).toMatch(/There is no \/kpw combat activate; use \/kpw move activate/);
    const unrelated = await kpw(h, 'alice', 'combat', 'stand');
    expect(text(unrelated)).toMatch(
      /\/kpw combat stand does not answer what is asked now\..*Answer with \/kpw move activate or \/kpw end/s,
    );
    const v = h.svc.store.liveGame('c1')!.version;
    expect(text(await kpw(h, 'alice', 'move', 'activate', { space: 'montaup', units: 'all' }))).not.toMatch(/❌|not a legal/);
    expect(text(await h.say('alice', '/kpw stop'))).not.toMatch(/❌|not a legal/); // the flat alias
    expect(h.svc.store.liveGame('c1')!.version).toBe(v + 2);
  });

  it('/kpw charts shows the CRT, Alliance Chart and surrender positions privately and changes nothing', async () => {
    const h = await duoTable('kpw', ['indian', 'english'], 'charts');
    const v = h.svc.store.liveGame('c1')!.version;
    const o = await h.say('bob', '/kpw charts');
    expect(o.replies[0].ephemeral).toBe(true);
    expect(o.replies[0].content).toMatch(/Combat Results Table/);
    expect(o.replies[0].content).toMatch(/Alliance/);
    expect(o.replies[0].content).toMatch(/[Ss]urrender/);
    expect(h.svc.store.liveGame('c1')!.version).toBe(v);
  });
});
