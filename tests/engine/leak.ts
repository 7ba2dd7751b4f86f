// A leak checker for hidden information. It plays whole games through the
// same session and presentation code as the bot (sessions.act + presentAct,
// /game log, /game export, /game status, autocomplete, buttons, dropdowns, the module's
// view and summary), records what each user could see, and reports every
// place where a viewer sees another seat's secret: the label of a secret
// action, an order (from the game's own oracle), a private event's text, or a
// secret action itself. Not a product: tests only.
import os from 'node:os';
import path from 'node:path';
import seedrandom from 'seedrandom';
import { openServices, type Services } from '../../src/app/services.ts';
import { envOf, isBotSeat, moduleOf, replayDetailed } from '../../src/app/session.ts';
import { canonical } from '../../src/engine/runner.ts';
import { UMPIRE, type Action, type GameModule, type LegalAction, type Role, type Viewer } from '../../src/engine/types.ts';
import { getGame, registerGame } from '../../src/games/registry.ts';
import { createRouter } from '../../commands/router.ts';
import { presentAct } from '../../commands/present.ts';
import type { Invocation } from '../../commands/types.ts';
import type { Message, Outcome } from '../../src/messages/types.ts';
import { tempDb } from '../setup/test-db.ts';

/** What the game itself says is secret now: needles owned by a seat (e.g. its orders' labels). */
export type Oracle = (state: any) => { owner: Role; needle: string }[];

export interface LeakGame {
  mod: GameModule<any, any>;
  options: string;
  seed: string;
  /** Who sits where: a user id per seat (several for a team side), 'bot' for the built-in bot. */
  seats: { role: Role; user: string }[];
  umpire?: string;
  /** Random legal choices instead of the module's bot. */
  random?: boolean;
  oracle?: Oracle;
  /** Probe the per-viewer outputs at this fraction of the steps (1 = every step). */
  probeRate?: number;
  /** Of those probes, the fraction that also replays /game log and /game export (slow on long games). */
  replayRate?: number;
  /** At this fraction of the steps, a seat takes back its last action or a deadline passes (defaults). */
  chaos?: number;
  maxSteps?: number;
}

export interface Finding {
  step: number;
  viewer: string;
  source: string;
  owner: Role;
  needle: string;
}

const SPECTATOR = 'eve';
const WHERE = { guildId: 'g1', channelId: 'leak' };

/** Needles live while their secret is hidden: 'reveal' ends at the module's reveal, 'over' at the end of the game. */
interface Needle {
  owner: Role;
  text: string;
  until: 'reveal' | 'over';
}

