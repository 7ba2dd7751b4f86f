// The visibility table of docs/wk4-visibility.md as an oracle: whole seeded
// seasons are played (nations by the AI, which now and then challenge; the
// umpire at random), and after every step each viewer's outputs — the public
// lines (announced actions, public events, prompts), the events addressed to
// it (its posts and its /game log), its view and summary — are searched for
// every battle's title and detail, every proposal, tie and challenge, and
// every count; each roll event a viewer can see is matched to its battle.
// Anything the table does not allow that viewer at that stage is a finding.
// Not a product: tests only.
import fs from 'node:fs';
import seedrandom from 'seedrandom';
import { eventLines } from '../../commands/present.ts';
import { applyAction, canonical, createGame, visibleEvents } from '../../src/engine/runner.ts';
import { UMPIRE, type Action, type GameEvent, type GameModule, type Role, type Viewer } from '../../src/engine/types.ts';
import { wk4 } from '../../src/games/wk4/index.ts';
import { SEASONS, stageOf, type Stage, type Wk4State } from '../../src/games/wk4/state.ts';
import { breathe } from '../setup/breathe.ts';

export const INFOS = ['roll', 'losses', 'battle', 'tie', 'proposal', 'proposal-count', 'challenge', 'challenge-count'] as const;
export type Info = (typeof INFOS)[number];
export const CLASSES = ['concerned', 'other', 'spectator', 'umpire'] as const;
export type ViewerClass = (typeof CLASSES)[number];
export const STAGES = ['orders final', 'umpire review', 'preliminary results', 'challenges', 'official results'] as const;

/** The game's stage as a column of the table. */
const COLUMN: Record<Stage, number> = { initiative: 0, review: 1, challenges: 2, ruling: 3, orders: 4, over: 4 };

export type Table = Map<string, boolean[]>;

/** Read the table from the markdown: rows "| `info` … | `viewer` | yes/no × 5 |"; every info × viewer exactly once. */
export function readTable(file = 'docs/wk4-visibility.md'): Table {
  const table: Table = new Map();
  let info = '';
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.length !== 7 || !cells[1].startsWith('`')) continue;
    info = /^`([^`]+)`/.exec(cells[0])?.[1] ?? info;
    const viewer = cells[1].replace(/`/g, '');
    const row = cells.slice(2).map((c) => {
      if (c !== 'yes' && c !== 'no') throw new Error(`${file}: "${c}" in the row of ${info} / ${viewer} (yes or no)`);
      return c === 'yes';
    });
    const key = `${info}|${viewer}`;
    if (table.has(key)) throw new Error(`${file}: two rows for ${key}`);
    table.set(key, row);
  }
  for (const i of INFOS) for (const c of CLASSES) if (!table.has(`${i}|${c}`)) throw new Error(`${file}: no row for ${i} / ${c}`);
  if (table.size !== INFOS.length * CLASSES.length) throw new Error(`${file}: rows for unknown information or viewers`);
  return table;
}

export interface Finding {
  step: number;
  stage: string;
  viewer: string;
  source: string;
  info: Info | 'undelivered';
  text: string;
}

/** Something secret in the season, found by its text. */
interface Item {
  info: Info;
  needle: string;
  concerned: Role[];
  /** Season index (year × 4 + season): earlier seasons are official. */
  when: number;
}

interface Battle {
  when: number;
  where: string;
  title: string;
  detail: string;
  fought: Role[];
}

export interface Run {
  findings: Finding[];
  steps: number;
  battles: number;
  rolls: number;
  ties: number;
  proposals: number;
  challenges: number;
  over: boolean;
}

const TITLE = /^(Field battle|Siege|Naval battle|Amphibious landing) at (.+?): .* wins?\.$/;
const COUNTS: [RegExp, Info][] = [
  [/\d+ proposals?\b|\d+ proposal\(s\)/i, 'proposal-count'],
  [/\d+ challenges?\b|\d+ challenge\(s\)|challenge \d+/i, 'challenge-count'],
];

const whenOf = (s: Wk4State) => s.year * 4 + SEASONS.indexOf(s.season);

/**
 * Play `seasons` seasons of a 3-nation campaign on the small map and check
 * every viewer at every step against the table. `mod` may be a planted
 * variant (a test that the checker fires).
 */
