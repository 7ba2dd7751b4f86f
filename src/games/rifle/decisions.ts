// Decisions the rules leave to a player: the leader at setup, the Craftsman
// boon, Harrod's and Ann Lindsay's extra action, "X or Y" losses, the Peace
// re-roll, the Indian barter and which stored goods spoil. Each is a prompt with buttons and a default.
import { check } from '../../engine/errors.ts';
import type { Action, Ctx, LegalAction } from '../../engine/types.ts';
import { LEADERS, RES_NAME, RULES, type FreeKind, type ResourceId } from './data.ts';
import { barter, barterGoods, reroll } from './phases/raid.ts';
import { defaultEither, resolveEither } from './phases/losses.ts';
import { askExtra } from './phases/boon.ts';
import { defaultStorage, loseStored, storageGoods } from './phases/storage.ts';
import { TABLES } from './data.ts';
import { say, type RifleState, type Settlement } from './state.ts';

const EXTRA_NAMES: Record<FreeKind, string> = {
  trade: 'Trade Convoy',
  build: 'Build',
  recruit: 'Recruit',
  hunting: 'Hunting',
  grind: 'Grind & Husk',
  carpenter: 'Carpenter',
  blacksmith: 'Blacksmith',
  home: 'Home Industries',
  cooking: 'Cooking',
  weaving: 'Weaving',
};

function choice(option: string, label: string, argLabel?: string): LegalAction {
  return { action: { type: 'choose', option }, label, sub: 'choose', args: { option }, argLabels: { option: argLabel ?? label } };
}

export function leaderLegal(s: RifleState, _st: Settlement): LegalAction[] {
  const taken = new Set(s.settlements.map((x) => x.leader).filter(Boolean));
  return RULES.leaders
    .filter((l) => !taken.has(l.id))
    .map((l) => ({
      action: { type: 'leader', leader: l.id },
      label: `Lead with ${l.name}: ${l.text}`,
      sub: 'leader',
      args: { name: l.id },
      argLabels: { name: l.name },
    }));
}

export function decisionText(st: Settlement): string {
  const p = st.pending!;
  switch (p.kind) {
    case 'craftsman':
      return 'Craftsman boon: gain a Carpenter or a Blacksmith (a permanent specialist: +1 of those actions per turn).';
    case 'extra':
      return `${LEADERS[st.leader!].name}: choose this turn's extra action (${p.options.map((o) => EXTRA_NAMES[o]).join(', ')}).`;
    case 'either':
      return `${p.why}: lose ${p.amount} ${RES_NAME[p.of[0]]} or ${p.amount} ${RES_NAME[p.of[1]]}?`;
    case 'reroll':
      return `Indian Raid: ${TABLES.raid.lookup(p.face).name} (d10=${p.face}). Spend 1 Peace (${st.res.peace} held) to re-roll, or accept?`;
    case 'storage':
      return `Storage: ${p.total} stored goods, room for ${p.room} — choose which to lose, ${p.left} more (you hold ${storageGoods(st)
        .map((r) => `${st.res[r]} ${RES_NAME[r]}`)
        .join(', ')}).`;
    case 'barter':
      return (
        `The Indians will trade: each Rifle, Gunpowder, Horse or Clothes buys ${RULES.barter.per} Food or ` +
        `${RULES.barter.per} Hides. Choose a barter or finish.`
      );
  }
}

export function decisionLegal(st: Settlement): LegalAction[] {
  const p = st.pending;
  if (!p) return [];
  switch (p.kind) {
    case 'craftsman':
      return [choice('carpenter', 'Gain a Carpenter'), choice('blacksmith', 'Gain a Blacksmith')];
    case 'extra':
      // Part of the secret planning (the view shows `extra` to its own seat only): declared secret, so it is not announced.
      return p.options.map((o) => ({ ...choice(o, `Extra ${EXTRA_NAMES[o]} action this turn`, EXTRA_NAMES[o]), secret: true }));
    case 'either':
      return p.of.map((r) => {
        const held = r === 'happiness' ? Infinity : st.res[r];
        const other = p.of[0] === r ? p.of[1] : p.of[0];
        const label =
          held >= p.amount
            ? `Lose ${p.amount} ${RES_NAME[r]} (${r === 'happiness' ? st.res.happiness : held} held)`
            : `Lose ${held} ${RES_NAME[r]} (all held) and ${p.amount - held} ${RES_NAME[other]}`;
        return choice(r, label, RES_NAME[r]);
      });
    case 'reroll':
      return [
        { action: { type: 'accept' }, label: `Accept ${TABLES.raid.lookup(p.face).name}`, sub: 'accept', args: {} },
        { action: { type: 'reroll' }, label: `Spend 1 Peace to re-roll (${st.res.peace} Peace)`, sub: 'reroll', args: {} },
      ];
    case 'storage':
      return storageGoods(st).flatMap((r) => {
        const n = Math.min(st.res[r], p.left);
        const all = choice(
          r,
          `Lose ${n === st.res[r] ? 'all ' : ''}${n} ${RES_NAME[r]}${n < st.res[r] ? ` (of ${st.res[r]})` : ''}`,
          `${RES_NAME[r]} ×${n}`,
        );
        return n > 1 ? [all, choice(`${r}-1`, `Lose 1 ${RES_NAME[r]}`, `${RES_NAME[r]} ×1`)] : [all];
      });
    case 'barter': {
      const out: LegalAction[] = [];
      for (const g of barterGoods(st))
        for (const r of RULES.barter.get) out.push(choice(`${g}-${r}`, `Give 1 ${RES_NAME[g]} for ${RULES.barter.per} ${RES_NAME[r]}`));
      out.push(choice('finish', 'Finish bartering'));
      return out;
    }
  }
}

