// One season turn as the rules order it: the orders are opened (to the
// umpire), then 1) reserves are activated and deployed, 2) movement with
// initiative, 3) combats, 4) post-combat movement (proposals for the umpire);
// the preliminary results then close the turn (captures, attrition, winter
// quarters, economy), and the official results check victory and open the
// next season.
import { reveal } from '../../engine/submissions.ts';
import { endGame, type Ending } from '../../engine/procstack.ts';
import type { Ctx, Role } from '../../engine/types.ts';
import { hasTag, unitType } from './data.ts';
import { resolveCombats } from './combat.ts';
import { airDiversions, attritionAndQuarters, blocs, captures, economy, eliminations } from './endturn.ts';
import { hexLabel, mapOf } from './geo.ts';
import { initiativeOrder, moveAll } from './movement.ts';
import { apOf, costOf, type Order } from './orders.ts';
import { linesFor, say } from './report.ts';
import { allianceOf, atWar, nationName, SEASONS, seasonName, warKey, type Force, type Wk4State } from './state.ts';
import { plural } from '../../messages/text.ts';

const ordersIn = (s: Wk4State, n: Role): Order[] => (s.sub.seats[n]?.items ?? []) as unknown as Order[];

/**
 * The orders are opened once every nation's are final (or defaulted): the
 * initiative is found and money and AP are spent. Movement waits for the
 * umpire's determination of the order among nations still tied after the
 * tie-breaks (proposals; the engine as umpire keeps seat order at once).
 */
export function openSeason(s: Wk4State, ctx: Ctx): void {
  reveal(s.sub);
  s.report = [];
  s.battles = [];
  s.proposals = [];
  s.crossings = {};
  s.captured = [];
  s.challenges = [];
  s.challengeDone = [];
  for (const f of Object.values(s.forces)) {
    f.moved = 0;
    f.cameFrom = null;
    delete (f as Force & { arrived?: number }).arrived;
  }
  const live = s.order.filter((n) => s.nations[n].alive);
  const spent: Record<Role, number> = {};
  for (const n of live) spent[n] = ordersIn(s, n).reduce((a, o) => a + apOf(s, o), 0);
  s.initiative = initiativeOrder(s, spent);
  // What each nation spent stays its own (it tells how much it moved); the order of movement is published once settled.
  for (const n of live) say(s, [n], `You spent ${spent[n]} action point${spent[n] === 1 ? '' : 's'} (${s.nations[n].ap - spent[n]} left).`);
  initiativeProposals(s, spent);
  for (const n of live) {
    s.nations[n].ap -= spent[n];
    const cost = ordersIn(s, n).reduce((a, o) => a + (o.k === 'match' || o.k === 'bribe' ? 0 : costOf(s, o)), 0);
    s.nations[n].treasury -= cost;
  }
  void ctx;
}

/** The season's adjudication after the order of movement is settled: reserves, movement, combats, captures. */
export function resolveSeason(s: Wk4State, ctx: Ctx): void {
  // The order of movement as settled (the umpire's, where nations tied): whether there was a tie stays with the umpire.
  say(s, null, `${seasonName(s)}: initiative ${s.initiative.map((n) => nationName(s, n)).join(', ')}.`);
  diplomacy(s);
  purchases(s);
  bribes(s);
  deploy(s);
  moveAll(s, ctx);
  resolveCombats(s, ctx);
  captures(s);
  airDiversions(s);
  const review =
    s.options.umpire === 'human'
      ? 'the umpire reviews the results.'
      : "the engine, as umpire, takes every proposal's default at once: the preliminary results follow.";
  ctx.emit({ kind: 'adjudicated', text: `${seasonName(s)}: the orders are in and adjudicated; ${review}` });
}

/**
 * Initiative (Order of Battle / Turn Sequence, 2): "Number of actions spent;
 * Time and Date of submission of orders; Umpire determination". The engine
 * orders by AP spent, then by the order in which the nations declared their
 * orders final, then by seat. Nations that spent the same AP are put to the
 * umpire as a proposal: only the umpire knows whether their submissions were
 * really apart (orders made final together by a deadline, or sent together,
 * are a tie the text leaves to the umpire); nations that spent nothing did
 * not move and are left out. Up to 3 tied: every order is an
 * option; more: any one of them may be put first.
 */
function initiativeProposals(s: Wk4State, spent: Record<Role, number>): void {
  const groups = new Map<number, Role[]>();
  for (const n of s.initiative) groups.set(spent[n], [...(groups.get(spent[n]) ?? []), n]);
  for (const [ap, g] of groups) {
    // Nations that spent nothing did not move: their order changes nothing.
    if (g.length < 2 || ap === 0) continue;
    const names = (o: Role[]) => o.map((n) => nationName(s, n)).join(' > ');
    const orders = g.length <= 3 ? permutations(g) : g.map((n) => [n, ...g.filter((x) => x !== n)]);
    s.proposals.push({
      id: `p${++s.nextId}`,
      kind: 'initiative',
      text: `Order of movement among ${g.map((n) => nationName(s, n)).join(', ')} (each spent ${ap} AP; then time of submission)`,
      nations: g,
      options: orders.map((o, i) => ({ id: i === 0 ? 'as-listed' : o.join('>'), label: names(o) })),
      choice: 'as-listed',
      status: 'proposed',
      note: null,
      force: null,
      group: g,
    });
  }
}

