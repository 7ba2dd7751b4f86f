// Combats are resolved: wherever enemy forces meet after movement (and where
// an army stands in an enemy city whose militia is funded). Naval battles
// first (Amphibious Attacks), then landings on the siege table, sieges of
// defended cities and field battles. The losers retreat (a proposal the umpire
// may change), lords may die or be taken, and the winners hold the field.
import { UMPIRE, type Ctx, type Role } from '../../engine/types.ts';
import { fight, lordRoll, type BattleKind, type Combatant } from './battle.ts';
import { hexLabel, holder, inSupply, mapOf, movement } from './geo.ts';
import { say } from './report.ts';
import { allied, atWar, nationName, newId, type Force, type HexId, type Proposal, type Unit, type Wk4State } from './state.ts';

const arrived = (f: Force) => (f as Force & { arrived?: number }).arrived ?? 0;

function combatant(s: Wk4State, f: Force): Combatant {
  const l = s.lords[f.lord];
  return {
    id: f.id,
    label: `${l.name} (${nationName(s, f.nation)})`,
    trait: l.trait,
    units: f.units,
    spent: !f.naval && f.moved > 0 && f.moved >= movement(f),
    outOfSupply: !inSupply(s, f),
  };
}

/** The militia of a funded city fights with its holder (The City Militia): CV 2, 1 step, morale 1 each. */
function militiaOf(s: Wk4State, hex: HexId, defender: Role): Combatant | null {
  const c = mapOf(s).centreAt(hex);
  if (!c || s.owner[c.id] !== defender || !s.nations[defender].militia.includes(c.id)) return null;
  const units: Unit[] = Array.from({ length: c.manpower }, (_, i) => ({
    id: `militia-${c.id}-${i}`,
    type: 'militia',
    steps: 1,
    green: false,
  }));
  return units.length
    ? { id: `militia:${c.id}`, label: `the militia of ${c.name}`, trait: null, units, spent: false, outOfSupply: false }
    : null;
}

/**
 * Who fights on which side where several nations meet (ours: the text's
 * battles have two sides). The defender's nation and its allies defend; every
 * nation at war with the defender attacks (enemies of each other too, each
 * fighting the defender); a third nation at war with none of the defenders
 * but with one of the attackers joins the defence against their common
 * enemy. A nation at war with nobody there takes no part.
 */
function sides(s: Wk4State, all: Force[], defNation: Role): { defSide: (f: Force) => boolean; attSide: (f: Force) => boolean } {
  const present = [...new Set(all.map((f) => f.nation))];
  const att = present.filter((n) => atWar(s, n, defNation));
  const allies = present.filter((n) => allied(s, n, defNation));
  const def = new Set([
    ...allies,
    ...present.filter((n) => !att.includes(n) && !allies.some((d) => atWar(s, n, d)) && att.some((a) => atWar(s, n, a))),
  ]);
  return { defSide: (f) => def.has(f.nation), attSide: (f) => att.includes(f.nation) };
}

/** Hexes where a battle is due this season, in a fixed order. */
function battleSites(s: Wk4State): HexId[] {
  const hexes = new Set<HexId>();
  const forces = Object.values(s.forces).filter((f) => !f.aboard || true);
  for (const f of forces) {
    const here = forces.filter((x) => x.hex === f.hex);
    if (here.some((x) => atWar(s, x.nation, f.nation))) hexes.add(f.hex);
    const h = holder(s, f.hex);
    if (!f.naval && h && atWar(s, h, f.nation) && militiaOf(s, f.hex, h)) hexes.add(f.hex);
  }
  return [...hexes].sort();
}

