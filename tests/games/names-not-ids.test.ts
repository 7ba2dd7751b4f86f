// Issue 19 §7, "names, never ids": whole fuzz games of all five systems, and
// everything a player reads in them (event texts as a spectator and each seat
// see them, prompts, the labels of legal actions, the summary of each view,
// refusals of illegal actions and of free-text order sheets, refusals of
// /game new options, which take each choice by its name too) must hold no internal id: no snake_case word,
// and no token equal to an id of the game's data whose display name differs.
// A planted case proves the check fires.
import { describe, expect, it } from 'vitest';
import { applyAction, visibleEvents, type Envelope } from '../../src/engine/runner.ts';
import type { GameEvent, GameModule, Json, Role, Viewer } from '../../src/engine/types.ts';
import { atkm } from '../../src/games/atkm/index.ts';
import { kpw } from '../../src/games/kpw/index.ts';
import { rifle } from '../../src/games/rifle/index.ts';
import { wk4 } from '../../src/games/wk4/index.ts';
import { wog } from '../../src/games/wog/index.ts';
import { playoutAsync } from './playout.ts';
import { idsIn, internalIds } from './ids.ts';
import { parseLine } from '../../src/games/wk4/sheet.ts';
import { UNIT_TYPES } from '../../src/games/wk4/data.ts';

type Raw = Record<string, string | number | boolean>;
const GAMES: [GameModule<any, any>, Raw, string][] = [
  [kpw, {}, 'names-kpw'],
  [rifle, {}, 'names-rifle'],
  [wog, { scenario: 'hyw' }, 'names-wog'],
  [wk4, { nations: 3, years: 1 }, 'names-wk4'],
  [atkm, {}, 'names-atkm'],
];

/** Ids that differ from their names in a game's option choices and, for WK4, its unit types. */
function catalogueIds(mod: GameModule<any, any>): Set<string> {
  const out = new Set<string>();
  for (const doc of mod.optionDocs ?? []) {
    // A value that is itself a word of the choices' names ("small (2-4 nations)") reads as a name.
    const words = new Set((doc.choices ?? []).flatMap((c) => c.name.split(/[\s()]+/)));
    for (const choice of doc.choices ?? []) if (!words.has(String(choice.value))) out.add(String(choice.value));
  }
  // WK4's unit types; "militia" and "landsknekt" are also the sheet's verbs.
  if (mod.id === 'wk4')
    for (const unit of Object.values(UNIT_TYPES))
      if (!['militia', 'landsknekt', unit.name.toLowerCase()].includes(unit.id)) out.add(unit.id);
  return out;
}

/** Lines of a free-text order sheet that no game takes: each is refused, by names. */
const SHEET_PROBES = ['buy 2 dragons', 'war on Atlantis', 'dance with the dragons x2', 'sell 3 moonbeams'];

