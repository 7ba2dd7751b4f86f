// Set-up: every settlement picks its leader (no two alike); the first turn
// starts when the last one has.
import { check } from '../../../engine/errors.ts';
import type { Procedure } from '../../../engine/flow.ts';
import { goTo } from '../../../engine/procstack.ts';
import { LEADERS } from '../data.ts';
import { leaderLegal } from '../decisions.ts';
import type { RifleFrame, RifleState } from '../state.ts';
import { actor, notNow } from './common.ts';

type F = Extract<RifleFrame, { proc: 'leaders' }>;

export const leaders: Procedure<RifleState, F> = {
  prompts: (s) =>
    s.settlements
      .filter((st) => !st.out && !st.leader)
      .map((st) => ({ role: st.role, text: `Pick your leader (/rifle leader).`, buttons: true })),
  legal(s, _f, role) {
    const st = s.settlements.find((x) => x.role === role);
    return st && !st.out && !st.leader ? leaderLegal(s, st) : [];
  },
  apply(s, _f, role, a, ctx) {
    const st = actor(s, role);
    if (a.type !== 'leader') notNow(s, st, a);
    check(!st.leader, 'R&A Setup', `You already lead with ${st.leader ? LEADERS[st.leader].name : ''}.`);
    const id = String(a.leader);
    check(LEADERS[id], 'R&A Leader List', `No leader "${id}".`);
    check(!s.settlements.some((x) => x.leader === id), 'R&A Setup', `${LEADERS[id].name} already leads another settlement (no two alike).`);
    st.leader = id;
    ctx.emit({ kind: 'leader', text: `${st.name} is led by ${LEADERS[id].name} (${LEADERS[id].text}).` });
  },
  auto(s) {
    if (!s.settlements.every((x) => x.leader || x.out)) return false;
    goTo(s.flow, { proc: 'turn', step: 'start' });
    return true;
  },
};