export function resolveCombats(s: Wk4State, ctx: Ctx): void {
  const fought = new Set<HexId>();
  for (const hex of battleSites(s)) {
    fought.add(hex);
    const here = () => Object.values(s.forces).filter((f) => f.hex === hex);
    const all = here();
    // The defender: the holder if present, else whoever got there first (stationary forces first).
    const h = holder(s, hex);
    const first = [...all].sort((a, b) => arrived(a) - arrived(b))[0];
    const defNation = all.some((f) => f.nation === h) || (h && militiaOf(s, hex, h)) ? h! : first.nation;
    const { defSide, attSide } = sides(s, all, defNation);
    // Naval battle first: fleets against fleets (and transports abort if theirs lose).
    const dFleets = all.filter((f) => f.naval && defSide(f));
    const aFleets = all.filter((f) => f.naval && attSide(f));
    if (dFleets.length && aFleets.length) {
      const winner = battle(s, ctx, hex, 'naval', aFleets, dFleets, []);
      // If the Defender wins the naval combat, the attacking transports abort the attack: the armies go back where they embarked.
      if (winner === 'defender')
        for (const f of aFleets)
          for (const a of f.carrying) {
            const army = s.forces[a];
            if (!army) continue;
            army.aboard = null;
            army.hex = army.cameFrom ?? army.hex;
            say(s, [army.nation], `${army.id}'s transports abort the landing at ${hexLabel(s, hex)}.`);
          }
    }
    if (mapOf(s).isSea(hex)) {
      seaAftermath(s, hex, all);
      continue;
    }
    const now = here();
    const dArmies = now.filter((f) => !f.naval && !f.aboard && defSide(f));
    const landing = now.filter((f) => !f.naval && f.aboard && attSide(f));
    const aArmies = now.filter((f) => !f.naval && !f.aboard && attSide(f));
    const militia = h === defNation ? militiaOf(s, hex, defNation) : null;
    const defenders = dArmies.length || militia;
    if (landing.length) {
      // Amphibious Attacks: the land forces go ashore and fight on the siege table; beaten, they lose 50 % and retreat.
      if (defenders) {
        const w = battle(s, ctx, hex, 'landing', landing, dArmies, militia ? [militia] : []);
        if (w === 'defender')
          for (const a of landing) {
            const f = s.forces[a.id];
            if (!f) continue;
            for (const u of f.units) u.steps = Math.floor(u.steps / 2);
            f.units = f.units.filter((u) => u.steps > 0);
            say(s, [f.nation], `${f.id}'s landing fails: every unit loses half its strength and the force re-embarks.`);
          }
      }
      for (const a of landing) {
        const f = s.forces[a.id];
        if (!f) continue;
        const fleet = s.forces[f.aboard!];
        if (!f.units.length) continue;
        const ok = !Object.values(s.forces).some((x) => x.hex === hex && !x.naval && !x.aboard && atWar(s, x.nation, f.nation));
        if (ok) {
          f.aboard = null;
          (f as Force & { landed?: boolean }).landed = true;
        } else {
          f.aboard = null;
          f.hex = f.cameFrom ?? f.hex;
          if (fleet) fleet.carrying = fleet.carrying.filter((x) => x !== f.id);
        }
      }
    }
    if (aArmies.length && defenders) {
      const c = mapOf(s).centreAt(hex);
      const kind: BattleKind = c && h === defNation && (dArmies.some((f) => !f.cameFrom) || militia) ? 'siege' : 'field';
      battle(s, ctx, hex, kind, aArmies, dArmies, militia ? [militia] : []);
    }
  }
  // Fleets stopped at sea with no battle there (their way barred by an enemy's passage) go back too.
  const m = mapOf(s);
  const adrift = new Set(Object.values(s.forces).flatMap((f) => (m.isSea(f.hex) ? [f.hex] : [])));
  for (const hex of adrift)
    seaAftermath(
      s,
      hex,
      Object.values(s.forces).filter((f) => f.hex === hex),
    );
  for (const hex of Object.keys(s.siegeRounds)) if (!fought.has(hex)) delete s.siegeRounds[hex];
  // Carried armies that landed unopposed come ashore.
  for (const f of Object.values(s.forces))
    if (f.aboard) {
      f.aboard = null;
    }
  for (const f of Object.values(s.forces)) f.carrying = [];
}

