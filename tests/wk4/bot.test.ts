// The AI nations' amphibious assaults and mercenary dealings: simple, but
// every order they write passes the same check as a typed one.
import { describe, expect, it } from 'vitest';
import { botChoice, landAssaults } from '../../src/games/wk4/bot.ts';
import { hexDistance } from '../../src/engine/hex.ts';
import { holder, mapOf, movement } from '../../src/games/wk4/geo.ts';
import { wk4 } from '../../src/games/wk4/index.ts';
import { checkOrder, type Order } from '../../src/games/wk4/orders.ts';
import { aiStats, type AiStats } from './ai-stats.ts';
import { fresh } from './helpers.ts';

const always = () => 0; // the bot's dice always say "do it"

describe('WK4 Amphibious Attacks by AI nations', () => {
  it('an infantry army of at most 3 regiments next to its transports is carried to an enemy port or beach', () => {
    const s = fresh();
    const m = mapOf(s);
    const fleet = s.forces.cap1;
    const h = m
      .hexIds()
      .find((x) => m.isLand(x) && m.isBeach(x) && !m.centreAt(x) && [...m.seaReach(x, movement(fleet)).keys()].some((p) => m.centreAt(p)))!;
    const port = [...m.seaReach(h, movement(fleet)).keys()].find((p) => m.centreAt(p))!;
    s.owner[m.centreAt(port)!.id] = 'almagora';
    s.wars.push('almagora|capetan');
    fleet.hex = h;
    s.forces.cap3.hex = h;
    s.forces.cap3.units = s.forces.cap3.units.filter((u) => u.type === 'infantry').slice(0, 3);
    const l = botChoice(s, 'capetan', wk4.legal(s, 'capetan'), always);
    const o = l.action.item as unknown as Order;
    expect(o).toMatchObject({ k: 'sail', force: 'cap1', carry: ['cap3'] });
    expect(holder(s, (o as { to: string }).to)).toBe('almagora');
    expect(() => checkOrder(s, 'capetan', o)).not.toThrow();
  });

  it('a landing force with no coast at war in reach waits by its transports instead of marching off', () => {
    const s = fresh();
    const fleet = s.forces.cap1;
    s.forces.cap3.hex = fleet.hex;
    s.forces.cap3.units = s.forces.cap3.units.filter((u) => u.type === 'infantry').slice(0, 3);
    s.nations.capetan.reserve = {};
    for (const id of Object.keys(s.forces))
      if (s.forces[id].nation === 'capetan' && !s.forces[id].naval && id !== 'cap3') delete s.forces[id];
    const moves = wk4.legal(s, 'capetan').filter((l) => (l.action.item as { force?: string } | undefined)?.force === 'cap3');
    expect(moves.length).toBeGreaterThan(0); // it could march
    const o = botChoice(s, 'capetan', wk4.legal(s, 'capetan'), always).action.item as { force?: string } | undefined;
    expect(o?.force).not.toBe('cap3');
  });

  it('a landing force with no enemy coast in reach is ferried to a friendly or unheld landing nearer one', () => {
    const s = fresh();
    const m = mapOf(s);
    s.wars.push('almagora|capetan');
    s.nations.almagora.reserve = {};
    const fleet = s.forces.alm10;
    s.forces.alm2.hex = fleet.hex;
    s.forces.alm2.units = s.forces.alm2.units.filter((u) => u.type === 'infantry').slice(0, 2);
    const coasts = m.hexIds().filter((h) => m.isLand(h) && m.isLanding(h) && holder(s, h) === 'capetan');
    const near = (h: string) => Math.min(...coasts.map((c) => hexDistance(c, h)));
    expect([...m.seaReach(fleet.hex, movement(fleet)).keys()].some((h) => holder(s, h) === 'capetan')).toBe(false);
    const o = botChoice(s, 'almagora', wk4.legal(s, 'almagora'), always).action.item as unknown as Order & { k: 'sail' };
    expect(o).toMatchObject({ k: 'sail', force: 'alm10', carry: ['alm2'] });
    expect([null, 'almagora']).toContain(holder(s, o.to));
    expect(near(o.to)).toBeLessThan(near(fleet.hex));
    expect(() => checkOrder(s, 'almagora', o)).not.toThrow();
  });

  it('without a landing force it raises one from the reserve infantry at the home port, under a lord with no force', () => {
    const s = fresh();
    const fleet = s.forces.cap1;
    const l = botChoice(s, 'capetan', wk4.legal(s, 'capetan'), always);
    const o = l.action.item as unknown as Order & { k: 'deploy' };
    expect(o).toMatchObject({ k: 'deploy', type: 'infantry', n: 2, at: fleet.hex });
    expect(s.forces[o.lord]).toBeUndefined();
  });
});

