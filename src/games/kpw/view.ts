// The per-viewer KpwView (view-types.ts) and its text summary.
import type { Viewer } from '../../engine/types.ts';
import { kpwData } from './data.ts';
import { siteCondition } from './common.ts';
import { isSite, spaceName } from './map.ts';
import { machine } from './flow.ts';
import { PHASE_NAMES } from './phases.ts';
import { isInf, type KpwState, type Side, turnFrame, unitList } from './state.ts';
import type { KpwStackView, KpwUnitView, KpwView } from './view-types.ts';
import { plural } from '../../messages/text.ts';

export function phaseLabel(s: KpwState): string {
  if (s.stack.ended) return `Turn ${s.turn} · Game over`;
  if (s.stack.frames.some((f) => f.proc === 'place' && f.purpose === 'setup')) return 'Set-up';
  return `Turn ${s.turn} · ${PHASE_NAMES[turnFrame(s).step]}`;
}

export function buildView(s: KpwState, viewer: Viewer): KpwView {
  const stacks = new Map<string, KpwStackView>();
  for (const u of unitList(s)) {
    if (u.where !== 'map' || !u.loc) continue;
    const key = `${u.loc}|${u.side}`;
    if (!stacks.has(key)) stacks.set(key, { space: u.loc, side: u.side, units: [], musket: false });
    const st = stacks.get(key)!;
    const uv: KpwUnitView = { id: u.id, kind: u.kind, name: u.name, owner: u.owner };
    if (isInf(u)) uv.strength = u.str === 1 ? 1 : 2;
    if (u.spy) uv.spy = true;
    if (u.guide) uv.guide = true;
    st.units.push(uv);
    if (u.musket) st.musket = true;
    if (u.moved) st.moved = true;
  }
  const sites: KpwView['sites'] = {};
  for (const id of Object.keys(s.damage)) if (isSite(id) && s.damage[id] > 0) sites[id] = siteCondition(s, id);
  const tribes: KpwView['tribes'] = {};
  for (const [t, st] of Object.entries(s.tribes))
    tribes[t] =
      st.status === 'removed'
        ? 'removed'
        : st.status === 'surrendered'
          ? 'surrendered'
          : st.devastated
            ? 'devastated'
            : st.status === 'allied'
              ? 'allied'
              : 'neutral';
  const colonies: KpwView['colonies'] = {};
  for (const [c, st] of Object.entries(s.colonies)) colonies[c] = st.devastated ? 'devastated' : 'active';
  const track = new Map<number, string[]>();
  const add = (t: number, item: string) => {
    if (!track.has(t)) track.set(t, []);
    track.get(t)!.push(item);
  };
  for (const t of s.muskets) add(t, 'Musket');
  for (const u of unitList(s)) if (u.where === 'track' && u.returnTurn) add(u.returnTurn, u.name);
  for (const [c, st] of Object.entries(s.colonies)) if (st.delayed) add(s.turn + 1, `${plural(st.delayed, `${c} Soldier`)} delayed`);
  for (const [t, st] of Object.entries(s.tribes)) if (st.delayed) add(s.turn + 1, `${plural(st.delayed, `${t} Warrior`)} delayed`);
  if (!s.churchEntered && s.units.church.where === 'pool') add(s.options.short ? 5 : s.options.church3 ? 3 : 6, 'Church');
  const ch = s.units.church;
  const church: KpwView['church'] =
    ch.where === 'map'
      ? { status: 'on-map', space: ch.loc! }
      : ch.where === 'track'
        ? { status: 'returning', returnTurn: ch.returnTurn }
        : ch.where === 'dead'
          ? { status: 'dead' }
          : s.stack.frames.some((f) => f.proc === 'place' && f.purpose === 'church')
            ? { status: 'arriving' }
            : { status: 'waiting' };
  const warriors: Record<string, number> = {};
  for (const u of unitList(s)) if (u.where === 'elim') warriors[u.owner] = (warriors[u.owner] ?? 0) + 1;
  const v: KpwView = {
    viewer: viewer.kind === 'seat' ? (viewer.role as Side) : viewer.kind,
    turn: s.turn,
    lastTurn: 9,
    winter: s.turn === 5,
    short: s.options.short,
    phase: phaseLabel(s),
    prompts: machine.prompts(s).map((p) => ({ role: p.role as Side, text: p.text })),
    vp: { ...s.vp },
    provisionsLost: { ...s.prov },
    church,
    sites,
    stacks: [...stacks.values()],
    battles: s.battles.map((b) => ({ id: b.id, side: b.side, from: b.from, to: b.to, fought: b.fought })),
    tribes,
    colonies,
    turnTrack: [...track.entries()].sort((a, b) => a[0] - b[0]).map(([turn, items]) => ({ turn, items })),
    surrender: kpwData().charts.surrender.map((r) => ({ tribe: r.tribe, vp: r.vp })),
    eliminated: {
      warriors,
      leaders: unitList(s)
        .filter((u) => u.where === 'dead')
        .map((u) => u.name),
    },
    recent: s.recent.slice(-8),
    result: s.stack.ended ? { status: 'over', summary: s.stack.ended.summary } : { status: 'ongoing' },
  };
  return v;
}

function churchText(c: KpwView['church']): string {
  if (c.status === 'on-map') return `on the map at ${spaceName(c.space!)}`;
  if (c.status === 'returning') return `wounded, returns on turn ${c.returnTurn}`;
  if (c.status === 'arriving') return 'arriving: the English place him now';
  return c.status === 'dead' ? 'dead' : 'not yet arrived';
}

export function summarize(v: KpwView, _viewer: Viewer): string {
  const lines = [
    `King Philip's War: ${v.phase}${v.winter ? ' (winter)' : ''}${v.short ? ', short game' : ''}.`,
    `VP: English ${v.vp.english}, Indians ${v.vp.indian}. Sites razed: English ${v.provisionsLost.english}, Indian ${v.provisionsLost.indian}.`,
    `Church: ${churchText(v.church)}.`,
  ];
  if (v.result.status === 'over') lines.push(`Game over: ${v.result.summary}`);
  for (const p of v.prompts) lines.push(`${p.role === 'english' ? 'English' : 'Indians'}: ${p.text}`);
  if (v.recent.length) lines.push(`Recent: ${v.recent.slice(-4).join(' ')}`);
  return lines.join('\n');
}