/**
 * After a meeting at sea (Movement: fleets stop where their way crosses an
 * enemy's): ships must end their move in a port or beach, so the fleets left
 * at sea go back to where they sailed from, and armies aboard go ashore where
 * they embarked (ours: the move is spent; the loser has already retreated).
 */
function seaAftermath(s: Wk4State, hex: HexId, all: Force[]): void {
  for (const x of all) {
    const f = s.forces[x.id];
    if (!f) continue;
    if (f.aboard) {
      f.aboard = null;
      f.hex = f.cameFrom ?? f.hex;
      say(s, [f.nation], `${f.id} is put ashore again at ${hexLabel(s, f.hex)}: its fleet was stopped at sea.`);
    } else if (f.naval && f.hex === hex) {
      // Back where it sailed from unless an enemy now holds or stands there (a beaten fleet may have retreated there):
      // then a friendly port in reach, as a retreat would go (ours).
      const to = retreatOptions(s, f, hex, 'defender', [])[0] ?? f.cameFrom ?? f.hex;
      f.hex = to;
      const why = s.battles.some((b) => b.hex === hex) ? ' after the battle at sea' : ', its way barred';
      say(s, [f.nation], `${f.id} sails ${to === f.cameFrom ? 'back ' : ''}to ${hexLabel(s, to)}${why}.`);
    }
  }
}

/** A secondary battle the umpire's post-combat ruling brings on: `mover` enters `hex` and fights whoever is at war with it there. */
export function secondaryBattle(s: Wk4State, ctx: Ctx, mover: Force, hex: HexId): void {
  const from = mover.hex;
  mover.cameFrom = from;
  mover.hex = hex;
  const foes = Object.values(s.forces).filter((f) => f.hex === hex && !f.naval && !f.aboard && atWar(s, f.nation, mover.nation));
  if (foes.length) battle(s, ctx, hex, 'field', [mover], foes, []);
}

/**
 * Who sees a battle's dice as they are rolled (docs/wk4-visibility.md): the
 * umpire, and the nations that fought once the results are theirs to read.
 * With a human umpire the dice fall before the review, so only the umpire sees
 * them then; the nations read every face in their report with the preliminary
 * results. With the engine as umpire the preliminary results come in the same
 * step, so the dice go to the nations that fought as well. Never public.
 */
export function battleAudience(s: Wk4State, fought: Role[]): Role[] {
  return s.options.umpire === 'human' ? [UMPIRE] : [...new Set(fought), UMPIRE];
}

