// A whole season through the runner: secret orders, adjudication (movement
// into the enemy, a field battle with forced dice, pursuit, the defender's
// retreat as a proposal), the umpire's review, challenges and rulings, and
// the official results opening the next season.
import { describe, expect, it } from 'vitest';
import { applyAction, canonical, createGame, type Envelope } from '../../src/engine/runner.ts';
import { UMPIRE, type Action, type GameEvent } from '../../src/engine/types.ts';
import { wk4 } from '../../src/games/wk4/index.ts';
import { stageOf, type Wk4State } from '../../src/games/wk4/state.ts';

function setupDuel(umpire: 'engine' | 'human') {
  let env = createGame(wk4, { nations: 2, umpire }, 'wk4-season').env as Envelope<Wk4State>;
  const s = env.game;
  s.forces.cap4.hex = '6,7'; // a neutral clear hex next to Almagora
  s.lords.alm3.trait = 'engineer'; // no field-battle modifier
  s.lords.cap4.trait = 'engineer';
  const events: GameEvent[] = [];
  const act = (role: string, action: Action) => {
    const r = applyAction(wk4, env, role, action);
    env = r.env as Envelope<Wk4State>;
    events.push(...r.events);
    return r;
  };
  return {
    get env() {
      return env;
    },
    act,
    events,
  };
}