describe('names, never ids, in player-facing text (issue 19 §7)', () => {
  it('the check fires on a planted snake_case key and a planted id', () => {
    const ids = new Set(['red-1', 'ile_de_france']);
    expect(idsIn('ile_de_france is not adjacent to england', ids)).toContain('ile_de_france');
    expect(idsIn('Move red-1 forward', ids)).toEqual(['red-1']);
    expect(idsIn('1st Foot (12) moves; <@123_456> is asked', ids)).toEqual([]);
    // Ids come from the game's data: a unit with a differing name, a keyed space; a nameless handle is exempt.
    const handles = new Set<string>();
    const found = internalIds(
      {
        units: [{ id: 'red-1', name: '1st Foot' }, { id: 'alm3' }],
        spaces: { sw1: { name: 'Swansea' }, trade: { name: 'Trade with the Indians' } },
      },
      handles,
    );
    expect([...found].sort()).toEqual(['red-1', 'sw1']);
    expect([...handles]).toEqual(['alm3']);
    expect(idsIn('Swansea is not adjacent to 1st Foot', found)).toEqual([]);
    expect(idsIn('sw1 is not adjacent; trade goods', found)).toEqual(['sw1']);
  });

  for (const [mod, raw, seed] of GAMES) {
    it(`${mod.title}: a whole fuzz game names things by their names`, async () => {
      const found = new Map<string, string>();
      let ids = new Set<string>();
      const handles = new Set<string>();
      const optionRefusals: [string, string][] = [];
      const check = (where: string, text: string, more?: Set<string>) => {
        for (const id of idsIn(text, more ? new Set([...ids, ...more]) : ids))
          if (!found.has(id)) found.set(id, `${where}: ${text.slice(0, 160)}`);
      };
      // Ids of the rules' catalogues and of option choices whose names differ: looked for in the refusals that list them.
      const catalogue = catalogueIds(mod);
      let step = 0;
      const each = (env: Envelope<any>, actor: Role, events: GameEvent[]) => {
        // The state and the spectator's view (which carries the map's areas for games whose map is static data).
        if (step++ === 0) ids = internalIds([env.game, mod.view(env.game, { kind: 'spectator' })] as Json, handles);
        else if (step % 25 === 1) internalIds(env.game as Json, handles);
        const roles = mod.roles(env.options).map((r) => r.id);
        const viewers: Viewer[] = [{ kind: 'spectator' }, ...roles.map((role): Viewer => ({ kind: 'seat', role }))];
        for (const viewer of viewers) for (const e of visibleEvents(events, viewer)) check('event', e.text);
        for (const p of mod.prompts(env.game)) {
          check('prompt', p.text);
          for (const l of mod.legal(env.game, p.role)) check('label', l.label);
        }
        if (step % 25 === 1) {
          for (const viewer of viewers) check('summary', mod.summarize(mod.view(env.game, viewer), viewer));
          // The free-text order sheets (/wk4 order sheet, /rifle plans): what they refuse, named by names.
          const seat = mod.prompts(env.game)[0]?.role ?? actor;
          for (const sub of mod.subcommands.filter((c) => c.toActions && c.options.some((o) => o.paragraph)))
            for (const text of SHEET_PROBES) {
              try {
                for (const action of sub.toActions!(env.game, seat, { text })) applyAction(mod, env, seat, action, false);
              } catch (e) {
                check('sheet refusal', (e as Error).message, catalogue);
              }
            }
          // A refusal: an action of one seat tried by another (or by the same seat once it is no longer legal).
          const asked = mod.prompts(env.game)[0];
          const other = roles.find((r) => r !== asked?.role) ?? actor;
          const action = asked && mod.legal(env.game, asked.role)[0]?.action;
          if (action) {
            try {
              applyAction(mod, env, other, action, true);
            } catch (e) {
              check('refusal', (e as Error).message);
            }
          }
        }
      };
      // /game new options: each choice is taken by its name as by its id; a refusal lists names.
      for (const doc of mod.optionDocs ?? []) {
        if (!doc.choices) continue;
        for (const choice of doc.choices) {
          let byId: unknown;
          try {
            byId = mod.parseOptions({ ...raw, [doc.name]: choice.value });
          } catch {
            continue; // not allowed with the other options
          }
          expect(mod.parseOptions({ ...raw, [doc.name]: choice.name }), `${doc.name}:${choice.name}`).toEqual(byId);
        }
        try {
          mod.parseOptions({ ...raw, [doc.name]: 'no such choice' });
          expect.unreachable(`${doc.name}: "no such choice" accepted`);
        } catch (e) {
          optionRefusals.push([doc.name, (e as Error).message]);
        }
      }
      await playoutAsync(mod, raw, seed, { each, maxSteps: 4000 }).catch((e: unknown) => {
        if (!String(e).includes('No result after')) throw e;
      });
      for (const [name, text] of optionRefusals) check(`option refusal (${name})`, text, catalogue);
      // Handles of things made later in the game (a WK4 army raised mid-game) are designations too.
      for (const h of handles) found.delete(h);
      expect([...found].map(([id, where]) => `${id} — ${where}`)).toEqual([]);
    }, 60_000);
  }

  it('WK4 order sheets take nations, unit types and lords by the names the game shows (and still the ids)', async () => {
    let seen = false;
    await playoutAsync(wk4, { nations: 3, years: 1 }, 'names-wk4', {
      maxSteps: 1,
      each: (env: Envelope<any>) => {
        if (seen) return;
        seen = true;
        const state = env.game;
        const me: string = state.order[0];
        const other: string = state.order[1];
        const lord = Object.values(state.lords as Record<string, { id: string; name: string; nation: string; status: string }>).find(
          (l) => l.nation === me && l.status === 'free',
        )!;
        const force = Object.values(state.forces as Record<string, { nation: string; hex: string }>).find((f) => f.nation === me)!;
        expect(parseLine(state, me, `war on ${state.nations[other].name}`)).toEqual({ k: 'war', nation: other });
        expect(parseLine(state, me, `war on ${other}`)).toEqual({ k: 'war', nation: other });
        expect(parseLine(state, me, 'buy 2 Heavy Infantry')).toMatchObject({ k: 'buy', n: 2 });
        expect(parseLine(state, me, `landsknekt 1 at ${force.hex} lord ${lord.name}`)).toMatchObject({ lord: lord.id });
        expect(parseLine(state, me, `landsknekt 1 at ${force.hex} lord ${lord.id}`)).toMatchObject({ lord: lord.id });
      },
    }).catch((e: unknown) => {
      if (!String(e).includes('No result after')) throw e;
    });
    expect(seen).toBe(true);
  });
});