/** One battle: fight, apply losses, lords' fates, retreats (proposals). Returns the winner. */
function battle(
  s: Wk4State,
  ctx: Ctx,
  hex: HexId,
  kind: BattleKind,
  att: Force[],
  def: Force[],
  extra: Combatant[],
): 'attacker' | 'defender' {
  const A = att.map((f) => combatant(s, f));
  const D = [...def.map((f) => combatant(s, f)), ...extra];
  const terrain = mapOf(s).terrain(hex);
  const round = kind === 'siege' ? (s.siegeRounds[hex] ?? 0) : 0;
  if (kind === 'siege') s.siegeRounds[hex] = round + 1;
  const aN = [...new Set(att.map((f) => f.nation))];
  const dN = [...new Set([...def.map((f) => f.nation), ...(extra.length && holder(s, hex) ? [holder(s, hex)!] : [])])];
  const rollsTo = battleAudience(s, [...aN, ...dN]);
  const out = fight(
    {
      kind,
      attacker: A,
      defender: D,
      rough: terrain === 'mountain' || terrain === 'forest',
      siegeRound: round,
      where: hexLabel(s, hex),
      rollsTo,
    },
    ctx.dice,
  );
  for (const c of [...A, ...D]) {
    const f = s.forces[c.id];
    if (f) f.units = c.units;
  }
  const who = (ns: Role[]) => ns.map((n) => nationName(s, n)).join(' and ');
  const name = { naval: 'Naval battle', siege: 'Siege', landing: 'Amphibious landing', field: 'Field battle' }[kind];
  const won = out.winner === 'attacker' ? aN : dN;
  const title = `${name} at ${hexLabel(s, hex)}: ${who(aN)} attack ${who(dN)} — ${who(won)} win${won.length === 1 ? 's' : ''}.`;
  const id = newId(s, 'b');
  const lines = [...out.lines];
  const losers = out.winner === 'attacker' ? def : att;
  const winnersForces = out.winner === 'attacker' ? att : def;
  // Death of a General; then retreats (the army that cannot retreat, or is wiped out, loses its surviving lord to capture).
  const captor = winnersForces[0]?.nation ?? (out.winner === 'defender' ? dN[0] : aN[0]);
  for (const f of losers) {
    const lord = s.lords[f.lord];
    const face = lordRoll(ctx.dice, `${lord.name} at ${hexLabel(s, hex)}`, rollsTo);
    if (face === 1) {
      lord.status = 'dead';
      lines.push(`Death of a General: ${lord.name} rolls 1 and is killed in the battle.`);
    } else lines.push(`Death of a General: ${lord.name} rolls ${face} and survives.`);
  }
  for (const f of losers) {
    const lord = s.lords[f.lord];
    const side = out.winner === 'attacker' ? 'defender' : 'attacker';
    const opts = f.units.length ? retreatOptions(s, f, hex, side, att) : [];
    if (!f.units.length || !opts.length) {
      if (lord.status === 'free') {
        lord.status = 'captured';
        lord.capturedBy = captor;
        lines.push(`${lord.name} is captured by ${nationName(s, captor)}${f.units.length ? ' (no way to retreat)' : ''}.`);
      }
      if (f.units.length)
        lines.push(`${f.id} cannot retreat and surrenders (${f.units.length} unit${f.units.length === 1 ? '' : 's'} lost).`);
      delete s.forces[f.id];
      continue;
    }
    if (lord.status === 'dead') {
      // A force whose lord fell is taken over by no one (ours): it disbands into its nation's reserve pool.
      for (const u of f.units) s.nations[f.nation].reserve[u.type] = (s.nations[f.nation].reserve[u.type] ?? 0) + 1;
      lines.push(`${f.id}'s survivors (${f.units.length}) return to the reserve pool.`);
      delete s.forces[f.id];
      continue;
    }
    const p: Proposal = {
      id: newId(s, 'p'),
      kind: 'retreat',
      text: `Retreat of ${f.id} (${nationName(s, f.nation)}) from ${hexLabel(s, hex)}`,
      nations: [f.nation],
      options: opts.map((h) => ({ id: h, label: hexLabel(s, h) })),
      choice: opts[0],
      status: 'proposed',
      note: null,
      force: f.id,
    };
    s.proposals.push(p);
    f.hex = opts[0];
    lines.push(`${f.id} retreats to ${hexLabel(s, opts[0])} (proposal ${p.id}).`);
  }
  for (const f of [...att, ...def])
    if (s.forces[f.id] && !s.forces[f.id].units.length) {
      const lord = s.lords[f.lord];
      if (lord.status === 'free') lord.status = 'captured';
      lord.capturedBy = lord.capturedBy ?? captor;
      delete s.forces[f.id];
    }
  // Post-combat movement (the umpire's determination): exploitation into a neighbouring hex, or a counterattack
  // on the beaten attacker where it fell back. Either may bring on a secondary battle; the engine proposes none.
  const leadA = att.find((f) => s.forces[f.id]);
  if (out.winner === 'attacker' && kind === 'field' && leadA) {
    const m = mapOf(s);
    const onward = m.landNeighbours(hex).filter((h) => h !== leadA.cameFrom && !s.battles.some((b) => b.hex === h));
    s.proposals.push({
      id: newId(s, 'p'),
      kind: 'exploit',
      text: `Breakthrough and exploitation by ${leadA.id} after the field battle at ${hexLabel(s, hex)}`,
      nations: aN,
      options: [{ id: 'none', label: 'No exploitation' }, ...onward.map((h) => ({ id: h, label: `Exploit into ${hexLabel(s, h)}` }))],
      choice: 'none',
      status: 'proposed',
      note: null,
      force: leadA.id,
    });
  }
  const leadD = def.find((f) => s.forces[f.id]);
  const beaten = att.find((f) => s.forces[f.id]);
  if (out.winner === 'defender' && kind === 'field' && leadD && beaten)
    s.proposals.push({
      id: newId(s, 'p'),
      kind: 'counterattack',
      text: `Counterattack by ${leadD.id} on ${beaten.id} after the field battle at ${hexLabel(s, hex)}`,
      nations: dN,
      options: [
        { id: 'none', label: 'No counterattack' },
        { id: s.forces[beaten.id].hex, label: `Counterattack into ${hexLabel(s, s.forces[beaten.id].hex)}` },
      ],
      choice: 'none',
      status: 'proposed',
      note: null,
      force: leadD.id,
    });
  s.battles.push({ id, hex, kind, attacker: aN, defender: dN, lines, winner: out.winner, ratio: out.columnName, roll: out.roll });
  say(s, null, title);
  say(s, [...aN, ...dN], [title, ...lines.map((l) => `  ${l}`)].join('\n'));
  return out.winner;
}

