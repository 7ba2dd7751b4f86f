// Issue 19 §7, "every option accepts the names shown on the pictures and in
// the rules (and still the ids); autocomplete gives names": over fuzz games of
// all five systems, every legal action's option values are offered by a name
// holding no internal id (autocomplete shows argLabels, else the value), and
// typing each action's options by those names, or by the ids, picks that very
// action through the command layer's own matcher (commands/play.ts
// resolveAction). A planted action whose only name is its id fails the check.
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/engine/runner.ts';
import type { Action, GameModule, Json, LegalAction, Role } from '../../src/engine/types.ts';
import { atkm } from '../../src/games/atkm/index.ts';
import { kpw } from '../../src/games/kpw/index.ts';
import { rifle } from '../../src/games/rifle/index.ts';
import { wk4 } from '../../src/games/wk4/index.ts';
import { wog } from '../../src/games/wog/index.ts';
import { resolveAction } from '../../commands/play.ts';
import { playoutAsync } from './playout.ts';
import { harness } from '../app/harness.ts';
import { idsIn, internalIds } from './ids.ts';

type Raw = Record<string, string | number | boolean>;
const GAMES: [GameModule<any, any>, Raw, string][] = [
  [kpw, {}, 'options-kpw'],
  [rifle, {}, 'options-rifle'],
  [wog, { scenario: 'hyw' }, 'options-wog'],
  [wk4, { nations: 3, years: 1 }, 'options-wk4'],
  [atkm, {}, 'options-atkm'],
  [atkm, { mode: 'tabletop' }, 'options-atkm-tabletop'],
];

const same = (a: Action, b: Action) => JSON.stringify(a) === JSON.stringify(b);

/** What is wrong with how one legal action's options are named and typed, or nothing. */
function optionProblems(mod: GameModule<any, any>, state: unknown, role: Role, l: LegalAction, ids: Set<string>): string[] {
  const def = mod.subcommands.find((s) => s.name === l.sub);
  if (!def || def.toActions || def.info || !Object.keys(l.args).length) return [];
  const out: string[] = [];
  const names: Record<string, string> = {};
  for (const [k, id] of Object.entries(l.args)) {
    names[k] = l.argLabels?.[k] ?? id;
    const leaked = idsIn(names[k], ids);
    if (leaked.length) out.push(`${l.sub} ${k}: offered as "${names[k]}" (${leaked.join(', ')})`);
  }
  for (const [how, typed] of [
    ['names', names],
    ['ids', l.args],
  ] as const) {
    try {
      const { actions } = resolveAction(mod, state, [role], l.sub, typed);
      // An identical choice (same names) may stand for the action: it must be labelled alike.
      if (actions.length !== 1 || !same(actions[0], l.action)) {
        const twin = mod.legal(state, role).find((x) => same(x.action, actions[0]));
        if (!twin || twin.label !== l.label) out.push(`${l.sub} by ${how} ${JSON.stringify(typed)} picked ${JSON.stringify(actions)}`);
      }
    } catch (e) {
      const msg = (e as Error).message;
      // Several legal actions with the very same names and label (identical counters): one choice for the player.
      if (/^Which one\?/.test(msg)) {
        const twins = mod
          .legal(state, role)
          .filter(
            (x) => x.sub === l.sub && Object.entries(typed).every(([k, v]) => (x.argLabels?.[k] ?? x.args[k]) === v || x.args[k] === v),
          );
        if (twins.every((x) => x.label === l.label)) continue;
      }
      out.push(`${l.sub} by ${how} ${JSON.stringify(typed)}: ${msg.slice(0, 160)}`);
    }
  }
  return out;
}

describe('every option takes the names on the pictures, and the ids (issue 19 §7)', () => {
  it('the check fires on a planted action offered only by its id', () => {
    const ids = new Set(['red-1']);
    const planted: LegalAction = { action: { type: 'fire', unit: 'red-1' }, label: 'Fire', sub: 'fire', args: { unit: 'red-1' } };
    const mod = {
      ...atkm,
      subcommands: [{ name: 'fire', description: 'x', options: [{ name: 'unit', description: 'x', required: true }] }],
      legal: () => [planted],
    } as unknown as GameModule<any, any>;
    expect(optionProblems(mod, {}, 'red', planted, ids)).toEqual(['fire unit: offered as "red-1" (red-1)']);
  });

  for (const [mod, raw, seed] of GAMES) {
    it(`${mod.title}${raw.mode ? ` (${String(raw.mode)})` : ''}: over a fuzz game, each action's options are offered by name and typed by name or id`, async () => {
      const found = new Map<string, string>();
      let ids = new Set<string>();
      let step = 0;
      let checked = 0;
      const each = (env: Envelope<any>) => {
        if (step++ === 0) ids = internalIds([env.game, mod.view(env.game, { kind: 'spectator' })] as Json, new Set());
        if (step % 9 !== 1) return;
        for (const p of mod.prompts(env.game))
          for (const l of mod.legal(env.game, p.role).slice(0, 12)) {
            checked++;
            for (const problem of optionProblems(mod, env.game, p.role, l, ids)) {
              const key = problem.replace(/\d+/g, '#').slice(0, 60);
              if (!found.has(key)) found.set(key, problem);
            }
          }
      };
      await playoutAsync(mod, raw, seed, { each, maxSteps: 200, random: true }).catch((e: unknown) => {
        if (!String(e).includes('No result after')) throw e;
      });
      expect(checked).toBeGreaterThan(20);
      expect([...found.values()]).toEqual([]);
    }, 60_000);
  }
});

describe('/game join side:, /mod result winner: and /tournament bid side: take the side by its name (issue 19 §7)', () => {
  const harnessed = harness({ seed: 'option-names' });
  const run = (user: string, command: string, sub: string, options: Record<string, string>, channel: string) =>
    harnessed.router.dispatch({
      command,
      sub,
      options,
      caller: { id: user, name: user, isModerator: user === 'mod' },
      where: { guildId: 'g1', channelId: channel },
    });
  const said = (o: Awaited<ReturnType<typeof run>>) => o.replies.map((r) => r.content).join('\n');

  for (const [mod, raw] of GAMES.filter(([, r]) => !r.mode)) {
    it(`${mod.title}: sides joined and a result recorded by the names the rules give them`, async () => {
      const channel = `names-${mod.id}`;
      const options = Object.entries(raw)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ');
      await run('alice', 'game', 'new', { system: mod.id, ...(options ? { options } : {}) }, channel);
      const roles = mod.roles(mod.parseOptions(raw)).filter((r) => !r.bot);
      const [first, second] = roles;
      expect(said(await run('alice', 'game', 'join', { side: first.name }, channel))).not.toMatch(/❌/);
      expect(said(await run('bob', 'game', 'join', { side: second.id }, channel))).not.toMatch(/❌/);
      const seats = harnessed.svc.store.seats(harnessed.svc.store.liveGame(channel)!.id);
      expect(seats.find((x) => x.userId === 'alice')?.role).toBe(first.id);
      expect(seats.find((x) => x.userId === 'bob')?.role).toBe(second.id);
      // A wrong side is refused naming the sides by name.
      const wrong = said(await run('mod', 'mod', 'result', { winner: 'nobody' }, channel));
      expect(wrong).toContain(roles.map((r) => r.name).join(', '));
    });
  }
});
