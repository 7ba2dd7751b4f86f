// An order sheet: one order a line, in words. Each line is read and checked
// by the same check as a single order; a refused line names its rule.
//   move alm1 to Valois | move alm1 3,4 4,4 | attack alm1 to 5,5 | river alm1 to 6,2
//   sail alm4 to Barca carry alm1 | deploy 2 infantry at Almagora lord alm5 | buy 3 infantry
//   militia valois | landsknekt 2 at Barca lord alm6 | bribe cap2 leave|switch | match 20
//   war capetan | ally corona | leave alliance        (# starts a comment)
import { check, RuleError } from '../../engine/errors.ts';
import type { Role } from '../../engine/types.ts';
import { mapOf, resolveHex } from './geo.ts';
import { autoPath, checkOrder, ordersOf, progress, R, type Order } from './orders.ts';
import type { Wk4State } from './state.ts';
import { UNIT_TYPES } from './data.ts';
import { movement } from './geo.ts';
import { plural } from '../../messages/text.ts';

const num = (t: string | undefined, what: string): number => {
  check(t !== undefined && /^\d+$/.test(t), R.sheet, `Expected ${what}, a whole number, not "${t ?? ''}".`);
  return Number(t);
};

/** A unit type by its name (one or several words, singular or plural) or id. */
function unitName(t: string | undefined): string {
  const k = (t ?? '').toLowerCase().replace(/s$/, '');
  const u = Object.values(UNIT_TYPES).find(
    (x) => x.id === k || x.id === t || x.name.toLowerCase() === (t ?? '').toLowerCase() || x.name.toLowerCase().replace(/s$/, '') === k,
  );
  check(
    u,
    R.sheet,
    `Unknown unit type "${t ?? ''}": ${Object.values(UNIT_TYPES)
      .map((x) => x.name)
      .join(', ')}.`,
  );
  return u.id;
}

function nation(s: Wk4State, t: string | undefined): Role {
  const k = (t ?? '').toLowerCase();
  const n = s.order.find((x) => x === k || s.nations[x].name.toLowerCase() === k || s.nations[x].name.toLowerCase().startsWith(k));
  check(n && k, R.diplomacy, `Unknown nation "${t ?? ''}": ${s.order.map((x) => s.nations[x].name).join(', ')}.`);
  return n;
}

/** A lord by the name the rules give them (or a prefix of it), or by id; unknown text is kept for the order's check to refuse. */
function lordNamed(s: Wk4State, n: Role, words: string[]): string {
  const text = words.join(' ').trim();
  const key = text.toLowerCase();
  if (s.lords[text]) return text;
  const mine = Object.values(s.lords).filter((l) => l.nation === n);
  const found =
    mine.find((l) => l.id.toLowerCase() === key || l.name.toLowerCase() === key) ??
    (key ? mine.find((l) => l.name.toLowerCase().startsWith(key)) : undefined);
  return found?.id ?? words[0] ?? '';
}

/** A land move: an explicit path, or "to H" (the shortest path the rules allow). */
export function movePath(s: Wk4State, n: Role, force: string, words: string[], prior: Order[]): string[] {
  const f = s.forces[force];
  check(f && f.nation === n, R.moves, `You have no army "${force}".`);
  if (words[0] === 'to' || words.length === 1) {
    const dest = resolveHex(s, words.slice(words[0] === 'to' ? 1 : 0).join(' '), R.moves);
    const p = progress(s, prior, f);
    const path = autoPath(s, n, f, p.at, dest, movement(f) - p.used, prior);
    check(
      path && path.length,
      R.moves,
      `${f.id} cannot reach ${dest} this season (it moves ${plural(movement(f) - p.used, 'more hex', 'more hexes')}; foreign territory needs war or alliance).`,
    );
    return path;
  }
  return words.map((w) => resolveHex(s, w, R.moves));
}

