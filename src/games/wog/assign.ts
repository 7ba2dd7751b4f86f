// Phase Ten: Assign Troops (nIP first) and remove leaderless troops.
import { RuleError } from '../../engine/errors.ts';
import type { Procedure } from '../../engine/flow.ts';
import type { Ctx, LegalAction } from '../../engine/types.ts';
import { act, mustBeLegal } from './common.ts';
import { raiseProc, type SidesFrame } from './raise.ts';
import {
  areaName,
  command,
  data,
  leaderData,
  leaderName,
  leadersIn,
  note,
  sideName,
  troopKey,
  troopLabel,
  type Side,
  type Troop,
  type WogState,
} from './state.ts';

const RULE = 'WoG Phase 10';

/**
 * Command limits: 3 × rank SP; knights only under an English or French
 * 3-star (Burgundian chevaliers also under a 2-star Burgundian); gunners only
 * under an English or French leader; English longbowmen only under the
 * scenario's named commanders (Lion in Winter), Welsh under anyone.
 */
export function canCommand(s: WogState, id: string, t: Troop): boolean {
  const l = s.leaders[id]!;
  const d = leaderData(s, id);
  if (l.troops.length >= command(s, id)) return false;
  const national = d.side !== 'nonaligned';
  if (t.kind === 'knight') return (national && d.rank === 3) || (t.flag === 'burgundian' && d.burgundian && d.rank >= 2);
  if (t.kind === 'gunner') return national;
  if (t.kind === 'longbow' && t.flag === 'english') {
    const named = data().rosters[s.scenario].englishLongbowCommanders;
    return named === null || named.includes(id);
  }
  return true;
}

function assignLegal(s: WogState, side: Side): LegalAction[] {
  const out: LegalAction[] = [];
  for (const [a, loose] of Object.entries(s.loose)) {
    if (!loose.length) continue;
    const kinds = new Map(loose.map((t) => [troopKey(t), t]));
    for (const l of leadersIn(s, a, side))
      for (const [key, t] of kinds)
        if (canCommand(s, l.id, t))
          out.push(
            act(
              'assign',
              `Assign 1 ${troopLabel(t)} in ${areaName(a)} to ${leaderName(s, l.id)} (${l.troops.length}/${command(s, l.id)})`,
              { area: a, troop: key, leader: l.id },
              { area: areaName(a), leader: leaderName(s, l.id), troop: troopLabel(t) },
            ),
          );
  }
  out.push(act('done', 'Done assigning'));
  return out;
}

export function removeLeaderless(s: WogState, ctx: Ctx): void {
  let n = 0;
  for (const a of data().map.areas) {
    if (a.kind === 'neutral') continue;
    n += s.loose[a.id]!.length;
    s.loose[a.id] = [];
  }
  if (n) note(s, ctx, 'assign', `${n} leaderless SP are removed.`);
}

export const assignProc: Procedure<WogState, SidesFrame> = {
  prompts: (s, f) => [
    {
      role: f.sides[0]!,
      text: 'Assign leaderless troops to your leaders (/wog assign), then /wog done.',
      decision: `t${s.turn}:assign:${f.sides[0]}`,
    },
  ],
  legal: (s, f, role) => (role === f.sides[0] ? assignLegal(s, role as Side) : []),
  auto: raiseProc.auto,
  apply(s, f, role, a, ctx) {
    const side = f.sides[0]!;
    if (role !== side) throw new RuleError(RULE, `The ${sideName(side)} assign troops now (nIP first).`);
    mustBeLegal(
      assignLegal(s, side),
      a,
      RULE,
      'A leader takes troops in his own area up to 3 × rank SP, within the knight, gunner and longbow restrictions.',
    );
    if (a.type === 'assign') {
      const loose = s.loose[String(a.area)]!;
      const i = loose.findIndex((t) => troopKey(t) === a.troop);
      s.leaders[String(a.leader)]!.troops.push(loose.splice(i, 1)[0]!);
    } else {
      note(s, ctx, 'assign', `${sideName(side)} are done assigning troops.`);
      f.sides.shift();
    }
  },
};
