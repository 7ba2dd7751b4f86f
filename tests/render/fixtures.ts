// Fixtures for render tests: a tiny map in the data format and KPW views.
import type { KpwView } from '../../src/games/kpw/view-types.ts';
import type { RenderMap } from '../../render/kpw/map-source.ts';

export const tinyMap: RenderMap = {
  width: 1600,
  height: 1200,
  colonies: [
    { id: 'MA', name: 'Massachusetts', color: '#2e8b3a' },
    { id: 'PL', name: 'Plymouth', color: '#e07b1a' },
  ],
  tribes: [
    { id: 'WA', name: 'Wampanoag', color: '#ffffff' },
    { id: 'NA', name: 'Narragansett', color: '#2f5fd0' },
  ],
  spaces: [
    { id: 'boston', name: 'Boston', kind: 'settlement', owner: 'MA', port: true, river: true, x: 900, y: 400 },
    { id: 'dedham', name: 'Dedham', kind: 'settlement', owner: 'MA', x: 760, y: 520 },
    { id: 'plymouth', name: 'Plymouth', kind: 'fort', owner: 'PL', port: true, x: 1100, y: 700 },
    { id: 'montaup', name: 'Montaup', kind: 'village', owner: 'WA', river: true, x: 820, y: 800 },
    { id: 'swamp', name: 'Great Swamp', kind: 'fort', owner: 'NA', x: 600, y: 900 },
    { id: 'woods', name: 'Deep Woods', kind: 'neutral', x: 500, y: 600 },
    { id: 'treaty', name: 'Treaty Oak', kind: 'village', owner: 'NA', treaty: true, x: 300, y: 300 },
  ],
  connections: [
    { a: 'boston', b: 'dedham', pips: 1, water: false },
    { a: 'dedham', b: 'woods', pips: 2, water: false },
    { a: 'woods', b: 'treaty', pips: 3, water: false },
    { a: 'dedham', b: 'montaup', pips: 2, water: false },
    { a: 'montaup', b: 'plymouth', pips: 1, water: false },
    { a: 'montaup', b: 'swamp', pips: 2, water: false },
    { a: 'boston', b: 'plymouth', pips: 1, water: true },
  ],
  rivers: [{ a: 'boston', b: 'montaup' }],
};

/** An empty mid-game view on any map (no stacks, no battles). */
export function emptyView(over: Partial<KpwView> = {}): KpwView {
  return {
    viewer: 'spectator',
    turn: 3,
    lastTurn: 9,
    winter: false,
    short: false,
    phase: 'Turn 3 · Indian Movement',
    prompts: [{ role: 'indian', text: 'Move your war bands, then /kpw done.' }],
    vp: { english: 4, indian: 7 },
    provisionsLost: { english: 2, indian: 4 },
    church: { status: 'waiting' },
    sites: {},
    stacks: [],
    battles: [],
    tribes: { WA: 'allied', NA: 'neutral' },
    colonies: { MA: 'active', PL: 'active' },
    turnTrack: [
      { turn: 4, items: ['Musket'] },
      { turn: 6, items: ['Musket', 'Church'] },
    ],
    surrender: [{ tribe: 'NA', vp: 21 }],
    eliminated: { warriors: {}, leaders: [] },
    recent: [],
    result: { status: 'ongoing' },
    ...over,
  };
}