/**
 * Retreats: into friendly or neutral hexes free of enemy forces, never into
 * a battle area; the attacker only back through the side it attacked by, the
 * defender never through a side the attacker used. Fleets: to a friendly
 * port or beach they can reach.
 */
export function retreatOptions(s: Wk4State, f: Force, hex: HexId, side: 'attacker' | 'defender', attackers: Force[]): HexId[] {
  const m = mapOf(s);
  const battles = new Set(s.battles.map((b) => b.hex).concat(hex));
  // At sea, the enemy fleets still there sail back where they came from: that port is not free either.
  const returning = m.isSea(hex) ? Object.values(s.forces).filter((x) => x.hex === hex && x.naval && atWar(s, x.nation, f.nation)) : [];
  const free = (h: HexId) =>
    !battles.has(h) &&
    !Object.values(s.forces).some((x) => x.hex === h && atWar(s, x.nation, f.nation)) &&
    !returning.some((x) => x.cameFrom === h) &&
    (() => {
      const o = holder(s, h);
      return o === null || allied(s, f.nation, o) || !atWar(s, f.nation, o);
    })();
  if (f.naval) {
    // Beaten at sea (an interception): back where it sailed from first, else a friendly port within reach of it.
    const from = m.isSea(hex) && f.cameFrom ? f.cameFrom : hex;
    const reach = [...m.seaReach(from, Math.max(1, movement(f))).keys()].filter((h) => free(h) && m.isPort(h));
    const mine = reach
      .filter((h) => {
        const o = holder(s, h);
        return o !== null && allied(s, f.nation, o);
      })
      .sort();
    return from !== hex && free(from) ? [from, ...mine.filter((h) => h !== from)] : mine;
  }
  if (side === 'attacker') return f.cameFrom && m.isLand(f.cameFrom) && free(f.cameFrom) ? [f.cameFrom] : [];
  const used = new Set(attackers.map((a) => a.cameFrom).filter((x): x is HexId => !!x));
  const opts = m.landNeighbours(hex).filter((h) => !used.has(h) && free(h));
  // Friendly hexes first, then the rest (ids in order): the engine's default is the first.
  const friendly = (h: HexId) => {
    const o = holder(s, h);
    return o !== null && allied(s, f.nation, o) ? 0 : 1;
  };
  return opts.sort((a, b) => friendly(a) - friendly(b) || (a < b ? -1 : 1));
}