export async function findLeaks(
  game: LeakGame,
): Promise<{ findings: Finding[]; steps: number; probes: number; secretsSeen: number; over: boolean }> {
  if (!getGame(game.mod.id)) registerGame(game.mod);
  const svc = openServices({
    dbPath: tempDb(),
    outDir: path.join(os.tmpdir(), 'muster-leak'),
    seed: game.seed,
    maxSnapshots: 3,
    consoleModerators: ['mod'],
  });
  svc.render = async () => null; // text summaries only: pictures are drawn from the same spectator view
  let offset = 0;
  svc.now = () => Date.now() + offset;
  const router = createRouter(svc);
  const rand = seedrandom(`${game.seed}:leak`);
  const say = (user: string, command: string, sub: string, options: Record<string, string> = {}) =>
    router.dispatch({
      command,
      sub,
      options,
      caller: { id: user, name: user, isModerator: user === 'mod' },
      where: WHERE,
    } satisfies Invocation);
  await say('mod', 'game', 'new', { system: game.mod.id, options: game.options });
  for (const s of game.seats)
    await (s.user === 'bot' ? say('mod', 'game', 'bot', { side: s.role }) : say(s.user, 'game', 'join', { side: s.role }));
  if (game.umpire) await say('mod', 'game', 'join', { side: UMPIRE, user: game.umpire });
  const users = [
    ...new Set([...game.seats.filter((s) => s.user !== 'bot').map((s) => s.user), ...(game.umpire ? [game.umpire] : []), SPECTATOR]),
  ];

  const findings: Finding[] = [];
  const needles: Needle[] = [];
  /** Every needle text a role has ever owned, so a viewer's own identical text is not a leak. */
  const owned = new Map<string, Set<Role>>();
  const own = (n: Needle) => {
    needles.push(n);
    owned.set(n.text, new Set([...(owned.get(n.text) ?? []), n.owner]));
  };
  let step = 0;
  let probes = 0;
  let secretsSeen = 0;

  const rolesOf = (user: string): Role[] => {
    const row = svc.store.liveGame(WHERE.channelId) ?? svc.store.latestGame(WHERE.channelId)!;
    return svc.sessions.rolesOf(row, user);
  };
  /** What `user` legitimately knows that could equal another seat's needle. */
  const knows = (user: string, text: string, oracleNow: { owner: Role; needle: string }[], legalNow: Map<Role, Set<string>>) => {
    const mine = rolesOf(user);
    if (mine.includes(UMPIRE)) return true;
    if (mine.some((r) => owned.get(text)?.has(r))) return true;
    if (oracleNow.some((o) => o.needle === text && mine.includes(o.owner))) return true;
    return mine.some((r) => legalNow.get(r)?.has(text));
  };

  /** Check texts seen by `viewer` ('public': everyone) against the live needles. */
  const check = (
    viewer: string,
    source: string,
    text: string,
    live: { owner: Role; text: string }[],
    oracleNow: { owner: Role; needle: string }[],
    legalNow: Map<Role, Set<string>>,
  ) => {
    const audience = viewer === 'public' ? [SPECTATOR] : [viewer];
    for (const n of live) {
      if (!text.includes(n.text)) continue;
      for (const u of audience) {
        if (rolesOf(u).includes(n.owner) || knows(u, n.text, oracleNow, legalNow)) continue;
        findings.push({ step, viewer: viewer === 'public' ? 'public' : u, source, owner: n.owner, needle: n.text });
      }
    }
  };

  const messageTexts = (m: Message) =>
    [
      m.content,
      ...(m.buttons ?? []).map((b) => `[button] ${b.label}`),
      ...(m.selects ?? []).flatMap((s) => [
        `[menu] ${s.placeholder}`,
        ...s.options.map((o) => `[option] ${o.label} ${o.description ?? ''}`),
      ]),
      ...(m.files ?? []).map((f) => `[file ${f.name}] ${f.description ?? ''}`),
    ].join('\n');

  /** Everything an outcome shows, by audience. */
  const audiences = (o: Outcome, caller: string): { viewer: string; source: string; text: string }[] => [
    ...o.replies.map((r) => ({
      viewer: r.ephemeral ? caller : 'public',
      source: r.ephemeral ? 'private reply' : 'public reply',
      text: messageTexts(r),
    })),
    ...o.posts.flatMap((p) =>
      p.to
        ? p.to.userIds.map((u) => ({ viewer: u, source: `post to ${p.to!.names.join(', ')}`, text: messageTexts(p) }))
        : [{ viewer: 'public', source: 'public post', text: messageTexts(p) }],
    ),
  ];

  const liveNow = (state: unknown, over: boolean) => {
    const oracleNow = over ? [] : (game.oracle?.(state) ?? []);
    const live = [
      ...needles.filter((n) => !over || n.until !== 'over'),
      ...oracleNow.map((o) => ({ owner: o.owner, text: o.needle, until: 'reveal' as const })),
    ].filter(() => !over);
    return { oracleNow, live };
  };

  const start = await say('mod', 'game', 'start');
  let pending: { caller: string; outcome: Outcome }[] = [{ caller: 'mod', outcome: start }];
  const max = game.maxSteps ?? 5000;
  for (;;) {
    const row = svc.store.liveGame(WHERE.channelId) ?? svc.store.latestGame(WHERE.channelId)!;
    const mod = moduleOf(row);
    const env = envOf(row);
    const over = row.status !== 'active';
    // Each seated role's legal list, enumerated once: its labels are what the role knows; the pick below uses it.
    const legalLists = new Map<Role, LegalAction[]>();
    for (const r of new Set(svc.store.seats(row.id).map((s) => s.role))) legalLists.set(r, mod.legal(env.game, r));
    const legalNow = new Map([...legalLists].map(([r, list]) => [r, new Set(list.map((l) => l.label))]));
    const { oracleNow, live } = liveNow(env.game, over);
    // What a seat's own secret was at any time is its own knowledge later (its log, its replies).
    for (const o of oracleNow) owned.set(o.needle, new Set([...(owned.get(o.needle) ?? []), o.owner]));
    secretsSeen += live.length ? 1 : 0;
    for (const p of pending) for (const a of audiences(p.outcome, p.caller)) check(a.viewer, a.source, a.text, live, oracleNow, legalNow);
    pending = [];
    if (live.length && rand.quick() < (game.probeRate ?? 1)) {
      probes++;
      const replays = rand.quick() < (game.replayRate ?? 1);
      for (const u of users) {
        const mine = rolesOf(u);
        const viewer: Viewer = mine.includes(UMPIRE)
          ? { kind: 'umpire' }
          : mine.length
            ? { kind: 'seat', role: mine[0] }
            : { kind: 'spectator' };
        const view = mod.view(env.game, viewer);
        check(u, 'view', canonical(view), live, oracleNow, legalNow);
        check(u, 'summarize', mod.summarize(view, viewer), live, oracleNow, legalNow);
        for (const sub of replays ? ['status', 'log', 'export'] : ['status']) {
          const o = await say(u, 'game', sub, sub === 'log' ? { count: '50' } : {});
          for (const r of o.replies)
            check(
              u,
              `/game ${sub}`,
              [r.content, ...(r.files ?? []).map((f) => f.data.toString('utf8'))].join('\n') +
                (sub === 'export' ? canonical(JSON.parse(r.files?.[0]?.data.toString('utf8') ?? 'null')) : ''),
              live,
              oracleNow,
              legalNow,
            );
        }
        // One subcommand's options per viewer and probe (over a game, every one is asked).
        for (const sub of [mod.subcommands[Math.floor(rand.quick() * mod.subcommands.length)]]) {
          if (sub.info)
            for (const r of (await say(u, mod.command, sub.name)).replies)
              check(u, `/${mod.command} ${sub.name}`, r.content, live, oracleNow, legalNow);
          for (const opt of sub.options) {
            const choices = await router.autocomplete({
              command: mod.command,
              sub: sub.name,
              focused: opt.name,
              partial: '',
              options: {},
              caller: { id: u, name: u, isModerator: false },
              where: WHERE,
            });
            check(
              u,
              `autocomplete /${mod.command} ${sub.name} ${opt.name}`,
              choices.map((c) => `${c.name} = ${c.value}`).join('\n'),
              live,
              oracleNow,
              legalNow,
            );
          }
        }
      }
    }
    if (over || ++step > max) break;
    // Let the worker's event loop breathe (test runner messages) between steps of a long game.
    await new Promise((r) => setImmediate(r));
    // The next decision of a human seat (bots answer inside the session).
    const seats = svc.store.seats(row.id);
    const asked = mod.prompts(env.game).filter((p) => seats.some((s) => s.role === p.role && !isBotSeat(s)));
    if (!asked.length) break;
    const p = asked[Math.floor(rand.quick() * asked.length)];
    const chaos = rand.quick() < (game.chaos ?? 0) ? rand.quick() : null;
    if (chaos !== null && chaos < 0.5) {
      // Someone takes back their last action (a secret one is taken back without saying what).
      const seat = seats.filter((x) => !isBotSeat(x))[Math.floor(rand.quick() * seats.filter((x) => !isBotSeat(x)).length)];
      pending.push({ caller: seat.userId, outcome: await say(seat.userId, 'game', 'undo') });
      continue;
    }
    if (chaos !== null) {
      // A deadline passes: every late seat gets the module's default, posted in the channel.
      pending.push({ caller: 'mod', outcome: await say('mod', 'game', 'deadline', { hours: '1' }) });
      offset += 2 * 3_600_000;
      for (const o of (await router.tick?.()) ?? []) pending.push({ caller: 'deadline', outcome: o });
      // Defaults may have revealed the orders (and sent private events): read them from the replayed log.
      const after = svc.store.game(row.id)!;
      for (const e of replayDetailed(after, svc.store.log(row.id)).filter((x) => x.seq > row.version && !x.undone))
        for (const ev of e.events) {
          if (ev.reveal) for (const n of needles.splice(0)) if (n.until === 'over') needles.push(n);
          for (const r of ev.to ?? []) own({ owner: r, text: ev.text, until: 'over' });
        }
      continue;
    }
    const holders = seats.filter((s) => s.role === p.role && svc.sessions.rolesOf(row, s.userId, true).includes(p.role));
    const user = holders[Math.floor(rand.quick() * holders.length)].userId;
    const legal = legalLists.get(p.role) ?? mod.legal(env.game, p.role);
    const pick =
      game.random || !mod.bot
        ? legal[Math.floor(rand.quick() * legal.length)]
        : mod.bot(env.game, p.role, legal, { rand: () => rand.quick() });
    const callerRoles = svc.sessions.rolesOf(row, user, true);
    const res = svc.sessions.act(row, user, p.role, [pick.action]);
    // Secrets made in this batch: secret labels until the reveal, private events until the end.
    res.applied.forEach((a, i) => {
      if (a.secret) {
        own({ owner: a.role, text: a.label, until: 'reveal' });
        if (a.role === p.role && i === 0) own({ owner: a.role, text: canonical(pick.action as Action), until: 'over' });
      }
      for (const e of res.events[i].events) {
        if (e.reveal) for (const n of needles.splice(0)) if (n.until === 'over') needles.push(n);
        for (const r of e.to ?? []) own({ owner: r, text: e.text, until: 'over' });
      }
    });
    pending.push({
      caller: user,
      outcome: await presentAct(mod, res, callerRoles, svc.store.seats(row.id), { maxSnapshots: svc.maxSnapshots, render: svc.render }),
    });
  }
  const over = (svc.store.latestGame(WHERE.channelId) ?? svc.store.liveGame(WHERE.channelId))?.status === 'over';
  svc.store.close();
  return { findings, steps: step, probes, secretsSeen, over };
}

export type { Services };