describe('WK4 season: Movement, Field Battles, Retreats, Turn Results and Challenges', () => {
  it('an attack into a neutral hex: 9:9 at 1:1, out of supply -2 → 3:1, 2d6 5 → "- / 25R", pursuit 2 steps, the defender retreats by proposal', () => {
    const g = setupDuel('engine');
    g.act('almagora', { type: 'order', item: { k: 'war', nation: 'capetan' } });
    const r = g.act('almagora', { type: 'order', item: { k: 'move', force: 'alm3', path: ['6,7'], attack: true } });
    // Secret: the order's label is for Almagora's eyes (and the umpire's).
    expect(r.legal.secret).toBe(true);
    g.env.dice.forced.push(2, 3, 6, 4); // main 2d6, pursuit d6, death of cap4's lord d6
    g.act('almagora', { type: 'final' });
    g.act('capetan', { type: 'final' });
    const s = g.env.game;
    const b = s.battles[0];
    // Both armies: morale (3+3+4+3)/4 rounded up = 4; Capetan's stands next to an enemy city only: out of supply, -2.
    expect(b).toMatchObject({ hex: '6,7', kind: 'field', attacker: ['almagora'], defender: ['capetan'], winner: 'attacker', ratio: '3:1' });
    expect(b.lines.join('\n')).toMatch(
      /CV 9 : 9 = 1:1; attacker \+4 army morale \(4\), defender \+4 army morale, -2 out of supply \(2\), net \+2 → column 3:1; 2d6 2\+3=5: - \/ 25R/,
    );
    expect(b.lines.join('\n')).toMatch(/Losses: attacker 0 steps, defender 2 steps/);
    expect(b.lines.join('\n')).toMatch(/pursuit by cavalry CV 2, roll 6: 2 more steps/);
    // cap4 had 4+4+4+3 = 15 steps; 25 % of 9 = 2.25 → 2, and 2 in the pursuit.
    expect(s.forces.cap4.units.reduce((a, u) => a + u.steps, 0)).toBe(11);
    const p = s.proposals.find((x) => x.kind === 'retreat')!;
    expect(p.force).toBe('cap4');
    expect(s.forces.cap4.hex).toBe(p.choice);
    expect(p.options.map((o) => o.id)).not.toContain('6,8'); // never back through the side the attacker used
    // The engine as umpire took every default and logged it; the preliminary results went to the nations only.
    expect(s.rulings.some((x) => /Engine umpire: .*Retreat of cap4/.test(x))).toBe(true);
    const prelim = g.events.find((e) => e.kind === 'preliminary')!;
    expect(prelim.to).toEqual(['almagora', 'capetan']);
    expect(g.events.find((e) => e.kind === 'report' && e.to?.[0] === 'capetan')!.text).toMatch(/Field battle at 6,7/);
    // Almagora's own report says what its attack order did; Capetan's reads the battle, not Almagora's order.
    const mine = g.events.find((e) => e.kind === 'report' && e.to?.[0] === 'almagora')!.text;
    expect(mine).toMatch(/alm3 marches to attack from .* to 6,7\.\nalm3 meets the enemy at 6,7\./);
    expect(g.events.find((e) => e.kind === 'report' && e.to?.[0] === 'capetan')!.text).not.toMatch(/marches/);
    expect(stageOf(s)).toBe('challenges');
    g.act('almagora', { type: 'agree' });
    g.act('capetan', { type: 'agree' });
    expect(g.env.game.season).toBe('summer');
    expect(g.env.game.official.wars).toEqual(['almagora|capetan']);
  });

  it('a human umpire changes the retreat, notes a surprise, hears a challenge and publishes', () => {
    const g = setupDuel('human');
    g.act('almagora', { type: 'order', item: { k: 'war', nation: 'capetan' } });
    g.act('almagora', { type: 'order', item: { k: 'move', force: 'alm3', path: ['6,7'], attack: true } });
    g.env.dice.forced.push(2, 3, 6, 4);
    g.act('almagora', { type: 'final' });
    g.act('capetan', { type: 'final' });
    expect(wk4.prompts(g.env.game).map((p) => p.role)).toEqual([UMPIRE]);
    const p = g.env.game.proposals.find((x) => x.kind === 'retreat')!;
    const other = p.options.find((o) => o.id !== p.choice)!;
    g.act(UMPIRE, { type: 'choose', id: p.id, option: other.id });
    expect(g.env.game.forces.cap4.hex).toBe(other.id);
    expect(() => g.act(UMPIRE, { type: 'override', id: 'p999', note: 'x' })).toThrow(/Override an open proposal/);
    g.act(UMPIRE, { type: 'note', text: 'Fog: scouts report dust on the road', to: 'capetan' });
    g.act(UMPIRE, { type: 'publish' });
    expect(stageOf(g.env.game)).toBe('challenges');
    g.act('capetan', { type: 'challenge', reason: 'My army should have held the ford' });
    g.act('almagora', { type: 'agree' });
    expect(stageOf(g.env.game)).toBe('ruling');
    expect(() => g.act(UMPIRE, { type: 'publish' })).toThrow(/Rule on every challenge first/);
    g.act(UMPIRE, { type: 'rule', challenge: 1, verdict: 'dismissed', note: 'The ford was not held.' });
    g.act(UMPIRE, { type: 'publish' });
    const s = g.env.game;
    expect(s.season).toBe('summer');
    expect(s.rulings.join('\n')).toMatch(
      /Umpire rules p\d+: Retreat of cap4.*\n.*note to Capetan: Fog[\s\S]*challenge of Capetan \("My army should have held the ford"\): dismissed: The ford was not held\./,
    );
  });

  it('Post Combat Movement: the umpire orders a counterattack, a secondary battle fought at once', () => {
    const g = setupDuel('human');
    g.act('almagora', { type: 'order', item: { k: 'war', nation: 'capetan' } });
    g.act('almagora', { type: 'order', item: { k: 'move', force: 'alm3', path: ['6,7'], attack: true } });
    // 2d6 6+6 = 12 at 3:1 → "10R / 10": the attacker is beaten and falls back to 6,8; its lord survives (6).
    g.env.dice.forced.push(6, 6, 6);
    g.act('almagora', { type: 'final' });
    g.act('capetan', { type: 'final' });
    expect(g.env.game.battles[0]).toMatchObject({ winner: 'defender' });
    expect(g.env.game.forces.alm3.hex).toBe('6,8');
    const p = g.env.game.proposals.find((x) => x.kind === 'counterattack')!;
    expect(p.options.map((o) => o.id)).toEqual(['none', '6,8']);
    g.env.dice.forced.push(1, 1, 1, 1, 6, 6, 6, 6);
    g.act(UMPIRE, { type: 'choose', id: p.id, option: '6,8' });
    const s = g.env.game;
    expect(s.battles.length).toBe(2);
    expect(s.battles[1]).toMatchObject({ hex: '6,8', kind: 'field', attacker: ['capetan'], defender: ['almagora'] });
    expect(s.rulings.at(-1)).toMatch(/Counterattack by cap4 on alm3 .* → Counterattack into Almagora \(6,8\)/);
  });
});

