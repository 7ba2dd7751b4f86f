// The AI nations play for victory points (OBJECTIVES & VICTORY; Action
// Points; Diplomacy): they take unheld centres in reach, keep action points
// for the rest of the year, and are in no alliance when the campaign ends.
import { describe, expect, it } from 'vitest';
import { botChoice, landAssaults } from '../../src/games/wk4/bot.ts';
import { apToSpare, captureMoves, lastGrabs, leavesAlliance } from '../../src/games/wk4/bot-vp.ts';
import { blocs } from '../../src/games/wk4/endturn.ts';
import { mapOf } from '../../src/games/wk4/geo.ts';
import { wk4 } from '../../src/games/wk4/index.ts';
import { checkOrder, type Order } from '../../src/games/wk4/orders.ts';
import { fresh, give } from './helpers.ts';

const always = () => 0; // the bot's dice always say "do it"
const never = () => 0.99; // ... and "not now" to what it only does now and then

describe('WK4 OBJECTIVES & VICTORY: AI nations take centres', () => {
  it('an army with an unheld centre in reach marches into it, a major before a minor, one army to a centre', () => {
    const s = fresh();
    const m = mapOf(s);
    // An army of Almagora's beside Silvandros (major, unheld) and with an unheld minor in reach too.
    const silvandros = m.centres.find((c) => c.id === 'silvandros')!;
    const beside = m.landNeighbours(silvandros.hex).find((h) => !m.centreAt(h) && !['mountain', 'swamp'].includes(m.terrain(h)))!;
    s.forces.alm3.hex = beside;
    s.nations.almagora.reserve = {};
    s.nations.almagora.treasury = 0;
    const takes = captureMoves(s, 'almagora', wk4.legal(s, 'almagora'));
    expect(takes.length).toBeGreaterThan(0);
    const ends = takes.map((l) => (l.action.item as unknown as { path: string[] }).path.at(-1)!);
    expect(ends.some((h) => m.centreAt(h)?.kind === 'minor')).toBe(true); // a minor is in reach too
    const first = takes[0].action.item as unknown as Order & { k: 'move' };
    expect(first).toMatchObject({ k: 'move', force: 'alm3' });
    expect(first.path[first.path.length - 1]).toBe(silvandros.hex);
    expect(() => checkOrder(s, 'almagora', first)).not.toThrow();
    const o = botChoice(s, 'almagora', wk4.legal(s, 'almagora'), never).action.item as unknown as Order & { k: 'move' };
    expect(o.path[o.path.length - 1]).toBe(silvandros.hex);
    // Once an army is ordered there, no second army is sent to the same centre.
    give(s, 'almagora', [o]);
    const again = captureMoves(s, 'almagora', wk4.legal(s, 'almagora')).map((l) => l.action.item as unknown as Order & { k: 'move' });
    expect(again.some((x) => x.path[x.path.length - 1] === silvandros.hex)).toBe(false);
  });

  it('a centre where another nation has an army in sight is not taken as unheld', () => {
    const s = fresh();
    const m = mapOf(s);
    const silvandros = m.centres.find((c) => c.id === 'silvandros')!;
    s.forces.alm3.hex = m.landNeighbours(silvandros.hex).find((h) => !m.centreAt(h) && !['mountain', 'swamp'].includes(m.terrain(h)))!;
    s.forces.cap3.hex = silvandros.hex;
    const ends = captureMoves(s, 'almagora', wk4.legal(s, 'almagora')).map((l) =>
      (l.action.item as unknown as { path: string[] }).path.at(-1),
    );
    expect(ends).not.toContain(silvandros.hex);
  });
});