export function parseLine(s: Wk4State, n: Role, line: string, prior: Order[] = ordersOf(s, n)): Order {
  const w = line.trim().replace(/,\s+/g, ' ').split(/\s+/);
  const verb = (w[0] ?? '').toLowerCase();
  switch (verb) {
    case 'move':
    case 'attack':
      return { k: 'move', force: w[1] ?? '', path: movePath(s, n, w[1] ?? '', w.slice(2), prior), attack: verb === 'attack' };
    case 'river':
      return { k: 'river', force: w[1] ?? '', to: resolveHex(s, w.slice(w[2] === 'to' ? 3 : 2).join(' '), R.rivers) };
    case 'sail': {
      const ci = w.indexOf('carry');
      const dest = w.slice(w[2] === 'to' ? 3 : 2, ci < 0 ? undefined : ci).join(' ');
      return { k: 'sail', force: w[1] ?? '', to: resolveHex(s, dest, R.sea), carry: ci < 0 ? [] : w.slice(ci + 1) };
    }
    case 'deploy': {
      const at = w.indexOf('at');
      const li = w.indexOf('lord');
      check(at > 0 && li > at, R.deployment, 'deploy <count> <type> at <home city or port> lord <lord>.');
      return {
        k: 'deploy',
        n: num(w[1], 'a count'),
        type: unitName(w.slice(2, at).join(' ')),
        at: resolveHex(s, w.slice(at + 1, li).join(' '), R.deployment),
        lord: lordNamed(s, n, w.slice(li + 1)),
      };
    }
    case 'buy':
      return { k: 'buy', n: num(w[1], 'a count'), type: unitName(w.slice(2).join(' ')) };
    case 'militia': {
      const hex = resolveHex(s, w.slice(1).join(' '), R.militia);
      const c = mapOf(s).centreAt(hex);
      check(c, R.militia, 'Fund the militia of a city.');
      return { k: 'militia', city: c.id };
    }
    case 'landsknekt': {
      const at = w.indexOf('at');
      const li = w.indexOf('lord');
      check(at > 0 && li > at, R.landsknekt, 'landsknekt <count> at <city or port> lord <lord>.');
      return {
        k: 'landsknekt',
        n: num(w[1], 'a count'),
        at: resolveHex(s, w.slice(at + 1, li).join(' '), R.landsknekt),
        lord: lordNamed(s, n, w.slice(li + 1)),
      };
    }
    case 'bribe':
      return { k: 'bribe', force: w[1] ?? '', mode: (w[2] ?? '') as 'leave' };
    case 'match':
      return { k: 'match', amount: num(w[1], 'an amount') };
    case 'war':
      return { k: 'war', nation: nation(s, w.slice(w[1] === 'on' ? 2 : 1).join(' ')) };
    case 'ally':
      return { k: 'ally', nation: nation(s, w.slice(w[1] === 'with' ? 2 : 1).join(' ')) };
    case 'leave':
      return { k: 'leave' };
    default:
      throw new RuleError(
        R.sheet,
        `"${w[0] ?? ''}" is not an order: move, attack, river, sail, deploy, buy, militia, landsknekt, bribe, match, war, ally, leave.`,
      );
  }
}

export interface SheetLine {
  line: string;
  order: Order | null;
  error: string | null;
}

/** Read and check every line against the orders before it (accepted lines count for the next). */
export function readSheet(s: Wk4State, n: Role, text: string): SheetLine[] {
  const prior = [...ordersOf(s, n)];
  const out: SheetLine[] = [];
  for (const raw of text.split(/\r?\n|;/)) {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) continue;
    try {
      const o = parseLine(s, n, line, prior);
      checkOrder(s, n, o, prior);
      prior.push(o);
      out.push({ line, order: o, error: null });
    } catch (e) {
      if (!(e instanceof RuleError)) throw e;
      out.push({ line, order: null, error: `${e.message} (rule ${e.rule})` });
    }
  }
  return out;
}
