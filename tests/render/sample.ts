// Writes /tmp/kpw-sample.png from a busy mid-game view on the real map:
//   npx tsx tests/render/sample.ts [out.png]
import { writeFileSync } from 'node:fs';
import { renderKpw } from '../../render/kpw.ts';
import { emptyView } from './fixtures.ts';
import type { KpwView } from '../../src/games/kpw/view-types.ts';

export function busyView(): KpwView {
  return emptyView({
    viewer: 'english',
    turn: 4,
    phase: 'Turn 4 · English Combat',
    prompts: [
      { role: 'english', text: 'Resolve the battle at Great Swamp: /kpw battle great_swamp.' },
      { role: 'indian', text: 'Choose whether Canonchet evades.' },
    ],
    vp: { english: 9, indian: 12 },
    provisionsLost: { english: 5, indian: 9 },
    church: { status: 'on-map', space: 'wickford' },
    sites: {
      swansea: 'razed',
      dartmouth: 'raided',
      mendon: 'raided',
      brookfield: 'razed',
      plymouth: 'damaged',
      montaup: 'breached',
      sowams: 'razed',
      queens_fort: 'raided',
    },
    stacks: [
      {
        space: 'wickford',
        side: 'english',
        musket: true,
        units: [
          { id: 'church', kind: 'key', name: 'Church', owner: 'PL', spy: true, guide: true },
          { id: 'ma1', kind: 'soldier', name: 'MA Soldier', owner: 'MA', strength: 2 },
          { id: 'ct1', kind: 'soldier', name: 'CT Soldier', owner: 'CT', strength: 1 },
          { id: 'al1', kind: 'allied', name: 'Allied Indians', owner: 'AL', strength: 2 },
        ],
      },
      {
        space: 'boston',
        side: 'english',
        musket: false,
        units: [
          { id: 'macap', kind: 'captain', name: 'MA Captain', owner: 'MA' },
          { id: 'ma2', kind: 'soldier', name: 'MA Soldier', owner: 'MA', strength: 2 },
        ],
      },
      {
        space: 'plymouth',
        side: 'english',
        musket: false,
        units: [
          { id: 'winslow', kind: 'key', name: 'Winslow', owner: 'PL' },
          { id: 'pl1', kind: 'soldier', name: 'PL Soldier', owner: 'PL', strength: 2 },
        ],
      },
      {
        space: 'hartford',
        side: 'english',
        musket: false,
        moved: true,
        units: [{ id: 'ct2', kind: 'soldier', name: 'CT Soldier', owner: 'CT', strength: 2 }],
      },
      {
        space: 'great_swamp',
        side: 'indian',
        musket: true,
        units: [
          { id: 'canonchet', kind: 'key', name: 'Canonchet', owner: 'NA', guide: true },
          { id: 'na1', kind: 'warrior', name: 'NA Warrior', owner: 'NA', strength: 2 },
          { id: 'na2', kind: 'warrior', name: 'NA Warrior', owner: 'NA', strength: 2 },
          { id: 'na3', kind: 'warrior', name: 'NA Warrior', owner: 'NA', strength: 1 },
        ],
      },
      {
        space: 'mattapoisett',
        side: 'indian',
        musket: false,
        units: [
          { id: 'philip', kind: 'key', name: 'Philip', owner: 'WA', spy: true },
          { id: 'wa1', kind: 'warrior', name: 'WA Warrior', owner: 'WA', strength: 2 },
          { id: 'wa2', kind: 'warrior', name: 'WA Warrior', owner: 'WA', strength: 1 },
        ],
      },
      {
        space: 'menameset',
        side: 'indian',
        musket: false,
        units: [
          { id: 'nis', kind: 'sachem', name: 'NI Sachem', owner: 'NI' },
          { id: 'ni1', kind: 'warrior', name: 'NI Warrior', owner: 'NI', strength: 2 },
        ],
      },
      {
        space: 'sakonnet',
        side: 'indian',
        musket: false,
        units: [{ id: 'sk1', kind: 'warrior', name: 'SK Warrior', owner: 'SK', strength: 2 }],
      },
      {
        space: 'canajoharie',
        side: 'indian',
        musket: false,
        units: [
          { id: 'mos', kind: 'sachem', name: 'MO Sachem', owner: 'MO' },
          { id: 'mo1', kind: 'warrior', name: 'MO Warrior', owner: 'MO', strength: 2 },
          { id: 'mo2', kind: 'warrior', name: 'MO Warrior', owner: 'MO', strength: 2 },
        ],
      },
    ],
    battles: [
      { id: 'b1', side: 'english', from: 'wickford', to: 'great_swamp', fought: false },
      { id: 'b2', side: 'indian', from: 'menameset', to: 'brookfield', fought: true },
      { id: 'b3', side: 'english', from: 'plymouth', to: 'mattapoisett', fought: false },
    ],
    tribes: {
      WA: 'allied',
      SK: 'allied',
      PC: 'surrendered',
      NA: 'allied',
      NI: 'allied',
      NC: 'neutral',
      PO: 'neutral',
      AB: 'neutral',
      MO: 'neutral',
    },
    colonies: { MA: 'active', PL: 'active', RI: 'devastated', CT: 'active' },
    turnTrack: [
      { turn: 6, items: ['Musket'] },
      { turn: 5, items: ['MA Captain'] },
    ],
    surrender: [
      { tribe: 'NC', vp: 8 },
      { tribe: 'SK', vp: 10 },
      { tribe: 'PC', vp: 12 },
      { tribe: 'NI', vp: 15 },
      { tribe: 'PO', vp: 18 },
      { tribe: 'NA', vp: 21 },
      { tribe: 'AB', vp: 25 },
    ],
    eliminated: { warriors: { WA: 2, PC: 3, NA: 1 }, leaders: ['PC Sachem'] },
    recent: [
      'Indian raid on Dartmouth: settlement raided.',
      'Swansea razed. English lose 2 provisions.',
      'Church enters play at Wickford with 1 Allied Indian.',
      'English battle marker placed: Wickford → Great Swamp.',
    ],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2] ?? '/tmp/kpw-sample.png';
  const t0 = performance.now();
  const png = renderKpw(busyView());
  const t1 = performance.now();
  renderKpw(busyView());
  const t2 = performance.now();
  writeFileSync(out, png);
  console.log(`${out}: ${png.length} bytes; first ${(t1 - t0).toFixed(0)} ms, cached ${(t2 - t1).toFixed(0)} ms`);
}
