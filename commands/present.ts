// Turning engine results into messages: event lines, prompts with mentions,
// snapshots, private errors. Everything drawn here comes from views/events
// already filtered for their audience.
import { RuleError } from '../src/engine/errors.ts';
import { canonical, sha256, syncDecisions, visibleEvents, type Envelope } from '../src/engine/runner.ts';
import type { Action, GameEvent, GameModule, Json, Role } from '../src/engine/types.ts';
import { StaleVersionError, StoreConflictError, type GameRow, type Seat } from '../src/store/store.ts';
import { isBotSeat, type ActResult } from '../src/app/session.ts';
import { turnHolder } from '../src/app/teams.ts';
import type { Attachment, Button, DrawJob, Handoff, Outcome, Post, Reply } from './types.ts';
import { closeUp, gameKey, pickSnapshots } from './snapshots.ts';

export const DISCORD_LIMIT = 1900;

export function clip(text: string, limit = DISCORD_LIMIT): string {
  if (text.length <= limit) return text;
  const lines = text.split('\n');
  let out = '';
  let i = 0;
  for (; i < lines.length; i++) {
    const room = limit - 40 - out.length - (out ? 1 : 0);
    if (lines[i].length <= room) {
      out += (out ? '\n' : '') + lines[i];
      continue;
    }
    // A line too long for the room left is cut, not dropped: dropping a long
    // first line used to leave a message with nothing but "… more line(s)".
    if (room >= 80 || !out) {
      out += `${out ? '\n' : ''}${lines[i].slice(0, Math.max(0, room - 1)).replace(/[\uD800-\uDBFF]$/, '')}…`;
      i++;
    }
    break;
  }
  return i < lines.length ? `${out}\n… ${lines.length - i} more line(s) (see /game log)` : out;
}

/** Longest option value a reply repeats back; longer ones end in "…". */
export const ECHO_MAX = 200;

