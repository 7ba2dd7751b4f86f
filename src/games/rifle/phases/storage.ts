// Storage Phase: Grain + Food + Lye + Salt + Gunpowder beyond the Containers
// (plus Root Cellars) spoil. Loss order is ours (rules.json storage.lossOrder).
import type { Ctx } from '../../../engine/types.ts';
import { RES_NAME, RULES } from '../data.ts';
import { lose, say, storageRoom, type RifleState, type Settlement } from '../state.ts';

export function storagePhase(s: RifleState, st: Settlement, ctx: Ctx): void {
  st.phaseDone = true;
  const total = RULES.storage.stored.reduce((a, r) => a + st.res[r], 0);
  const room = storageRoom(st);
  let excess = total - room;
  if (excess <= 0) return;
  const parts: string[] = [];
  for (const r of RULES.storage.lossOrder) {
    if (excess <= 0) break;
    const lost = lose(st, r, excess);
    excess -= lost;
    if (lost) parts.push(`−${lost} ${RES_NAME[r]}`);
  }
  const text = `${st.name}: Storage — ${total} stored goods, room for ${room}: ${parts.join(', ')}.`;
  ctx.emit({ kind: 'storage', text });
  say(s, text);
}
