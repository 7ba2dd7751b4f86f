// Sample WK4 pictures for render tests and the sample script: starting
// owners, a few armies and fleets, a battle, and per-nation fog (own forces'
// hexes and their neighbours, as the fog-of-war rule has it).
import { idsWithin } from '../../src/engine/hex.ts';
import { wk4Map, type Wk4MapName } from '../../src/games/wk4/map.ts';
import type { NationId } from '../../src/games/wk4/nations.ts';
import type { Wk4Marker, Wk4Picture } from '../../src/games/wk4/picture.ts';

export function samplePicture(name: Wk4MapName, viewer: Wk4Picture['viewer']): Wk4Picture {
  const map = wk4Map(name);
  const owners: Record<string, NationId | null> = {};
  for (const c of map.centres) owners[c.id] = c.owner;
  const markers: Wk4Marker[] = [];
  const lords = ['Aldric', 'Brannoc', 'Cedwyn', 'Dorran', 'Eirik', 'Falk', 'Gunnar', 'Hale', 'Ivo', 'Jarl', 'Kell'];
  map.nations.forEach((n, i) => {
    const homes = map.homes(n);
    markers.push({ id: `${n}-a1`, kind: 'army', nation: n, hex: homes[0].hex, label: lords[i % lords.length], strength: 6 + i });
    const step = map.landNeighbours(homes[0].hex)[0];
    markers.push({
      id: `${n}-a2`,
      kind: 'army',
      nation: n,
      hex: step,
      label: `${lords[(i + 3) % lords.length]}`,
      strength: 3,
      note: 'spent',
    });
    const port = map.homePorts(n)[0];
    if (port)
      markers.push({ id: `${n}-f1`, kind: 'fleet', nation: n, hex: port.hex, label: `${lords[(i + 5) % lords.length]}`, strength: 4 });
  });
  // A battle at Silvandros between the first two nations.
  const silv = map.centreByName('Silvandros')!;
  const [n1, n2] = map.nations;
  markers.push({ id: `${n1}-a9`, kind: 'army', nation: n1, hex: silv.hex, label: 'Osric', strength: 9 });
  markers.push({ id: `${n2}-a9`, kind: 'army', nation: n2, hex: silv.hex, label: 'Percival', strength: 7 });
  const mine = typeof viewer === 'string' && viewer !== 'umpire' && viewer !== 'public' ? viewer : null;
  const visible = mine
    ? [
        ...idsWithin(
          markers.filter((m) => m.nation === mine).map((m) => m.hex),
          1,
          (h) => map.has(h),
        ),
      ]
    : ('all' as const);
  const shown = mine ? markers.filter((m) => visible === 'all' || visible.includes(m.hex)) : viewer === 'public' ? [] : markers;
  const trailFrom = map.homes(n1)[0].hex;
  return {
    map: name,
    title: 'Spring, year 1 · preliminary results',
    viewer,
    visible,
    owners,
    markers: shown,
    battles: viewer === 'public' || (mine && !visible.includes(silv.hex)) ? [] : [{ hex: silv.hex, kind: 'field', label: '3:2 · 7' }],
    trails: mine === n1 || viewer === 'umpire' ? [{ nation: n1, hexes: [trailFrom, ...map.landNeighbours(trailFrom).slice(0, 1)] }] : [],
    notes: ['War: Almagora – Capetan', 'Alliance: Corona, Magarhita'],
  };
}