/** One listed one-hex move of `force` (not an attack); returns where it goes. */
function step(g: ReturnType<typeof setupDuel>, n: string, force: string): string {
  const l = wk4.legal(g.env.game, n).find((x) => {
    const o = x.action.item as { k?: string; force?: string; path?: string[]; attack?: boolean } | undefined;
    return o?.k === 'move' && o.force === force && o.path?.length === 1 && !o.attack;
  })!;
  g.act(n, l.action);
  return (l.action.item as { path: string[] }).path[0];
}

describe('WK4 Order of Battle / Turn Sequence: initiative by actions spent, time of submission, umpire determination', () => {
  it('nations tied on actions are put to the human umpire before movement; the umpire reorders them with a note', () => {
    const g = setupDuel('human');
    // Both spend 1 AP (one move each); Almagora declares its orders final first.
    const dest = step(g, 'almagora', 'alm3');
    step(g, 'capetan', 'cap4');
    const spent = (n: string) => g.env.game.nations[n].ap;
    const before = { almagora: spent('almagora'), capetan: spent('capetan') };
    g.act('almagora', { type: 'final' });
    g.act('capetan', { type: 'final' });
    let s = g.env.game;
    expect(before.almagora - spent('almagora')).toBe(before.capetan - spent('capetan'));
    // Movement has not been resolved yet: the umpire determines the order first.
    expect(stageOf(s)).toBe('initiative');
    expect(s.forces.alm3.hex).not.toBe(dest);
    expect(s.initiative).toEqual(['almagora', 'capetan']);
    const p = s.proposals.find((x) => x.kind === 'initiative')!;
    expect(p.options.map((o) => o.label)).toEqual(['Almagora > Capetan', 'Capetan > Almagora']);
    expect(wk4.prompts(s).map((x) => x.role)).toEqual([UMPIRE]);
    g.act(UMPIRE, { type: 'choose', id: p.id, option: 'capetan>almagora', note: 'Capetan’s courier arrived with Almagora’s' });
    s = g.env.game;
    expect(s.initiative).toEqual(['capetan', 'almagora']);
    expect(s.rulings.at(-1)).toMatch(
      /Umpire rules p\d+: Order of movement among Almagora, Capetan .*→ Capetan > Almagora\. Note: Capetan’s courier/,
    );
    g.act(UMPIRE, { type: 'publish' });
    s = g.env.game;
    // Now the season is resolved: the armies moved, and the umpire reviews the results.
    expect(s.forces.alm3.hex).toBe(dest);
    expect(stageOf(s)).toBe('review');
    // The order is published once settled; the tie and what was spent stay with the umpire (docs/wk4-visibility.md).
    expect(s.report.some((l) => l.to === null && /Spring of year 1: initiative Capetan, Almagora\./.test(l.text))).toBe(true);
    expect(s.report.filter((l) => /Order of movement among/.test(l.text)).every((l) => canonical(l.to) === canonical([UMPIRE]))).toBe(true);
  });

  it('nations that spent no actions did not move: no determination, movement resolves at once', () => {
    const g = setupDuel('human');
    g.act('almagora', { type: 'final' });
    g.act('capetan', { type: 'final' });
    expect(g.env.game.proposals.some((x) => x.kind === 'initiative')).toBe(false);
    expect(stageOf(g.env.game)).toBe('review');
  });

  it('approve takes an optional note into the log; the engine as umpire keeps the tie-break order and says so', () => {
    const g = setupDuel('human');
    step(g, 'almagora', 'alm3');
    step(g, 'capetan', 'cap4');
    g.act('almagora', { type: 'final' });
    g.act('capetan', { type: 'final' });
    const p = g.env.game.proposals.find((x) => x.kind === 'initiative')!;
    g.act(UMPIRE, { type: 'approve', id: p.id, note: 'Submitted an hour apart' });
    expect(g.env.game.rulings.at(-1)).toMatch(/Umpire approves p\d+: .*→ Almagora > Capetan\. Note: Submitted an hour apart/);
    expect(g.env.game.proposals.find((x) => x.id === p.id)!.note).toBe('Submitted an hour apart');
    const e = setupDuel('engine');
    step(e, 'almagora', 'alm3');
    step(e, 'capetan', 'cap4');
    e.act('almagora', { type: 'final' });
    e.act('capetan', { type: 'final' });
    expect(stageOf(e.env.game)).toBe('challenges');
    expect(e.env.game.rulings.some((x) => /Engine umpire: p\d+ Order of movement among .* → Almagora > Capetan \(default\)/.test(x))).toBe(
      true,
    );
  });
});
