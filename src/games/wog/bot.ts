// A simple bot for either side: attack where it is stronger, take empty
// areas, fight when not outnumbered, raise specials, place at home.
import type { LegalAction } from '../../engine/types.ts';
import { battleDice } from './battle-dice.ts';
import { preferredLoss } from './losses.ts';
import { area, armySp, command, leaderData, leadersIn, enemy, type Side, type WogState } from './state.ts';

const strength = (s: WogState, side: Side, a: string): number => leadersIn(s, a, side).reduce((n, l) => n + armySp(l), 0);

function moveScore(s: WogState, side: Side, l: LegalAction): number {
  const to = String(l.action.to);
  const from = String(l.action.from);
  const ids = String(l.action.leaders).split('+');
  const moving = ids.reduce((n, id) => n + armySp(s.leaders[id]!), 0);
  const foe = strength(s, enemy(side), to);
  const left = leadersIn(s, from, side).length - ids.length;
  let v = 0;
  if (foe > 0) v = moving > foe * 1.3 ? 4 + foe / 3 : -6;
  else if (area(to).value === null) v = -2;
  else if (s.control[to] === side) v = -1;
  else v = (area(to).value ?? 0) + (s.control[to] === enemy(side) ? 1 : 0);
  // Keep a leader at home to hold what is held.
  if (left === 0 && s.control[from] === side) v -= 1.5;
  return v - ids.length * 0.2;
}

export function botChoice(s: WogState, side: Side, legal: LegalAction[], rand: () => number): LegalAction {
  const by = (sub: string) => legal.filter((l) => l.sub === sub);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const first = legal[0]!;
  switch (first.sub) {
    case 'move':
    case 'uncontrol':
    case 'pass': {
      const un = by('uncontrol');
      if (un.length) return un[0]!;
      let best: LegalAction = by('pass')[0] ?? first;
      let score = 0.5;
      for (const l of by('move')) {
        const v = moveScore(s, side, l) + rand() * 0.5;
        if (v > score) [best, score] = [l, v];
      }
      return best;
    }
    case 'loss':
      return preferredLoss(s, legal);
    case 'commander':
      return [...legal].sort((a, b) => leaderData(s, String(b.action.leader)).battle - leaderData(s, String(a.action.leader)).battle)[0]!;
    case 'siege':
    case 'fight': {
      const top = s.stack.frames.at(-1) as { area?: string };
      const a = String(top.area);
      const mine = battleDice(s, side, a, leadersIn(s, a, side)[0]!.id).dice;
      const theirs = battleDice(s, enemy(side), a, leadersIn(s, a, enemy(side))[0]!.id).dice;
      return (mine < theirs ? by('siege')[0] : by('fight')[0]) ?? first;
    }
    case 'continue':
    case 'retreat':
    case 'force': {
      const f = by('force')[0];
      if (f) return f;
      const top = s.stack.frames.at(-1) as { area?: string };
      const a = String(top.area);
      const weaker = strength(s, side, a) * 1.5 < strength(s, enemy(side), a);
      return (weaker ? by('retreat')[0] : undefined) ?? by('continue')[0] ?? first;
    }
    case 'raise':
    case 'deploy':
    case 'hire':
    case 'assign':
    case 'ransom':
    case 'done': {
      const special = by('raise').filter((l) => l.action.kind !== 'infantry');
      if (special.length) return special[0]!;
      const hire = by('hire');
      if (hire.length && rand() < 0.6) return pick(hire);
      const dep = by('deploy').filter(
        (l) =>
          leadersIn(s, String(l.action.to), side).some((x) => x.troops.length < command(s, x.id)) &&
          !leadersIn(s, String(l.action.from), side).length,
      );
      if (dep.length) return dep[0]!;
      const asg = by('assign');
      if (asg.length) return asg[0]!;
      const ransom = by('ransom').filter((l) => leaderData(s, String(l.action.leader)).rank === 3);
      if (ransom.length) return ransom[0]!;
      return by('done')[0] ?? first;
    }
    case 'place': {
      const home = legal.filter((l) => leaderData(s, String(l.action.leader)).home === l.action.area);
      const withFriends = legal.filter(
        (l) => leadersIn(s, String(l.action.area), side).length > 0 && area(String(l.action.area)).value !== null,
      );
      return pick(home.length ? home : withFriends.length ? withFriends : legal);
    }
    default:
      return pick(legal);
  }
}

/** The default when a deadline passes: pass, done, continue, or the first choice. */
export function deadlineChoice(legal: LegalAction[]): LegalAction | undefined {
  for (const sub of ['pass', 'done', 'continue', 'fight']) {
    const l = legal.find((x) => x.sub === sub);
    if (l) return l;
  }
  return legal[0];
}