/** The sensible default when a deadline passes. */
export function defaultDecision(st: Settlement): Action | null {
  const p = st.pending;
  if (!p) return null;
  switch (p.kind) {
    case 'craftsman':
      return { type: 'choose', option: 'carpenter' };
    case 'extra':
      return { type: 'choose', option: p.options.includes('build') ? 'build' : p.options.includes('cooking') ? 'cooking' : p.options[0] };
    case 'either':
      return { type: 'choose', option: defaultEither(st, p.of) };
    case 'reroll':
      return { type: 'accept' };
    case 'barter':
      return { type: 'choose', option: 'finish' };
    case 'storage':
      return { type: 'choose', option: defaultStorage(st) };
  }
}

/** Apply an answer; `resume` continues the phase it paused. */
export function applyDecision(s: RifleState, st: Settlement, a: Action, ctx: Ctx, resume: () => void): void {
  const p = st.pending;
  check(p, 'R&A', 'You have no decision to make now.');
  const opt = String(a.option ?? '');
  switch (p.kind) {
    case 'craftsman': {
      check(a.type === 'choose' && (opt === 'carpenter' || opt === 'blacksmith'), 'R&A Boon Table 3', 'Choose carpenter or blacksmith.');
      st.craftsmen[opt as 'carpenter' | 'blacksmith'] += 1;
      st.pending = null;
      const text = `${st.name} gains a ${opt === 'carpenter' ? 'Carpenter' : 'Blacksmith'}.`;
      ctx.emit({ kind: 'boon', text });
      say(s, text);
      askExtra(s, st);
      return;
    }
    case 'extra': {
      check(a.type === 'choose' && p.options.includes(opt as FreeKind), 'R&A Leader List', `Choose one of: ${p.options.join(', ')}.`);
      st.extra = opt as FreeKind;
      st.pending = null;
      ctx.emit({
        kind: 'extra',
        to: [st.role],
        text: `${LEADERS[st.leader!].name} gives you an extra ${EXTRA_NAMES[opt as FreeKind]} action this turn.`,
      });
      return;
    }
    case 'either': {
      check(a.type === 'choose' && p.of.includes(opt as ResourceId), 'R&A tables', `Choose ${p.of.join(' or ')}.`);
      resolveEither(s, st, opt as ResourceId, ctx);
      resume();
      return;
    }
    case 'reroll': {
      check(a.type === 'reroll' || a.type === 'accept', 'R&A Raid Phase', 'Reroll (spend 1 Peace) or accept.');
      if (a.type === 'reroll') {
        check(st.res.peace > 0, 'R&A Raid Phase', 'No Peace to spend.');
        reroll(s, st, ctx);
      } else st.pending = null;
      resume();
      return;
    }
    case 'storage': {
      const [r, one] = opt.split('-') as [ResourceId, string | undefined];
      const goods = storageGoods(st);
      check(
        a.type === 'choose' && goods.includes(r) && (one === undefined || one === '1'),
        'R&A Storage Phase',
        `Choose a stored good you hold to lose: ` +
          `${goods.map((g) => `${g} (all that is due, up to ${Math.min(st.res[g], p.left)}) or ${g}-1`).join(', ')}.`,
      );
      loseStored(s, st, r, one ? 1 : p.left, ctx);
      resume();
      return;
    }
    case 'barter': {
      check(a.type === 'choose', 'R&A Indian Trade Result', 'Choose a barter or finish.');
      if (opt === 'finish') st.pending = null;
      else {
        const [give, get] = opt.split('-') as [ResourceId, ResourceId];
        check(
          RULES.barter.give.includes(give) && RULES.barter.get.includes(get) && st.res[give] > 0,
          'R&A Indian Trade Result',
          'The Indians take Rifles, Gunpowder, Horses or Clothes, for 2 Food or 2 Hides each.',
        );
        barter(s, st, give, get, ctx);
      }
      resume();
      return;
    }
  }
}