describe('WK4 Mercenary Loyalty by AI nations', () => {
  it('a rich nation at war bribes the mercenaries of an enemy army it can see (switch when it can pay four times)', () => {
    const s = fresh();
    s.nations.almagora.reserve = {}; // nothing to raise a landing force with
    s.nations.almagora.treasury = 200;
    s.wars.push('almagora|capetan');
    s.forces.cap4.hex = '6,7'; // next to Almagora's army at 6,8
    s.forces.cap4.units.push({ id: 'lk1', type: 'landsknekt', steps: 4, green: false });
    const o = botChoice(s, 'almagora', wk4.legal(s, 'almagora'), always).action.item as unknown as Order;
    expect(o).toEqual({ k: 'bribe', force: 'cap4', mode: 'switch' });
    s.nations.almagora.treasury = 35; // 2 × 8 = 16 ≤ 35 < 4 × 8 + 8 = 40: only to leave
    expect(botChoice(s, 'almagora', wk4.legal(s, 'almagora'), always).action.item).toEqual({ k: 'bribe', force: 'cap4', mode: 'leave' });
  });

  it('a bribe is weighed before the Winter purchases spend the purse', () => {
    const s = fresh();
    s.season = 'winter';
    s.nations.almagora.reserve = {};
    s.nations.almagora.treasury = 35;
    s.wars.push('almagora|capetan');
    s.forces.cap4.hex = '6,7';
    s.forces.cap4.units.push({ id: 'lk1', type: 'landsknekt', steps: 4, green: false });
    expect(wk4.legal(s, 'almagora').some((l) => (l.action.item as { k?: string } | undefined)?.k === 'buy')).toBe(true);
    expect(botChoice(s, 'almagora', wk4.legal(s, 'almagora'), always).action.item).toEqual({ k: 'bribe', force: 'cap4', mode: 'leave' });
  });

  it('a nation that cannot pay the price of their leaving does not bribe', () => {
    const s = fresh();
    s.nations.almagora.reserve = {};
    s.nations.almagora.treasury = 12; // less than the $16 (twice the Landsknekt's price) that makes it leave
    s.wars.push('almagora|capetan');
    s.forces.cap4.hex = '6,7';
    s.forces.cap4.units.push({ id: 'lk1', type: 'landsknekt', steps: 4, green: false });
    const o = botChoice(s, 'almagora', wk4.legal(s, 'almagora'), always).action.item as { k?: string } | undefined;
    expect(o?.k).not.toBe('bribe');
  });
});

describe('WK4 Siege Battle: assaults by AI nations', () => {
  it("an army beside an enemy's centre it outnumbers half again (garrison in sight and the whole militia) assaults it", () => {
    const s = fresh();
    const m = mapOf(s);
    s.wars.push('almagora|capetan');
    s.nations.almagora.reserve = {};
    s.nations.almagora.treasury = 0; // no Landsknekt to hire first
    const empty = (h: string) => !Object.values(s.forces).some((f) => f.hex === h);
    // A minor centre of Capetan's (militia of 1 or 2) on open ground (its sides take 9 battle groups), clear ground beside it.
    const open = (h: string) => empty(h) && !['mountain', 'swamp'].includes(m.terrain(h));
    const c = m.centres.find(
      (x) =>
        s.owner[x.id] === 'capetan' &&
        x.kind === 'minor' &&
        ['clear', 'desert'].includes(m.terrain(x.hex)) &&
        empty(x.hex) &&
        m.landNeighbours(x.hex).some(open),
    )!;
    const at = m.landNeighbours(c.hex).find(open)!;
    s.forces.alm1.hex = at;
    expect(landAssaults(s, 'almagora', wk4.legal(s, 'almagora')).length).toBeGreaterThan(0);
    const o = botChoice(s, 'almagora', wk4.legal(s, 'almagora'), always).action.item as unknown as Order & { k: 'move' };
    expect(o).toMatchObject({ k: 'move', force: 'alm1', attack: true });
    expect(o.path[o.path.length - 1]).toBe(c.hex);
    // Against a garrison it cannot outnumber it makes no such assault.
    s.forces.cap2.hex = c.hex;
    s.forces.alm1.units = s.forces.alm1.units.slice(0, 2);
    expect(
      landAssaults(s, 'almagora', wk4.legal(s, 'almagora')).filter((l) => (l.action.item as { force?: string }).force === 'alm1'),
    ).toEqual([]);
  });
});

describe('WK4 Diplomacy by AI nations', () => {
  it('after the first season it declares war on the nation holding the centre nearest its armies, even when at war elsewhere', () => {
    const s = fresh({ nations: 3 });
    const m = mapOf(s);
    s.season = 'summer';
    const armies = Object.values(s.forces).filter((f) => f.nation === 'almagora' && !f.naval);
    const dist = (n: string) =>
      Math.min(...m.centres.filter((c) => s.owner[c.id] === n).flatMap((c) => armies.map((f) => hexDistance(f.hex, c.hex))));
    const [near, far] = ['capetan', 'corona'].sort((a, b) => dist(a) - dist(b) || (a < b ? -1 : 1));
    expect(dist(near)).toBeLessThan(dist(far));
    s.wars.push(['almagora', far].sort().join('|'));
    expect(botChoice(s, 'almagora', wk4.legal(s, 'almagora'), always).action.item).toEqual({ k: 'war', nation: near });
  });
});

describe('WK4 AI nations over whole campaigns (Amphibious Attacks, Mercenary Loyalty)', () => {
  it('across seeds they assault by land and sea and bribe, and take most chances of each that they have', async () => {
    const all: AiStats[] = [];
    for (let i = 0; i < 8; i++) all.push(await aiStats(`wk4-ai-${i + 1}`, 4, 3));
    const sum = (k: keyof Omit<AiStats, 'seed'>) => all.reduce((a, r) => a + r[k], 0);
    expect(sum('amphibious')).toBeGreaterThan(0);
    expect(sum('bribes')).toBeGreaterThan(0);
    expect(sum('attacks')).toBeGreaterThan(0);
    // A season that opens with an assault or a bribe at hand mostly sees it ordered.
    expect(sum('assaultChances')).toBeGreaterThan(0);
    expect(sum('bribeChances')).toBeGreaterThan(0);
    expect(sum('landChances')).toBeGreaterThan(0);
    expect(sum('landTaken') / sum('landChances')).toBeGreaterThanOrEqual(0.6);
    expect(sum('assaultsTaken') / sum('assaultChances')).toBeGreaterThanOrEqual(0.6);
    expect(sum('bribesTaken') / sum('bribeChances')).toBeGreaterThanOrEqual(0.6);
  }, 120_000);
});
