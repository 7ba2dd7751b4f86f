// Storage Phase: Grain + Food + Lye + Salt + Gunpowder beyond the Containers
// (plus Root Cellars) — "you must lose the difference". The text does not say
// which goods, so the player chooses among those five, one good at a time
// (all that is due from it, or 1); rules.json storage.lossOrder is only the
// default for bots and deadlines.
import type { Ctx } from '../../../engine/types.ts';
import { RES_NAME, RULES, type ResourceId } from '../data.ts';
import { lose, say, storageRoom, type RifleState, type Settlement, type StoragePending } from '../state.ts';

export function storagePhase(s: RifleState, st: Settlement, ctx: Ctx): void {
  const total = RULES.storage.stored.reduce((a, r) => a + st.res[r], 0);
  const room = storageRoom(st);
  if (total > room) {
    st.pending = { kind: 'storage', total, room, left: total - room, lost: {} };
    if (settle(s, st, ctx)) {
      const text = `${st.name}: Storage — ${total} stored goods, room for ${room}: ${total - room} must be lost (the player chooses which).`;
      ctx.emit({ kind: 'storage', text });
      say(s, text);
    }
  }
}

/** Stored goods held that can still pay the loss. */
export function storageGoods(st: Settlement): ResourceId[] {
  return RULES.storage.stored.filter((r) => st.res[r] > 0);
}

/** Pay what is due when no choice is left; true while the player still has one. */
function settle(s: RifleState, st: Settlement, ctx: Ctx): boolean {
  const p = st.pending;
  if (p?.kind !== 'storage') return false;
  const goods = storageGoods(st);
  const held = goods.reduce((a, r) => a + st.res[r], 0);
  if (p.left > 0 && goods.length > 1 && p.left < held) return true;
  for (const r of goods) if (p.left > 0) take(st, p, r, p.left);
  st.pending = null;
  const parts = (Object.entries(p.lost) as [ResourceId, number][]).map(([r, n]) => `−${n} ${RES_NAME[r]}`);
  const text = `${st.name}: Storage — ${p.total} stored goods, room for ${p.room}: ${parts.join(', ')}.`;
  ctx.emit({ kind: 'storage', text });
  say(s, text);
  return false;
}

function take(st: Settlement, p: StoragePending, r: ResourceId, n: number): void {
  const lost = lose(st, r, Math.min(n, p.left));
  p.left -= lost;
  p.lost[r] = (p.lost[r] ?? 0) + lost;
}

/** The player's answer: lose `n` of good `r` (at most what is still due). */
export function loseStored(s: RifleState, st: Settlement, r: ResourceId, n: number, ctx: Ctx): void {
  const p = st.pending;
  if (p?.kind !== 'storage') return;
  take(st, p, r, n);
  settle(s, st, ctx);
}

/** Default (bots, deadlines): all that is due from the first good held in rules.json's lossOrder. */
export function defaultStorage(st: Settlement): ResourceId {
  const goods = storageGoods(st);
  return RULES.storage.lossOrder.find((r) => goods.includes(r)) ?? goods[0];
}