describe('WK4 OBJECTIVES & VICTORY: the last seasons of the campaign', () => {
  it("in the last season an army marches into an enemy's centre whatever the odds (its whole militia outweighs the army)", () => {
    const s = fresh();
    const m = mapOf(s);
    s.year = s.options.years;
    s.season = 'winter';
    s.wars.push('almagora|capetan');
    s.nations.almagora.reserve = {};
    s.nations.almagora.treasury = 0;
    const valois = m.centres.find((c) => c.id === 'valois')!; // Capetan's home city, manpower 6: militia CV 12
    const beside = m.landNeighbours(valois.hex).find((h) => !m.centreAt(h) && !Object.values(s.forces).some((f) => f.hex === h))!;
    for (const id of Object.keys(s.forces))
      if (s.forces[id].hex === valois.hex) s.forces[id].hex = m.landNeighbours(valois.hex).find((h) => h !== beside)!;
    for (const c of m.centres) if (s.owner[c.id] === null) s.owner[c.id] = 'almagora'; // nothing unheld to take instead
    s.forces.alm3.hex = beside;
    s.forces.alm3.units = s.forces.alm3.units.slice(0, 1); // far too weak for an assault with good odds
    const legal = wk4.legal(s, 'almagora');
    expect(landAssaults(s, 'almagora', legal).filter((l) => (l.action.item as { force?: string }).force === 'alm3')).toEqual([]);
    const grabs = lastGrabs(s, 'almagora', legal).map((l) => l.action.item as unknown as Order & { k: 'move' });
    expect(grabs.some((o) => o.force === 'alm3' && o.path.at(-1) === valois.hex)).toBe(true);
    const goes = () => {
      const o = botChoice(s, 'almagora', wk4.legal(s, 'almagora'), never).action.item as unknown as Order | undefined;
      return o?.k === 'move' && o.force === 'alm3' && o.path.at(-1) === valois.hex;
    };
    expect(goes()).toBe(true);
    // A season earlier the odds still count.
    s.season = 'fall';
    expect(goes()).toBe(false);
  });
  it('in the last two seasons an army in a centre of its own stays there unless it takes another', () => {
    const s = fresh();
    const m = mapOf(s);
    s.nations.almagora.reserve = {};
    s.nations.almagora.treasury = 0;
    // Unheld centres far away only: a march toward them takes nothing this season.
    for (const c of m.centres) if (s.owner[c.id] === null && c.id !== 'ravine') s.owner[c.id] = 'almagora';
    give(s, 'almagora', [{ k: 'war', nation: 'capetan' }]);
    const marches = (year: number, season: typeof s.season) => {
      s.year = year;
      s.season = season;
      const o = botChoice(s, 'almagora', wk4.legal(s, 'almagora'), always).action.item as unknown as Order | undefined;
      return o?.k === 'move';
    };
    expect(marches(2, 'summer')).toBe(true);
    expect(marches(s.options.years, 'fall')).toBe(false);
  });
});

describe('WK4 Action Points: AI nations keep some for the rest of the year', () => {
  it('a share of the AP left goes to moves that take nothing: Spring 2/5, Summer 2/4, Fall 2/3, Winter all', () => {
    const s = fresh();
    s.nations.almagora.ap = 12;
    const share = (season: typeof s.season) => ((s.season = season), apToSpare(s, 'almagora'));
    expect([share('spring'), share('summer'), share('fall'), share('winter')]).toEqual([5, 6, 8, 12]);
  });

  it('with no AP to spare no army marches toward a far centre, though AP are left for the year', () => {
    const s = fresh();
    const m = mapOf(s);
    s.nations.almagora.ap = 2; // Spring: 1 to spare
    s.nations.almagora.reserve = {};
    s.nations.almagora.treasury = 0;
    const step = wk4
      .legal(s, 'almagora')
      .map((l) => l.action.item as unknown as Order)
      .find((o) => o?.k === 'move' && o.force === 'alm3' && o.path.length === 1 && !m.centreAt(o.path[0]))!;
    give(s, 'almagora', [step]);
    expect(apToSpare(s, 'almagora')).toBe(0);
    const legal = wk4.legal(s, 'almagora');
    expect(legal.some((l) => (l.action.item as unknown as Order | undefined)?.k === 'move')).toBe(true); // it could
    const o = botChoice(s, 'almagora', legal, always).action.item as unknown as Order | undefined;
    expect(['move', 'sail', 'river']).not.toContain(o?.k);
  });
});

describe('WK4 Diplomacy: AI nations stand alone at the end', () => {
  it('an alliance is left in the last year (a bloc shares its win), and none is asked for', () => {
    const s = fresh({ nations: 3 });
    s.alliances['al-almagora-capetan'] = ['almagora', 'capetan'];
    s.season = 'summer';
    expect(leavesAlliance(s, 'almagora')).toBe(false);
    s.year = s.options.years;
    expect(leavesAlliance(s, 'almagora')).toBe(true);
    expect(botChoice(s, 'almagora', wk4.legal(s, 'almagora'), never).action.item).toEqual({ k: 'leave' });
    delete s.alliances['al-almagora-capetan'];
    const asks = [0, 0.1, 0.2].map((r) => botChoice(s, 'almagora', wk4.legal(s, 'almagora'), () => r).action.item as { k?: string });
    expect(asks.some((o) => o?.k === 'ally')).toBe(false);
  });

  it('an alliance within 4 VP of its threshold is left before it can win', () => {
    const s = fresh({ nations: 3 });
    const m = mapOf(s);
    s.alliances['al-almagora-capetan'] = ['almagora', 'capetan'];
    s.season = 'summer';
    // Hand Almagora unheld and Corona's centres until the bloc is 4 VP short of its threshold.
    const bloc = () => blocs(s).find((b) => b.members.includes('almagora'))!;
    for (const c of m.centres.filter((x) => s.owner[x.id] === null || s.owner[x.id] === 'corona')) {
      if (bloc().vp + 4 >= bloc().needed) break;
      expect(leavesAlliance(s, 'almagora')).toBe(false);
      s.owner[c.id] = 'almagora';
    }
    expect(bloc().vp + 4).toBe(bloc().needed);
    expect(leavesAlliance(s, 'almagora')).toBe(true);
  });
});
