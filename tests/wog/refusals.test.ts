// Refusals name the rule they break and what is allowed (issue 22): Phase 5's
// knights, gunners, longbowmen, area value and control; Phase 2's removal of
// an enemy control marker and moves; areas and leaders by name, never by id
// (issue 19 item 7). The refusal comes from the same rule code that builds
// the legal list, so each test also checks the choice is (not) offered.
import { describe, expect, it } from 'vitest';
import { resolveAction } from '../../commands/play.ts';
import { optionText } from '../../commands/present.ts';
import { RuleError } from '../../src/engine/errors.ts';
import { wog } from '../../src/games/wog/index.ts';
import { impulseLegal, startImpulses } from '../../src/games/wog/impulses.ts';
import { raiseOptions, raiseRefusal } from '../../src/games/wog/raise.ts';
import type { Side, WogState } from '../../src/games/wog/state.ts';
import { blank, put } from './helpers.ts';

const raisePhase = (s: WogState, side: Side = 'english') => {
  s.stack.frames = [
    { proc: 'turn', step: 'deploy', now: 'raise' },
    { proc: 'raise', step: 'go', sides: [side] },
  ];
};

const impulsePhase = (s: WogState, side: Side = 'english') => {
  s.ip = side;
  s.impulses = { english: 2, french: 2 };
  s.stack.frames = [{ proc: 'turn', step: 'battles', now: 'impulses' }, startImpulses(s)];
};

/** The refusal a typed command gets (the slash layer, with names as a person types them). */
function refusal(s: WogState, role: Side, sub: string, options: Record<string, string>): RuleError {
  try {
    resolveAction(wog, s, [role], sub, options);
  } catch (e) {
    if (e instanceof RuleError) return e;
    throw e;
  }
  throw new Error(`/wog ${sub} ${JSON.stringify(options)} was accepted`);
}

const offered = (s: WogState, side: Side, area: string, kind: string) =>
  raiseOptions(s, side).some((o) => o.area === area && o.troop.kind === kind);

describe('Phase 5 refusals name their rule (Raise Troops: knights, gunners, longbowmen, area value, control)', () => {
  const english = () => {
    const s = blank();
    for (const a of ['england', 'picardy', 'wales']) s.control[a] = 'english';
    s.control.normandy = 'french';
    raisePhase(s);
    return s;
  };

  it('a second knight in an area: only 1 per area per turn', () => {
    const s = english();
    s.raised.england = { sp: 1, knight: true, gunner: false };
    const e = refusal(s, 'english', 'raise', { area: 'England', kind: 'knight' });
    expect(e.rule).toBe('WoG Phase 5 (knights)');
    expect(e.message).toBe('England has raised its knight this turn: only 1 knight per area per turn.');
    expect(e.allowed.join('; ')).toContain('Raise 1 gunner in England');
    expect(offered(s, 'english', 'england', 'knight')).toBe(false);
  });

  it('knights only where a flag allows them (Scotland raises none)', () => {
    const s = english();
    s.control.scotland = 'english';
    const e = refusal(s, 'english', 'raise', { area: 'Scotland', kind: 'knight' });
    expect(e.rule).toBe('WoG Phase 5 (knights)');
    expect(e.message).toMatch(/^No knights are raised in Scotland: knights and chevaliers are raised only in the country of their flag/);
    expect(e.message).toContain('English knights in England');
  });

  it('gunners outside a value-3 area: names the value-3 areas', () => {
    const s = english();
    const e = refusal(s, 'english', 'raise', { area: 'Picardy', kind: 'gunner' });
    expect(e.rule).toBe('WoG Phase 5 (gunners)');
    expect(e.message).toBe('Gunners are raised only in value-3 areas (England, Flanders, Ile-de-France); Picardy is value 1.');
    expect(offered(s, 'english', 'picardy', 'gunner')).toBe(false);
    expect(offered(s, 'english', 'england', 'gunner')).toBe(true);
  });

  it('longbowmen outside England and Wales', () => {
    const s = english();
    const e = refusal(s, 'english', 'raise', { area: 'Picardy', kind: 'longbow' });
    expect(e.rule).toBe('WoG Phase 5 (longbowmen)');
    expect(e.message).toBe('Longbowmen are raised only in England and Wales, by their flag (Wales, England), not in Picardy.');
    expect(offered(s, 'english', 'wales', 'longbow')).toBe(true);
  });

  it('an area not controlled (by the enemy, by nobody, or neutral)', () => {
    const s = english();
    const enemy = refusal(s, 'english', 'raise', { area: 'Normandy', kind: 'infantry' });
    expect(enemy.rule).toBe('WoG Phase 5 (controlled areas)');
    expect(enemy.message).toBe('Normandy is controlled by the French: troops are raised only in your own controlled areas.');
    expect(enemy.allowed.length).toBeGreaterThan(0);
    expect(raiseRefusal(s, 'english', 'Aquitaine', 'infantry')!.message).toMatch(/^Aquitaine is not controlled by anyone/);
    expect(raiseRefusal(s, 'english', 'Ireland', 'infantry')!.message).toMatch(/^Ireland is neutral/);
  });

  it('an area that has raised its value in SP', () => {
    const s = english();
    s.raised.picardy = { sp: 1, knight: false, gunner: false };
    const e = refusal(s, 'english', 'raise', { area: 'Picardy', kind: 'infantry' });
    expect(e.rule).toBe('WoG Phase 5 (area value)');
    expect(e.message).toBe('Picardy has raised all 1 SP it may this turn (SP raised = area value, 1).');
  });

  it('names are read with or without accents and punctuation; ids still work', () => {
    const s = english();
    s.control.ile_de_france = 'english';
    expect(resolveAction(wog, s, ['english'], 'raise', { area: 'ile de france', kind: 'gunner' }).actions).toEqual([
      { type: 'raise', area: 'ile_de_france', kind: 'gunner' },
    ]);
    expect(raiseRefusal(s, 'english', 'ile_de_france', 'gunners')).toBeNull();
  });

  it('the knights a country raises go with the area, whoever holds it: the English raise French chevaliers in Aquitaine (README reading)', () => {
    const s = english();
    s.control.aquitaine = 'english';
    const knight = raiseOptions(s, 'english').find((o) => o.area === 'aquitaine' && o.troop.kind === 'knight');
    expect(knight?.troop).toEqual({ kind: 'knight', flag: 'french' });
  });
});