export async function checkSeasons(opts: {
  seed: string;
  umpire: 'human' | 'engine';
  seasons: number;
  table?: Table;
  mod?: GameModule<Wk4State, any>;
}): Promise<Run> {
  const mod = opts.mod ?? wk4;
  const table = opts.table ?? readTable();
  const rand = seedrandom(`${opts.seed}:visibility`);
  let { env } = createGame(mod, { nations: 3, map: 'small', umpire: opts.umpire, years: 3 }, opts.seed);
  const nations = [...env.game.order];
  const viewers: { name: string; viewer: Viewer; role: Role | null }[] = [
    ...nations.map((n) => ({ name: n, viewer: { kind: 'seat', role: n } as Viewer, role: n })),
    { name: 'spectator', viewer: { kind: 'spectator' }, role: null },
    { name: 'umpire', viewer: { kind: 'umpire' }, role: null },
  ];
  const items = new Map<string, Item>();
  const battles = new Map<string, Battle>();
  const findings: Finding[] = [];
  const run: Run = { findings, steps: 0, battles: 0, rolls: 0, ties: 0, proposals: 0, challenges: 0, over: false };
  const firstWhen = whenOf(env.game);
  let delivered = -1;

  const classOf = (v: (typeof viewers)[number], concerned: Role[]): ViewerClass =>
    v.viewer.kind === 'umpire'
      ? 'umpire'
      : v.viewer.kind === 'spectator'
        ? 'spectator'
        : concerned.includes(v.role!)
          ? 'concerned'
          : 'other';
  const column = (s: Wk4State, when: number) => (when < whenOf(s) ? 4 : COLUMN[stageOf(s)]);
  const allowed = (s: Wk4State, v: (typeof viewers)[number], info: Info, concerned: Role[], when: number) =>
    table.get(`${info}|${classOf(v, concerned)}`)![column(s, when)];

  /** Register what the state now holds: battles (title and detail), proposals, ties, challenges. */
  const register = (s: Wk4State) => {
    // While orders are written the last season's report and proposals are still there: already registered.
    if (stageOf(s) === 'orders') return;
    const when = whenOf(s);
    for (const line of s.report) {
      if (!line.to || line.to.includes(UMPIRE)) continue;
      const [title, ...rest] = line.text.split('\n');
      const m = TITLE.exec(title);
      if (!m || !rest.length) continue;
      const key = `${when}|${line.text}`;
      if (battles.has(key)) continue;
      const detail = rest.map((l) => l.trim()).find((l) => /2d6 \d\+\d=\d+/.test(l)) ?? rest[0].trim();
      battles.set(key, { when, where: m[2], title, detail, fought: line.to });
      items.set(`b-title|${key}`, { info: 'battle', needle: title, concerned: line.to, when });
      items.set(`b-detail|${key}`, { info: 'losses', needle: detail, concerned: line.to, when });
      run.battles++;
    }
    for (const p of s.proposals) {
      const key = `p|${when}|${p.id}`;
      if (items.has(key)) continue;
      const info: Info = p.kind === 'initiative' ? 'tie' : 'proposal';
      items.set(key, { info, needle: p.text, concerned: p.nations, when });
      if (info === 'tie') run.ties++;
      else run.proposals++;
    }
    s.challenges.forEach((c, i) => {
      const key = `c|${when}|${i}`;
      if (items.has(key)) return;
      const name = s.nations[c.nation].name;
      items.set(key, { info: 'challenge', needle: c.reason, concerned: [c.nation], when });
      items.set(`${key}|by`, { info: 'challenge', needle: `Challenge ${i + 1} by ${name}`, concerned: [c.nation], when });
      items.set(`${key}|of`, { info: 'challenge', needle: `challenge of ${name}`, concerned: [c.nation], when });
      run.challenges++;
    });
  };

  /** Check one text a viewer sees now. */
  const check = (s: Wk4State, v: (typeof viewers)[number], source: string, text: string) => {
    const hits = [...items.values()].filter((it) => text.includes(it.needle));
    for (const it of hits) {
      // The same text may belong to another item the viewer may see (two battles' identical lines).
      if (hits.some((o) => o.needle === it.needle && allowed(s, v, o.info, o.concerned, o.when))) continue;
      findings.push({ step: run.steps, stage: STAGES[column(s, it.when)], viewer: v.name, source, info: it.info, text: it.needle });
    }
    for (const [re, info] of COUNTS) {
      const m = re.exec(text);
      if (m && !allowed(s, v, info, [], whenOf(s)))
        findings.push({ step: run.steps, stage: STAGES[COLUMN[stageOf(s)]], viewer: v.name, source, info, text: m[0] });
    }
  };

  /** A roll event is of the battle fought at the hex its label names, this season. */
  const checkRoll = (s: Wk4State, v: (typeof viewers)[number], source: string, e: GameEvent) => {
    run.rolls++;
    const label = String((e.data as { label?: string } | undefined)?.label ?? e.text);
    const at = label.lastIndexOf(' at ');
    const where = at < 0 ? '' : label.slice(at + 4).replace(/ #\d+$/, '');
    const fought = [...battles.values()].filter((b) => b.when === whenOf(s) && b.where === where).flatMap((b) => b.fought);
    if (!allowed(s, v, 'roll', fought, whenOf(s)))
      findings.push({ step: run.steps, stage: STAGES[COLUMN[stageOf(s)]], viewer: v.name, source, info: 'roll', text: e.text });
  };

  /** The other direction: with the preliminary results, each nation that fought has every battle's detail. */
  const checkDelivered = (s: Wk4State) => {
    if (stageOf(s) !== 'challenges' || delivered === whenOf(s)) return;
    delivered = whenOf(s);
    for (const b of battles.values()) {
      if (b.when !== whenOf(s)) continue;
      for (const n of b.fought) {
        if (!s.nations[n]?.alive) continue;
        const report = (mod.view(s, { kind: 'seat', role: n }) as unknown as { report: string[] }).report.join('\n');
        if (!report.includes(b.detail))
          findings.push({
            step: run.steps,
            stage: 'preliminary results',
            viewer: n,
            source: 'view report',
            info: 'undelivered',
            text: b.detail,
          });
      }
    }
  };

  let challenged = 0;
  for (; ; await breathe()) {
    const s = env.game;
    if (stageOf(s) === 'over' || whenOf(s) - firstWhen >= opts.seasons) {
      run.over = stageOf(s) === 'over' || whenOf(s) - firstWhen >= opts.seasons;
      break;
    }
    if (++run.steps > 20_000) break;
    const prompts = mod.prompts(s);
    if (!prompts.length) throw new Error(`dead end at step ${run.steps} (${mod.phase(s)})`);
    const p = prompts[Math.floor(rand.quick() * prompts.length)];
    const legal = mod.legal(s, p.role);
    let action: Action;
    if (p.role === UMPIRE) action = legal[Math.floor(rand.quick() * legal.length)].action;
    else if (stageOf(s) === 'challenges' && rand.quick() < 0.4)
      action = { type: 'challenge', reason: `grievance ${++challenged} of ${s.nations[p.role].name}` };
    else action = mod.bot!(s, p.role, legal, { rand: () => rand.quick() }).action;
    const res = applyAction(mod, env, p.role, action, true, p.role === UMPIRE || action.type !== 'challenge' ? legal : undefined);
    env = res.env;
    const now = env.game;
    register(now);
    // What everyone sees: the action announced unless secret, the public events, the prompts.
    const publicText = [
      res.legal.secret ? `${p.role} acted (hidden until revealed).` : `${p.role}: ${res.legal.label}`,
      ...eventLines(res.events, null),
      ...mod.prompts(now).map((x) => `${x.role}: ${x.text}`),
    ].join('\n');
    for (const v of viewers) {
      check(now, v, 'public reply and prompts', publicText);
      // Its posts and its /game log: every event it may see (addressed to it, or public).
      for (const e of visibleEvents(res.events, v.viewer)) {
        if (e.kind === 'roll') checkRoll(now, v, e.to ? 'private roll' : 'public roll', e);
        check(now, v, e.to ? 'post / log' : 'public event / log', e.text);
      }
      if (p.role === UMPIRE ? v.viewer.kind === 'umpire' : v.role === p.role) check(now, v, 'own reply', res.legal.label);
      const view = mod.view(now, v.viewer);
      check(now, v, 'view', canonical(view));
      check(now, v, 'summary', mod.summarize(view, v.viewer));
    }
    checkDelivered(now);
  }
  return run;
}
