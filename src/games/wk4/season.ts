// One season turn as the rules order it: the orders are opened (to the
// umpire), then 1) reserves are activated and deployed, 2) movement with
// initiative, 3) combats, 4) post-combat movement (proposals for the umpire);
// the preliminary results then close the turn (captures, attrition, winter
// quarters, economy), and the official results check victory and open the
// next season.
import { reveal } from '../../engine/submissions.ts';
import type { Ctx, Role } from '../../engine/types.ts';
import { hasTag, unitType } from './data.ts';
import { resolveCombats } from './combat.ts';
import { airDiversions, attritionAndQuarters, blocs, captures, economy, eliminations } from './endturn.ts';
import { hexLabel, mapOf } from './geo.ts';
import { initiativeOrder, moveAll } from './movement.ts';
import { apOf, costOf, type Order } from './orders.ts';
import { linesFor, say } from './report.ts';
import { allianceOf, atWar, nationName, SEASONS, seasonName, warKey, type Force, type Wk4State } from './state.ts';

const ordersIn = (s: Wk4State, n: Role): Order[] => (s.sub.seats[n]?.items ?? []) as unknown as Order[];

/** Adjudicate the season once every nation's orders are final (or defaulted). */
export function adjudicate(s: Wk4State, ctx: Ctx): void {
  reveal(s.sub);
  s.report = [];
  s.battles = [];
  s.proposals = [];
  s.crossings = {};
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
  // The order of movement is published; what each nation spent stays its own (it tells how much it moved).
  say(s, null, `${seasonName(s)}: initiative ${s.initiative.map((n) => nationName(s, n)).join(', ')}.`);
  for (const n of live) say(s, [n], `You spent ${spent[n]} action point${spent[n] === 1 ? '' : 's'} (${s.nations[n].ap - spent[n]} left).`);
  s.proposals.push({
    id: `p${++s.nextId}`,
    kind: 'initiative',
    text: 'Order of movement: most actions spent, then time of submission, then seat order (the engine has no further tie-break)',
    nations: live,
    options: [{ id: 'as-listed', label: s.initiative.map((n) => nationName(s, n)).join(' > ') }],
    choice: 'as-listed',
    status: 'proposed',
    note: null,
    force: null,
  });
  for (const n of live) {
    s.nations[n].ap -= spent[n];
    const cost = ordersIn(s, n).reduce((a, o) => a + (o.k === 'match' || o.k === 'bribe' ? 0 : costOf(s, o)), 0);
    s.nations[n].treasury -= cost;
  }
  diplomacy(s);
  purchases(s);
  bribes(s);
  deploy(s);
  moveAll(s, ctx);
  resolveCombats(s, ctx);
  captures(s);
  airDiversions(s);
  ctx.emit({ kind: 'adjudicated', text: `${seasonName(s)}: the orders are in and adjudicated; the umpire reviews the results.` });
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
        addUnits(s, n, o.lord, o.at, 'landsknekt', o.n, false);
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
    text: `Preliminary results of the ${seasonName(s)} (challenges are heard now):\n${linesFor(s, 'public').join('\n')}`,
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
  if (win) {
    s.winner = {
      winners: win.members,
      summary: `${win.members.map((n) => nationName(s, n)).join(', ')} hold ${win.vp} VP (${win.needed} needed for ${win.members.length}).`,
    };
  } else if (alive.length <= 1) {
    s.winner = { winners: alive, summary: `${alive.map((n) => nationName(s, n)).join('') || 'Nobody'} is the last nation standing.` };
  } else if (lastTurn) {
    const bs = blocs(s).sort((a, b) => b.vp - a.vp);
    const top = bs.filter((b) => b.vp === bs[0].vp).flatMap((b) => b.members);
    s.winner = {
      winners: top,
      summary: `After ${s.options.years} year(s) nobody reached the victory table; most VP: ${top.map((n) => nationName(s, n)).join(', ')} (${bs[0].vp}).`,
    };
  }
  if (s.winner) {
    s.stage = 'over';
    ctx.emit({ kind: 'over', text: `The campaign is over. ${s.winner.summary}` });
    return;
  }
  const i = SEASONS.indexOf(s.season);
  if (i === 3) s.year++;
  s.season = SEASONS[(i + 1) % 4];
}
