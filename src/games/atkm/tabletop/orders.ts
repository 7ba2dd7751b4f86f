// Move orders as players type them: `24,18` (or `to:24,18`), `forward:8`,
// `back:3`, `wheel:45` (negative wheels left), `face:90` (absolute heading) or
// `face:+90` (turn), `form:column`, `toward:Red 2nd Foot stop:contact` (a unit by name or id). Steps are
// carried out in the order written; a formation change comes last (p.15).
import { fail } from '../../../engine/errors.ts';
import { parsePoint } from './measure.ts';
import { FORMATIONS, type Formation } from './types.ts';

export type MoveStep =
  | { kind: 'to'; x: number; y: number }
  | { kind: 'forward'; inches: number }
  | { kind: 'back'; inches: number }
  | { kind: 'wheel'; deg: number }
  | { kind: 'face'; deg: number; relative: boolean }
  | { kind: 'form'; formation: Formation }
  | { kind: 'toward'; target: string; contact: boolean };

export interface MoveOrder {
  steps: MoveStep[];
}

const RULE = 'ATKM Moving Your Troops';
const EXAMPLES = ['24,18', 'forward:8', 'back:3', 'wheel:45', 'face:90', 'face:+45', 'form:column', 'toward:Red 2nd Foot stop:contact'];

function num(v: string, what: string): number {
  const n = Number(v);
  if (!/^[+-]?\d+(\.\d+)?$/.test(v) || !Number.isFinite(n)) fail(RULE, `${what} needs a number, not '${v}'`, EXAMPLES);
  return n;
}

/** A unit named after toward: may have spaces ("toward:Black 1st Foot stop:contact"): its words joined back, quotes dropped. */
function joinNames(tokens: string[]): string[] {
  const out: string[] = [];
  for (const tok of tokens) {
    const last = out[out.length - 1];
    if (last && /^(toward|towards|charge):/i.test(last) && !tok.includes(':') && !parsePoint(tok)) out[out.length - 1] = `${last} ${tok}`;
    else out.push(tok);
  }
  return out.map((t) => t.replace(/^(toward|towards|charge):["'](.*)["']$/i, '$1:$2'));
}

/** Parses a move order; throws a RuleError listing the forms it understands. */
export function parseMoveOrder(text: string): MoveOrder {
  const steps: MoveStep[] = [];
  const tokens = text
    .trim()
    .replace(/\s*:\s*/g, ':')
    .replace(/\s*,\s*/g, ',')
    .split(/\s+/)
    .filter(Boolean);
  if (!tokens.length) fail(RULE, 'an empty move order', EXAMPLES);
  for (const tok of joinNames(tokens)) {
    const [rawKey, ...rest] = tok.split(':');
    const key = rawKey!.toLowerCase();
    const val = rest.join(':');
    if (!val) {
      const p = parsePoint(tok);
      if (p) {
        steps.push({ kind: 'to', ...p });
        continue;
      }
      fail(RULE, `'${tok}' is not a move step`, EXAMPLES);
    }
    switch (key) {
      case 'to': {
        const p = parsePoint(val);
        if (!p) fail(RULE, `to: needs a point "x,y", not '${val}'`, EXAMPLES);
        steps.push({ kind: 'to', ...p });
        break;
      }
      case 'forward':
      case 'fwd':
      case 'back':
      case 'backward': {
        const inches = num(val, key);
        if (inches <= 0) fail(RULE, `${key}: needs a positive number of inches`, EXAMPLES);
        steps.push({ kind: key.startsWith('b') ? 'back' : 'forward', inches });
        break;
      }
      case 'wheel':
        steps.push({ kind: 'wheel', deg: num(val, 'wheel') });
        break;
      case 'face':
      case 'turn':
        steps.push({ kind: 'face', deg: num(val, key), relative: key === 'turn' || /^[+-]/.test(val) });
        break;
      case 'form': {
        const f = val.toLowerCase() as Formation;
        if (!FORMATIONS.includes(f)) fail(RULE, `form: one of ${FORMATIONS.join(', ')}`, EXAMPLES);
        steps.push({ kind: 'form', formation: f });
        break;
      }
      case 'toward':
      case 'towards':
      case 'charge':
        steps.push({ kind: 'toward', target: val, contact: key === 'charge' });
        break;
      case 'stop': {
        const last = steps[steps.length - 1];
        if (val.toLowerCase() !== 'contact' || last?.kind !== 'toward') fail(RULE, 'stop:contact follows toward:<unit>', EXAMPLES);
        last.contact = true;
        break;
      }
      default:
        fail(RULE, `'${key}:' is not a move step`, EXAMPLES);
    }
  }
  return { steps };
}

/** The order written back in canonical form (for logs and replays). */
export function formatMoveOrder(o: MoveOrder): string {
  return o.steps
    .map((s) => {
      switch (s.kind) {
        case 'to':
          return `${s.x},${s.y}`;
        case 'forward':
          return `forward:${s.inches}`;
        case 'back':
          return `back:${s.inches}`;
        case 'wheel':
          return `wheel:${s.deg}`;
        case 'face':
          return s.relative ? `face:${s.deg >= 0 ? '+' : ''}${s.deg}` : `face:${s.deg}`;
        case 'form':
          return `form:${s.formation}`;
        case 'toward':
          return `toward:${s.target}${s.contact ? ' stop:contact' : ''}`;
      }
    })
    .join(' ');
}