describe('Phase 2 refusals name their rule (remove enemy control marker; move)', () => {
  it('/wog uncontrol refused says the rule: friendly leaders must outnumber enemy leaders + 1', () => {
    const s = blank();
    s.control.normandy = 'french';
    put(s, 'edward_iii', 'normandy', 'english');
    put(s, 'northampton', 'normandy', 'english');
    put(s, 'philippe_vi', 'normandy', 'french');
    impulsePhase(s);
    expect(impulseLegal(s, 'english').some((l) => l.sub === 'uncontrol')).toBe(false);
    const e = refusal(s, 'english', 'uncontrol', { area: 'Normandy' });
    expect(e.rule).toBe('WoG Phase 2 (remove enemy control marker)');
    expect(e.message).toBe(
      'An enemy control marker is removed only if your leaders outnumber the enemy leaders + 1: in Normandy you have 2 and the French 1, so you need at least 3.',
    );
    expect(e.allowed).toContain('Pass this impulse');
    // With a third leader the same rule allows it, and the choice is offered.
    put(s, 'walter_manny', 'normandy', 'english');
    expect(resolveAction(wog, s, ['english'], 'uncontrol', { area: 'Normandy' }).actions).toEqual([
      { type: 'uncontrol', area: 'normandy' },
    ]);
  });

  it('/wog uncontrol where there is no enemy marker says so', () => {
    const s = blank();
    s.control.normandy = 'english';
    put(s, 'edward_iii', 'picardy', 'english');
    impulsePhase(s);
    const e = refusal(s, 'english', 'uncontrol', { area: 'Normandy' });
    expect(e.message).toBe('Normandy has no French control marker to remove (you control it).');
  });

  it('a move to an area not adjacent names both areas by name, never by id', () => {
    const s = blank();
    put(s, 'philippe_vi', 'ile_de_france', 'french');
    put(s, 'edward_iii', 'normandy', 'english');
    impulsePhase(s, 'french');
    const e = refusal(s, 'french', 'move', { from: 'Ile-de-France', to: 'England', leaders: 'Philippe VI' });
    expect(e.message).toBe('England is not adjacent to Ile-de-France.');
    expect(e.message).not.toMatch(/ile_de_france|england\b/);
  });

  it('leaders named with brackets and commas: the move is matched by names, and menus split the label outside the names', () => {
    const s = blank();
    put(s, 'jean_clermont', 'ile_de_france', 'french');
    put(s, 'jean_normandy', 'ile_de_france', 'french');
    impulsePhase(s, 'french');
    const names = ['Jean de Clermont (Marshal)', 'Jean, Duke of Normandy (Jean II)'];
    for (const id of ['jean_clermont', 'jean_normandy']) expect(names).toContain(nameOf(s, id));
    const move = impulseLegal(s, 'french').find((l) => l.sub === 'move' && String(l.action.leaders).includes('+'))!;
    expect(move.label).toContain(names.join(' + '));
    // Typed as the names, in either order, joined with '+' (or ' + ').
    for (const leaders of [names.join('+'), [...names].reverse().join(' + ')]) {
      const { actions } = resolveAction(wog, s, ['french'], 'move', {
        from: 'Ile-de-France',
        to: String(move.argLabels!.to),
        leaders,
      });
      expect(actions).toEqual([move.action]);
    }
    // Every label of the menu split for a dropdown keeps each leader's name whole (never "Move Jean de Clermont" + "(Marshal), …").
    const long = impulseLegal(s, 'french').filter((l) => l.label.length > 100);
    expect(long.length).toBeGreaterThan(0);
    for (const l of long) {
      const o = optionText(l.label);
      for (const name of names.filter((n) => l.label.includes(n)))
        expect(o.label.includes(name) || (o.description ?? '').includes(name), `${l.label} → ${JSON.stringify(o)}`).toBe(true);
    }
  });
});

function nameOf(s: WogState, id: string): string {
  const v = wog.view(s, { kind: 'spectator' }) as unknown as { areas: { leaders: { id: string; name: string }[] }[] };
  return v.areas.flatMap((a) => a.leaders).find((l) => l.id === id)!.name;
}