/** A value the user typed, repeated in a reply: capped so it cannot crowd out the message. */
export function echo(value: unknown, max = ECHO_MAX): string {
  const s = String(value ?? '');
  return s.length <= max ? s : `${s.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
}

/** Split long text at line breaks into Discord-sized pieces. */
export function chunks(text: string, limit = DISCORD_LIMIT): string[] {
  const out: string[] = [];
  let cur = '';
  for (const line of text.split('\n')) {
    if (cur && cur.length + line.length + 1 > limit) {
      out.push(cur);
      cur = '';
    }
    cur += (cur ? '\n' : '') + (line.length > limit ? clip(line, limit) : line);
  }
  if (cur) out.push(cur);
  return out;
}

export function privateReply(content: string, extra: Partial<Reply> = {}): Reply {
  return { content: clip(content), ephemeral: true, ...extra };
}

export function publicReply(content: string, extra: Partial<Reply> = {}): Reply {
  return { content: clip(content), ephemeral: false, ...extra };
}

export function only(reply: Reply): Outcome {
  return { replies: [reply], posts: [] };
}

/** Any error → a private reply that says what was wrong (and what is allowed). */
export function errorOutcome(e: unknown): Outcome {
  if (e instanceof RuleError) return only(privateReply(`❌ ${e.describe()}`));
  if (e instanceof StaleVersionError) return only(privateReply(`⏳ ${e.message}`));
  if (e instanceof UserError || e instanceof StoreConflictError) return only(privateReply(`❌ ${e.message}`));
  throw e;
}

/** Bad input that is not a game rule (unknown name, malformed option, permissions). */
export class UserError extends Error {
  override name = 'UserError';
}

export function mention(seat: Seat): string {
  return isBotSeat(seat) ? seat.userName : `<@${seat.userId}>`;
}

export function roleName(mod: GameModule<any, any>, options: unknown, role: Role): string {
  return mod.roles(options).find((r) => r.id === role)?.name ?? role;
}

/** "<@u> (English): evade or stand?" lines for every open prompt, with pings. */
export function promptLines(
  mod: GameModule<any, any>,
  env: Envelope<any>,
  seats: Seat[],
  onlyRoles?: Role[],
): { text: string; mentions: string[] } {
  const lines: string[] = [];
  const mentions: string[] = [];
  const infos = mod.roles(env.options);
  for (const p of mod.prompts(env.game)) {
    if (onlyRoles && !onlyRoles.includes(p.role)) continue;
    // A team side: the member whose turn it is ('turns'), or every member ('any').
    const holder = turnHolder(
      infos.find((r) => r.id === p.role),
      seats,
      env.decisions,
    );
    const asked = holder ? [holder] : seats.filter((s) => s.role === p.role);
    const who = asked.length ? asked.map(mention).join(', ') : '(empty seat)';
    for (const seat of asked) if (!isBotSeat(seat)) mentions.push(seat.userId);
    lines.push(`➡️ ${who} — **${roleName(mod, env.options, p.role)}**: ${p.text}`);
  }
  return { text: lines.join('\n'), mentions };
}

export function eventLines(events: GameEvent[], role: Role | null): string[] {
  const viewer = role ? ({ kind: 'seat', role } as const) : ({ kind: 'spectator' } as const);
  return visibleEvents(events, viewer).map((e) => (e.kind === 'roll' ? `🎲 ${e.text}` : `• ${e.text}`));
}

/** A short fingerprint of an action, so a button names its choice, not a list position. */
export function actionKey(action: Action): string {
  return sha256(canonical(action)).slice(0, 12);
}

/** A button belongs to one decision of one seat: valid while that decision is open. */
export function buttonId(gameId: number, decision: number, role: Role, action: Action): string {
  return `md:${gameId}:${decision}:${role}:${actionKey(action)}`;
}

export function parseButtonId(id: string): { gameId: number; decision: number; role: Role; key: string } | null {
  const m = /^md:(\d+):(\d+):([a-z0-9_-]+):([0-9a-f]{12})$/i.exec(id);
  if (!m) return null;
  return { gameId: Number(m[1]), decision: Number(m[2]), role: m[3], key: m[4] };
}

/** Buttons for quick decisions (prompts marked buttons, ≤ 10 choices), or for the given roles only. */
export function decisionButtons(mod: GameModule<any, any>, row: GameRow, env: Envelope<any>, onlyRoles?: Role[]): Button[] {
  const out: Button[] = [];
  const asked = mod.prompts(env.game).filter((p) => p.buttons);
  const book = env.decisions ?? syncDecisions(mod, structuredClone(env));
  // Several seats asked at once: say whose each button is.
  for (const p of asked) {
    if (onlyRoles && !onlyRoles.includes(p.role)) continue;
    const decision = book.open[p.role];
    const legal = mod.legal(env.game, p.role);
    if (!decision || legal.length === 0 || legal.length > 10) continue;
    const prefix = asked.length > 1 ? `${roleName(mod, env.options, p.role)}: ` : '';
    legal.forEach((l, i) => {
      const label = prefix + l.label;
      out.push({
        customId: buttonId(row.id, decision.id, p.role, l.action),
        label: label.length > 80 ? `${label.slice(0, 77)}…` : label,
        style: i === 0 ? 'primary' : 'secondary',
      });
    });
  }
  return out.slice(0, 25);
}

export type Renderer = ((mod: GameModule<any, any>, view: Json) => Promise<Buffer | null>) & {
  /** A picture for a post drawn where it is delivered, not now (the bot: src/app/draws.ts); null: draw now. */
  later?: (mod: GameModule<any, any>, view: Json) => DrawJob | null;
};

/** A phase snapshot; `post`: it goes into a post, so the bot may draw it as it is delivered. */
export async function snapshot(
  mod: GameModule<any, any>,
  view: Json,
  name: string,
  render: Renderer,
  post = false,
): Promise<{ file: Attachment | null; summary: string }> {
  const summary = mod.summarize(view, { kind: 'spectator' });
  const draw = post ? render.later?.(mod, view) : null;
  if (draw) return { file: { name, data: Buffer.alloc(0), description: summary.slice(0, 1000), draw }, summary };
  const png = await render(mod, view);
  return { file: png ? { name, data: png, description: summary.slice(0, 1000) } : null, summary };
}

export interface PresentOptions {
  /** Most phase snapshots posted for one batch (Discord: a few; console/demo: all). */
  maxSnapshots: number;
  render: Renderer;
  progress?: (line: string) => void;
}

/** Replies and posts for a batch of applied actions. */
export async function presentAct(
  mod: GameModule<any, any>,
  res: ActResult,
  callerRoles: Role[],
  seats: Seat[],
  opts: PresentOptions,
): Promise<Outcome> {
  const { row, env } = res;
  const lines: string[] = [];
  const privateLines: string[] = [];
  // Private lines owed to seats the caller does not hold, whoever acted.
  const owed = new Map<Role, string[]>();
  res.events.forEach((batch, i) => {
    // The member who acted (a team side has several).
    const seat = seats.find((s) => s.role === batch.role && s.userId === batch.userId) ?? seats.find((s) => s.role === batch.role);
    const applied = res.applied[i];
    const who = `**${seat ? seat.userName : batch.role}** (${roleName(mod, env.options, batch.role)})`;
    // A secret order (declared by the module) is announced without its label.
    const hidden = !!applied?.secret;
    // One line for a run of hidden steps, so others do not learn how many there were.
    const line = hidden ? `${who} acted (hidden until revealed).` : `${who}: ${applied?.label ?? ''}`;
    if (!(hidden && lines[lines.length - 1] === line)) lines.push(line);
    lines.push(...eventLines(batch.events, null));
    const mine = callerRoles.includes(batch.role);
    if (mine && hidden) privateLines.push(`🔒 ${applied?.label ?? ''}`);
    for (const e of batch.events) {
      if (!e.to) continue;
      if (e.to.some((r) => callerRoles.includes(r))) privateLines.push(`🔒 ${e.text}`);
      // Every other holder of an addressed seat (other seats, and the caller's teammates) gets it privately.
      for (const r of e.to) owed.set(r, [...(owed.get(r) ?? []), e.text]);
    }
  });
  const prompt = promptLines(mod, env, seats);
  const replies: Reply[] = [publicReply(lines.join('\n') || 'Done.')];
  if (privateLines.length) replies.push(privateReply(privateLines.join('\n')));
  const callerId = res.applied[0]?.userId;
  const posts: Post[] = privateDeliveries(
    mod,
    row,
    env,
    seats.filter((s) => !(callerId && s.userId === callerId && callerRoles.includes(s.role))),
    owed,
  );
  // The caller's secret lines outlive the ephemeral reply in their seat's private thread (Discord),
  // unless a post for their teammates already takes them there.
  const me = callerRoles.length === 1 ? seats.find((s) => s.userId === callerId && s.role === callerRoles[0]) : undefined;
  if (privateLines.length && me && !posts.some((p) => p.to?.roles.includes(me.role))) {
    posts.push({
      channelId: row.channelId,
      content: clip(
        `🔒 **${roleName(mod, env.options, me.role)}**, your own orders (only your side sees this thread):\n${privateLines.join('\n')}`,
      ),
      to: { roles: [me.role], userIds: [me.userId], names: [me.userName] },
      echo: true,
    });
  }
  // Only phases that show a new board get a picture (issue 9; see snapshots.ts).
  const picks = pickSnapshots(mod, res.phases, opts.maxSnapshots, gameKey(row));
  const skipped = res.phases.length - picks.length;
  for (let i = 0; i < picks.length; i++) {
    const mark = picks[i].mark;
    opts.progress?.(`Drawing snapshot ${i + 1}/${picks.length}…`);
    // Named by decision count, not version: a version would count hidden plan steps.
    const snap = picks[i].draw
      ? await snapshot(mod, mark.view, `game${row.id}-d${env.decisions?.last ?? 0}-${i + 1}.png`, opts.render, true)
      : { file: null, summary: '(Board unchanged since the last snapshot.)' };
    posts.push({
      channelId: row.channelId,
      content: clip(`🗺️ **${mark.phase}**${skipped && i === 0 ? ` (${skipped} earlier phase(s) passed quickly)` : ''}\n${snap.summary}`),
      files: snap.file ? [snap.file] : [],
    });
  }
  const zoom = await closeUp(mod, picks, `game${row.id}-d${env.decisions?.last ?? 0}-zoom.png`, opts.render);
  if (zoom) posts.push({ channelId: row.channelId, content: '🔍 Close-up', files: [zoom] });
  for (const p of posts) p.gameId = row.id;
  if (res.over) {
    // The result is the game's record: a post, never only a reply.
    const result = resultText(mod, env, row);
    if (posts.length && !posts[posts.length - 1].to)
      posts[posts.length - 1].content = clip(`${posts[posts.length - 1].content}\n${result}`);
    else posts.push({ channelId: row.channelId, gameId: row.id, kind: 'update', content: clip(result) });
    return { replies, posts };
  }
  // The caller reads the whole prompt and gets their own buttons in the reply
  // (best effort); everyone else asked is handed off by a post, which is durable.
  replies[0].content = clip(`${replies[0].content}\n${prompt.text}`);
  replies[0].buttons = decisionButtons(mod, row, env, callerRoles);
  const handoff = handoffsOf(env, seats, callerRoles);
  if (handoff.length) {
    const roles = handoff.map((h) => h.role);
    const text = promptLines(mod, env, seats, roles).text;
    const buttons = decisionButtons(mod, row, env, roles);
    const mentions = [...new Set(handoff.map((h) => h.userId))];
    const last = posts[posts.length - 1];
    if (last && !last.to) Object.assign(last, { content: clip(`${last.content}\n${text}`), mentions, buttons, handoff });
    else posts.push({ channelId: row.channelId, gameId: row.id, kind: 'handoff', content: clip(text), mentions, buttons, handoff });
  }
  return { replies, posts };
}

/**
 * The open decisions of human seats the caller does not hold: whoever must
 * act next and is not the one who just acted (nobody is pinged about their own move).
 */
export function handoffsOf(env: Envelope<any>, seats: Seat[], callerRoles: Role[]): Handoff[] {
  const callers = new Set(seats.filter((s) => callerRoles.includes(s.role)).map((s) => s.userId));
  const out: Handoff[] = [];
  for (const [role, d] of Object.entries(env.decisions?.open ?? {})) {
    const seat = seats.find((s) => s.role === role);
    if (!seat || isBotSeat(seat) || callers.has(seat.userId)) continue;
    out.push({ role, decision: d.id, userId: seat.userId });
  }
  return out;
}

/** One private post per seat that is owed lines it did not see in a reply. */
function privateDeliveries(mod: GameModule<any, any>, row: GameRow, env: Envelope<any>, seats: Seat[], owed: Map<Role, string[]>): Post[] {
  const out: Post[] = [];
  for (const [role, texts] of owed) {
    const holders = seats.filter((s) => s.role === role && !isBotSeat(s));
    if (!holders.length) continue;
    out.push({
      channelId: row.channelId,
      content: clip(`🔒 **${roleName(mod, env.options, role)}**, for your eyes only:\n${texts.map((t) => `• ${t}`).join('\n')}`),
      to: { roles: [role], userIds: holders.map((h) => h.userId), names: holders.map((h) => h.userName) },
    });
  }
  return out;
}

export function resultText(mod: GameModule<any, any>, env: Envelope<any>, row: GameRow): string {
  const r = mod.result(env.game);
  if (r.status !== 'over') return '';
  const winners = r.winners.map((w) => roleName(mod, env.options, w)).join(', ');
  return [
    `🏁 **Game over.** ${r.draw ? 'Draw.' : winners ? `Winner: ${winners}.` : 'No winner.'} ${r.summary}`,
    `Scores: ${Object.entries(r.scores)
      .map(([k, v]) => `${roleName(mod, env.options, k)} ${v}`)
      .join(', ')}`,
    `Seed revealed: \`${row.seed}\` (SHA-256 published at start: \`${row.seedHash.slice(0, 16)}…\`). Check it with /game verify.`,
  ].join('\n');
}