function permutations(xs: Role[]): Role[][] {
  if (xs.length <= 1) return [xs];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
}

/** The umpire's order of movement among tied nations: they keep their places in the initiative as a block. */
export function reorderInitiative(s: Wk4State, group: Role[], order: Role[]): void {
  const at = s.initiative.findIndex((n) => group.includes(n));
  const rest = s.initiative.filter((n) => !group.includes(n));
  s.initiative = [...rest.slice(0, at), ...order, ...rest.slice(at)];
}

function diplomacy(s: Wk4State): void {
  for (const n of s.initiative)
    for (const o of ordersIn(s, n))
      if (o.k === 'war' && !atWar(s, n, o.nation)) {
        const al = allianceOf(s, n);
        if (al && s.alliances[al].includes(o.nation)) continue;
        s.wars.push(warKey(n, o.nation));
        say(s, null, `${nationName(s, n)} declares war on ${nationName(s, o.nation)}.`);
      }
  for (const n of s.initiative)
    for (const o of ordersIn(s, n))
      if (o.k === 'leave') {
        const al = allianceOf(s, n);
        if (!al) continue;
        s.alliances[al] = s.alliances[al].filter((x) => x !== n);
        if (s.alliances[al].length < 2) delete s.alliances[al];
        say(s, null, `${nationName(s, n)} leaves its alliance.`);
      }
  // Alliances: made when two nations name each other in the same season; their alliances merge.
  for (const n of s.initiative)
    for (const o of ordersIn(s, n)) {
      if (o.k !== 'ally' || atWar(s, n, o.nation)) continue;
      if (!ordersIn(s, o.nation).some((x) => x.k === 'ally' && x.nation === n)) {
        say(s, [n], `${nationName(s, o.nation)} did not ask to ally with you this season: no alliance.`);
        continue;
      }
      const a = allianceOf(s, n);
      const b = allianceOf(s, o.nation);
      if (a && a === b) continue;
      const members = [...new Set([...(a ? s.alliances[a] : [n]), ...(b ? s.alliances[b] : [o.nation])])];
      if (members.some((x) => members.some((y) => atWar(s, x, y)))) {
        say(s, [n, o.nation], 'An alliance cannot join nations at war with each other.');
        continue;
      }
      if (a) delete s.alliances[a];
      if (b) delete s.alliances[b];
      s.alliances[`al-${members.sort().join('-')}`] = members;
      say(s, null, `Alliance: ${members.map((x) => nationName(s, x)).join(', ')}.`);
    }
}

function purchases(s: Wk4State): void {
  const m = mapOf(s);
  for (const n of s.initiative) {
    const me = s.nations[n];
    for (const o of ordersIn(s, n)) {
      if (o.k === 'buy') {
        me.reserve[o.type] = (me.reserve[o.type] ?? 0) + o.n;
        say(s, [n], `Bought ${o.n} ${unitType(o.type).name} into the reserve pool ($${unitType(o.type).cost * o.n}).`);
      } else if (o.k === 'militia') {
        me.militia.push(o.city);
        say(s, [n], `The militia of ${m.centre(o.city).name} is funded this season.`);
      } else if (o.k === 'landsknekt') {
        // COMBAT UNITS, Unit Experience Rating: "All new units start as GREEN until they have engaged in combat".
        addUnits(s, n, o.lord, o.at, 'landsknekt', o.n, true);
        say(s, [n], `${o.n} Landsknekt hired at ${hexLabel(s, o.at)}.`);
      }
    }
  }
}

/** Mercenary Loyalty: double cost to leave, four times to switch; the employer's match keeps them. */
function bribes(s: Wk4State): void {
  for (const n of s.initiative)
    for (const o of ordersIn(s, n)) {
      if (o.k !== 'bribe') continue;
      const f = s.forces[o.force];
      if (!f) continue;
      const price = costOf(s, o);
      const me = s.nations[n];
      if (me.treasury < price) {
        say(s, [n], `The bribe of ${f.id}'s mercenaries fails: $${price} needed.`);
        continue;
      }
      const emp = s.nations[f.nation];
      const match = ordersIn(s, f.nation).find((x) => x.k === 'match');
      if (match && match.k === 'match' && match.amount >= price && emp.treasury >= price) {
        emp.treasury -= price;
        say(s, [n, f.nation], `${nationName(s, f.nation)} matches the $${price} offered for ${f.id}'s mercenaries: they stay loyal.`);
        continue;
      }
      me.treasury -= price;
      const mercs = f.units.filter((u) => hasTag(u.type, 'mercenary'));
      f.units = f.units.filter((u) => !hasTag(u.type, 'mercenary'));
      if (o.mode === 'switch') me.reserve.landsknekt = (me.reserve.landsknekt ?? 0) + mercs.length;
      say(
        s,
        [n, f.nation],
        `${mercs.length} Landsknekt of ${f.id} ` +
          `${o.mode === 'switch' ? `switch to ${nationName(s, n)} (into its reserve pool)` : 'leave their employment'} ($${price}).`,
      );
      if (!f.units.length) {
        delete s.forces[f.id];
      }
    }
}

function addUnits(s: Wk4State, n: Role, lord: string, hex: string, type: string, k: number, green: boolean): void {
  const t = unitType(type);
  let f = s.forces[lord];
  if (!f) {
    f = { id: lord, nation: n, lord, naval: t.naval, hex, units: [], moved: 0, cameFrom: null, carrying: [], aboard: null };
    s.forces[lord] = f;
  }
  for (let i = 0; i < k; i++) f.units.push({ id: `u${++s.nextId}`, type, steps: t.steps, green });
}

/** 1) Activate and deploy reserve units (new units are green). */
function deploy(s: Wk4State): void {
  for (const n of s.initiative)
    for (const o of ordersIn(s, n)) {
      if (o.k !== 'deploy') continue;
      const me = s.nations[n];
      const k = Math.min(o.n, me.reserve[o.type] ?? 0);
      if (!k) continue;
      me.reserve[o.type] -= k;
      if (!me.reserve[o.type]) delete me.reserve[o.type];
      addUnits(s, n, o.lord, o.at, o.type, k, true);
      say(s, [n], `${k} ${unitType(o.type).name} deployed at ${hexLabel(s, o.at)} under ${s.lords[o.lord].name}.`);
    }
}

/** Preliminary results: the turn closes (captures again after the umpire's changes, attrition, quarters, economy). */
export function closeTurn(s: Wk4State, ctx: Ctx): void {
  captures(s);
  attritionAndQuarters(s);
  economy(s);
  eliminations(s);
  ctx.emit({
    kind: 'preliminary',
    text: `Preliminary results of the ${seasonName(s)} (${
      s.options.umpire === 'human'
        ? 'challenges are heard now'
        : 'challenges are heard now; the engine as umpire lets the results stand, and they are official once every nation has answered'
    }):\n${linesFor(s, 'public').join('\n')}`,
    to: s.order.filter((n) => s.nations[n].alive),
  });
  for (const n of s.order)
    if (s.nations[n].alive)
      ctx.emit({
        kind: 'report',
        to: [n],
        // The nation's own fog-of-war map goes with its report.
        map: true,
        text: `Report for ${nationName(s, n)}, ${seasonName(s)}:\n${
          linesFor(s, n)
            .filter((l) => !linesFor(s, 'public').includes(l))
            .join('\n') || 'Nothing else to report.'
        }`,
      });
}

/** Official results: the public record, victory, and the next season. */
export function makeOfficial(s: Wk4State, ctx: Ctx): void {
  s.official = {
    owner: { ...s.owner },
    wars: [...s.wars],
    alliances: structuredClone(s.alliances),
    year: s.year,
    season: s.season,
    battles: s.battles.map((b) => `${b.kind} at ${b.hex}`),
  };
  ctx.emit({
    kind: 'official',
    text: `Official results of the ${seasonName(s)}:\n${linesFor(s, 'public').join('\n')}${s.rulings.length ? '' : ''}`,
  });
  const win = blocs(s)
    .filter((b) => b.vp >= b.needed)
    .sort((a, b) => b.vp - a.vp)[0];
  const alive = s.order.filter((n) => s.nations[n].alive);
  const lastTurn = s.season === 'winter' && s.year >= s.options.years;
  const ending = campaignEnding(s, win, alive, lastTurn);
  if (ending) {
    endGame(s.stack, ending);
    ctx.emit({ kind: 'over', text: `The campaign is over. ${ending.summary}` });
    return;
  }
  const i = SEASONS.indexOf(s.season);
  if (i === 3) s.year++;
  s.season = SEASONS[(i + 1) % 4];
}

/** How the campaign ends with this season's official results, or null when it goes on. */
function campaignEnding(s: Wk4State, win: ReturnType<typeof blocs>[number] | undefined, alive: Role[], lastTurn: boolean): Ending | null {
  // Several winners (an alliance, a shared first place) are reported as a draw.
  const ending = (winners: Role[], summary: string): Ending => ({ winners, draw: winners.length > 1, summary });
  if (win)
    return ending(
      win.members,
      `${win.members.map((n) => nationName(s, n)).join(', ')} hold ${win.vp} VP (${win.needed} needed for ${win.members.length}).`,
    );
  if (alive.length <= 1) return ending(alive, `${alive.map((n) => nationName(s, n)).join('') || 'Nobody'} is the last nation standing.`);
  if (!lastTurn) return null;
  const byVp = blocs(s).sort((a, b) => b.vp - a.vp);
  const first = byVp.filter((b) => b.vp === byVp[0].vp).flatMap((b) => b.members);
  return ending(
    first,
    `After ${plural(s.options.years, 'year')} nobody reached the victory table; most VP: ${first.map((n) => nationName(s, n)).join(', ')} (${byVp[0].vp}).`,
  );
}
