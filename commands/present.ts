// Turning engine results into messages: event lines, prompts with mentions,
// snapshots, private errors. Everything drawn here comes from views/events
// already filtered for their audience.
import { RuleError } from '../src/engine/errors.ts';
import { canonical, sha256, syncDecisions, visibleEvents, type Envelope } from '../src/engine/runner.ts';
import type { Action, GameEvent, GameModule, Json, LegalAction, Role } from '../src/engine/types.ts';
import { StaleVersionError, StoreConflictError, type GameRow, type Seat } from '../src/store/store.ts';
import { isBotSeat, type ActResult } from '../src/app/session.ts';
import type { Attachment, Button, Handoff, Outcome, Post, Reply, SelectMenu } from '../src/messages/types.ts';
import { closeUp, gameKey, pickSnapshots } from './snapshots.ts';
import { clip } from '../src/messages/text.ts';
import { only, privateReply, publicReply } from '../src/messages/replies.ts';
import { UserError } from '../src/messages/user-error.ts';
import { promptLines, roleName } from '../src/app/prompts.ts';
import type { Renderer } from '../src/app/draws.ts';

/** Any error → a private reply that says what was wrong (and what is allowed). */
export function errorOutcome(error: unknown): Outcome {
  if (error instanceof RuleError) return only(privateReply(`❌ ${error.describe()}`));
  if (error instanceof StaleVersionError) return only(privateReply(`⏳ ${error.message}`));
  if (error instanceof UserError || error instanceof StoreConflictError) return only(privateReply(`❌ ${error.message}`));
  throw error;
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
  const match = /^md:(\d+):(\d+):([a-z0-9_-]+):([0-9a-f]{12})$/i.exec(id);
  if (!match) return null;
  return { gameId: Number(match[1]), decision: Number(match[2]), role: match[3], key: match[4] };
}

/** Discord's limits for a message's controls. */
const ROWS = 5;
const PER_ROW = 5;
const PER_SELECT = 25;
const BUTTON_LABEL = 80;
const OPTION_TEXT = 100;

/** A decision's choices as buttons, or as dropdowns when they do not fit (issue 9). */
export interface Controls {
  buttons: Button[];
  selects: SelectMenu[];
}

/** A select menu's own id (unique in its message): game, decision, seat and the index of its first choice. */
const selectId = (gameId: number, decision: number, role: Role, start: number) => `ms:${gameId}:${decision}:${role}:${start}`;

/** A choice that opens the rest of a decision's dropdowns, from choice `start` on (the first ones fill a message). */
export function morePagesId(gameId: number, decision: number, role: Role, start: number): string {
  return `mp:${gameId}:${decision}:${role}:${start}`;
}

export function parseMorePagesId(id: string): { gameId: number; decision: number; role: Role; start: number } | null {
  const match = /^mp:(\d+):(\d+):([a-z0-9_-]+):(\d+)$/i.exec(id);
  return match ? { gameId: Number(match[1]), decision: Number(match[2]), role: match[3], start: Number(match[4]) } : null;
}

const cut = (text: string, limit: number) => (text.length <= limit ? text : `${text.slice(0, limit - 1).replace(/[\uD800-\uDBFF]$/, '')}…`);

/**
 * A label split for a dropdown option: the choice (≤ 100) and what decides it
 * (≤ 100), when the whole does not fit in one: at the first ": " or " — "
 * outside brackets, or before a bracket that runs to the end (a trailing
 * note). Never inside a name's own brackets ("Jean de Clermont (Marshal)").
 */
export function optionText(label: string): { label: string; description?: string } {
  if (label.length <= OPTION_TEXT) return { label };
  const splitAt = splitPoint(label);
  if (splitAt === null) return { label: cut(label, OPTION_TEXT), description: cut(label.slice(OPTION_TEXT - 1), OPTION_TEXT) };
  const rest = label.slice(splitAt).replace(/^(?::\s+|\s+—\s+|\s+)/, '');
  return { label: label.slice(0, splitAt), description: cut(rest, OPTION_TEXT) };
}

/** Where optionText splits a label (the first choice ≤ 100 characters long), or null. */
function splitPoint(label: string): number | null {
  let depth = 0;
  for (let i = 1; i <= Math.min(OPTION_TEXT, label.length - 1); i++) {
    const char = label[i - 1];
    if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    if (depth > 0) continue;
    const tail = label.slice(i);
    if (/^(?::\s+|\s+—\s+)\S/.test(tail)) return i;
    if (/^\s+\(/.test(tail) && closesAtEnd(tail.trimStart())) return i;
  }
  return null;
}

/** Does the bracket opening `text` close at its very end (a trailing note, not a name's own brackets)? */
function closesAtEnd(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i === text.length - 1;
  }
  return false;
}

/**
 * Controls for the decisions open now, or for the given roles only. A quick
 * decision (a prompt marked buttons) whose choices fit (up to ten, or five
 * when several seats are asked at once, each label whole within 80
 * characters) gets buttons; any other decision whose choices the module
 * lists gets dropdowns of 25 choices each, grouped by subcommand (a decision
 * any of whose choices is a secret order gets none: its list stays with the
 * slash commands). When the dropdowns would pass Discord's five rows, the
 * last one's last choice opens the rest privately; `from` starts a
 * decision's dropdowns at that choice (that private answer).
 */
export function decisionControls(mod: GameModule<any, any>, row: GameRow, env: Envelope<any>, onlyRoles?: Role[], from = 0): Controls {
  const book = env.decisions ?? syncDecisions(mod, structuredClone(env));
  interface Group {
    role: Role;
    decision: number;
    text: string;
    prefix: string;
    choices: { customId: string; label: string; sub: string }[];
    select: boolean;
    quick: boolean;
  }
  const groups: Group[] = [];
  for (const prompt of mod.prompts(env.game)) {
    const decision = book.open[prompt.role];
    if (!decision || groups.some((g) => g.role === prompt.role) || (prompt.secret && !prompt.buttons)) continue;
    const legal: LegalAction[] = mod.legal(env.game, prompt.role);
    if (legal.length === 0 || (!prompt.buttons && legal.some((l) => l.secret))) continue;
    // Grouped by subcommand (stable), so a page of a long list holds one kind of choice.
    const subs = [...new Set(legal.map((l) => l.sub))];
    // Discord refuses a whole message whose controls repeat an id: one control per distinct action.
    const choices = legal
      .map((legalAction) => ({
        customId: buttonId(row.id, decision.id, prompt.role, legalAction.action),
        label: legalAction.label,
        sub: legalAction.sub,
      }))
      .filter((c, i, all) => all.findIndex((x) => x.customId === c.customId) === i)
      .sort((x, y) => subs.indexOf(x.sub) - subs.indexOf(y.sub));
    groups.push({
      role: prompt.role,
      decision: decision.id,
      text: prompt.text,
      prefix: '',
      choices,
      select: !prompt.buttons,
      quick: !!prompt.buttons,
    });
  }
  // Several seats asked at once: say whose each control is.
  const several = groups.length > 1;
  for (const group of groups) {
    if (several) group.prefix = `${roleName(mod, env.options, group.role)}: `;
    const fits =
      group.choices.length <= (several ? PER_ROW : 2 * PER_ROW) &&
      group.choices.every((c) => (group.prefix + c.label).length <= BUTTON_LABEL);
    group.select = !group.quick || !fits || from > 0;
  }
  const mine = groups.filter((g) => !onlyRoles || onlyRoles.includes(g.role));
  // Buttons take a row per five; a dropdown takes a row of its own. Too many rows: the largest button groups become dropdowns.
  const rowsOf = (group: Group) =>
    group.select ? Math.ceil(group.choices.length / PER_SELECT) : Math.ceil(group.choices.length / PER_ROW);
  const total = () => mine.reduce((n, g) => n + rowsOf(g), 0);
  for (const group of [...mine].sort((a, b) => b.choices.length - a.choices.length)) {
    if (total() <= ROWS) break;
    if (!group.select) group.select = true;
  }
  const out: Controls = { buttons: [], selects: [] };
  let rows = 0;
  for (const group of mine) {
    if (!group.select) {
      if (rows + rowsOf(group) > ROWS) continue;
      rows += rowsOf(group);
      group.choices.forEach((choice, index) =>
        out.buttons.push({
          customId: choice.customId,
          label: cut(group.prefix + choice.label, BUTTON_LABEL),
          style: index === 0 ? 'primary' : 'secondary',
        }),
      );
      continue;
    }
    const subsOf = new Set(group.choices.map((c) => c.sub));
    // A dropdown per subcommand when they all fit in the rows left (e.g. steps, pick-ups, battles); else pages of 25.
    const perSub = [...subsOf].reduce(
      (rowsSoFar, sub) => rowsSoFar + Math.ceil(group.choices.filter((c) => c.sub === sub).length / PER_SELECT),
      0,
    );
    const bySub = from === 0 && subsOf.size > 1 && perSub <= ROWS - rows;
    // Dropdowns of 25 from `from` on; when the rows run out first, the last one's last choice opens the rest.
    for (let start = from; start < group.choices.length;) {
      const room = ROWS - rows;
      if (room <= 0) break;
      const left = group.choices.length - start;
      const more = room === 1 && left > PER_SELECT;
      let size = Math.min(PER_SELECT - (more ? 1 : 0), left);
      const sub = group.choices[start].sub;
      const sameSub = group.choices.slice(start, start + size).findIndex((c) => c.sub !== sub);
      if (bySub && sameSub > 0) size = sameSub;
      const slice = group.choices.slice(start, start + size);
      const end = start + slice.length;
      // Where this page sits in its list: the subcommand's own choices, when the dropdowns go by subcommand.
      const [first, count] = bySub
        ? [group.choices.findIndex((c) => c.sub === sub), group.choices.filter((c) => c.sub === sub).length]
        : [0, group.choices.length];
      const range = from > 0 || count > PER_SELECT ? ` (${start - first + 1}–${end - first} of ${count})` : '';
      // Several kinds of choice: each dropdown names the command its page holds.
      const kind = subsOf.size > 1 && slice.every((c) => c.sub === sub) ? `/${mod.command} ${commandPath(mod, sub)} · ` : '';
      const options = slice.map((c) => ({ value: c.customId, ...optionText(c.label) }));
      if (more)
        options.push({
          value: morePagesId(row.id, group.decision, group.role, end),
          label: `More choices (${end + 1}–${group.choices.length})…`,
          description: 'Shows the rest of the list, only to you',
        });
      out.selects.push({
        customId: selectId(row.id, group.decision, group.role, start),
        placeholder: cut(`${group.prefix}${kind}${group.text}${range}`, 150),
        options,
      });
      rows++;
      start = end;
      if (more) break;
    }
  }
  return out;
}

/** "move step" for a grouped subcommand. */
const commandPath = (mod: GameModule<any, any>, sub: string) => {
  const subcommand = mod.subcommands.find((x) => x.name === sub);
  return subcommand?.group ? `${subcommand.group} ${sub}` : sub;
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
  /**
   * How the batch ends up in public, when the adapter edits messages in place
   * (commands/turn.ts, issue 19 §1): given the lines, replies and posts built
   * so far, it places the lines and the prompt; absent, the public reply
   * carries them and a hand-off post pings whoever is asked next.
   */
  tail?: (batch: PresentedBatch) => Outcome;
}

/** A batch presented up to its public lines and prompt (PresentOptions.tail places them). */
export interface PresentedBatch {
  mod: GameModule<any, any>;
  res: ActResult;
  callerRoles: Role[];
  seats: Seat[];
  /** Public lines: who did what, and the events everyone may see. */
  lines: string[];
  /** Only secret steps, nothing public: no public line may tell others that something happened. */
  onlyHidden: boolean;
  /** The public reply (first, absent when onlyHidden) and the private one. */
  replies: Reply[];
  /** Private deliveries and phase maps, in order. */
  posts: Post[];
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
  // Seats owed a snapshot of their own view (GameEvent.map), whoever acted.
  const mapsOwed = new Set<Role>();
  res.events.forEach((batch, batchIndex) => {
    // The member who acted (a team side has several).
    const seat = seats.find((s) => s.role === batch.role && s.userId === batch.userId) ?? seats.find((s) => s.role === batch.role);
    const applied = res.applied[batchIndex];
    const who = `**${seat ? seat.userName : batch.role}** (${roleName(mod, env.options, batch.role)})`;
    // A secret order (declared by the module) is announced without its label.
    const hidden = !!applied?.secret;
    // One line for a run of hidden steps, so others do not learn how many there were.
    const line = hidden ? `${who} acted (hidden until revealed).` : `${who}: ${applied?.label ?? ''}`;
    if (!(hidden && lines[lines.length - 1] === line)) lines.push(line);
    lines.push(...eventLines(batch.events, null));
    const mine = callerRoles.includes(batch.role);
    if (mine && hidden) privateLines.push(`🔒 ${applied?.label ?? ''}`);
    for (const event of batch.events) {
      if (!event.to) continue;
      if (event.to.some((r) => callerRoles.includes(r))) privateLines.push(`🔒 ${event.text}`);
      // Every other holder of an addressed seat (other seats, and the caller's teammates) gets it privately.
      for (const role of event.to) owed.set(role, [...(owed.get(role) ?? []), event.text]);
      if (event.map) for (const role of event.to) mapsOwed.add(role);
    }
  });
  const prompt = promptLines(mod, env, seats);
  // Only secret steps, and nothing else happened: the reply is the actor's
  // alone, since a public line per command would let others count them.
  const onlyHidden =
    res.applied.length > 0 &&
    res.applied.every((a) => a.secret) &&
    !res.phases.length &&
    !res.over &&
    res.events.every((b) => eventLines(b.events, null).length === 0);
  const replies: Reply[] = onlyHidden
    ? [privateReply(privateLines.join('\n') || lines.join('\n'))]
    : [publicReply(lines.join('\n') || 'Done.')];
  if (privateLines.length && !onlyHidden) replies.push(privateReply(privateLines.join('\n')));
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
  const callerSeat = callerRoles.length === 1 ? seats.find((s) => s.userId === callerId && s.role === callerRoles[0]) : undefined;
  if (privateLines.length && callerSeat && !posts.some((p) => p.to?.roles.includes(callerSeat.role))) {
    posts.push({
      channelId: row.channelId,
      content: `🔒 **${roleName(mod, env.options, callerSeat.role)}**, your own orders (only your side sees this thread):\n${privateLines.join('\n')}`,
      to: { roles: [callerSeat.role], userIds: [callerSeat.userId], names: [callerSeat.userName] },
      echo: true,
    });
  }
  // Only phases that show a new board get a picture (issue 9; see snapshots.ts).
  const picks = pickSnapshots(mod, res.phases, opts.maxSnapshots, res.versions && { key: gameKey(row), ...res.versions });
  const skipped = res.phases.length - picks.length;
  for (let i = 0; i < picks.length; i++) {
    const mark = picks[i].mark;
    opts.progress?.(`Drawing snapshot ${i + 1}/${picks.length}…`);
    // Named by decision count, not version: a version would count hidden plan steps.
    const snap = picks[i].draw
      ? await snapshot(mod, mark.view, `game${row.id}-d${env.decisions?.last ?? 0}-${i + 1}.png`, opts.render, true)
      : { file: null, summary: '(Board unchanged since the last snapshot.)' };
    // Issue 19: Discord previews a post's first image at ~550 px, so the
    // close-up (readable there) comes first and the whole map second, set
    // aside (a thumbnail) so that the close-up has the full width.
    const zoom = await closeUp(mod, [picks[i]], `game${row.id}-d${env.decisions?.last ?? 0}-${i + 1}-zoom.png`, opts.render);
    const files = snap.file ? [zoom ? { ...snap.file, aside: true } : snap.file] : [];
    posts.push({
      channelId: row.channelId,
      content: `🗺️ **${mark.phase}**${skipped && i === 0 ? ` (${skipped} earlier phase(s) passed quickly)` : ''}\n${snap.summary}`,
      files: zoom && files.length ? [zoom, ...files] : files,
    });
  }
  await attachSeatMaps(mod, row, env, posts, mapsOwed, seats, opts.render);
  for (const post of posts) post.gameId = row.id;
  if (opts.tail) return opts.tail({ mod, res, callerRoles, seats, lines, onlyHidden, replies, posts });
  if (res.over) {
    // The result is the game's record: a post, never only a reply.
    const result = resultText(mod, env, row);
    if (posts.length && !posts[posts.length - 1].to) posts[posts.length - 1].content = `${posts[posts.length - 1].content}\n${result}`;
    else posts.push({ channelId: row.channelId, gameId: row.id, kind: 'update', content: result });
    return { replies, posts };
  }
  // The caller reads the whole prompt and gets their own buttons in the reply
  // (best effort); everyone else asked is handed off by a post, which is durable.
  replies[0].content = `${replies[0].content}\n${prompt.text}`;
  Object.assign(replies[0], decisionControls(mod, row, env, callerRoles));
  const handoff = handoffsOf(env, seats, callerRoles);
  if (handoff.length) {
    const roles = handoff.map((h) => h.role);
    const controls = decisionControls(mod, row, env, roles);
    const mentions = [...new Set(handoff.map((h) => h.userId))];
    const last = posts[posts.length - 1];
    // Merged only into the batch's one public post: the ping goes ahead of the pictures (issue 19 §4),
    // so a hand-off on the last of several maps would overtake the earlier ones.
    if (last && !last.to && posts.filter((p) => !p.to).length === 1) {
      const text = promptLines(mod, env, seats, roles, last.content).text;
      Object.assign(last, { content: `${last.content}\n${text}`, mentions, ...controls, handoff });
    } else {
      const text = promptLines(mod, env, seats, roles).text;
      posts.push({ channelId: row.channelId, gameId: row.id, kind: 'handoff', content: text, mentions, ...controls, handoff });
    }
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
  for (const [role, decision] of Object.entries(env.decisions?.open ?? {})) {
    const seat = seats.find((s) => s.role === role);
    if (!seat || isBotSeat(seat) || callers.has(seat.userId)) continue;
    out.push({ role, decision: decision.id, userId: seat.userId });
  }
  return out;
}

/** One private post per seat that is owed lines it did not see in a reply. */
/**
 * Each seat owed a map gets its own view drawn into its private post (a new
 * post when it has none): the picture shows only what that seat may see.
 */
async function attachSeatMaps(
  mod: GameModule<any, any>,
  row: GameRow,
  env: Envelope<any>,
  posts: Post[],
  roles: Set<Role>,
  seats: Seat[],
  render: Renderer,
): Promise<void> {
  for (const role of roles) {
    const holders = seats.filter((s) => s.role === role && !isBotSeat(s));
    if (!holders.length || !mod.render) continue;
    const viewer = { kind: 'seat', role } as const;
    const view = mod.view(env.game, viewer);
    const name = `game${row.id}-${role}-d${env.decisions?.last ?? 0}.png`;
    const description = clip(mod.summarize(view, viewer), 1000);
    // The bot draws it as the post is delivered (render.later); the table draws it now.
    const draw = render.later?.(mod, view);
    const png = draw ? Buffer.alloc(0) : await render(mod, view);
    if (!png) continue;
    const file: Attachment = draw ? { name, data: png, description, draw } : { name, data: png, description };
    // As in a public map post: the close-up of this seat's own view first, the whole map aside (issue 19).
    const mark = { phase: mod.phase(env.game), view: view as Json };
    const zoom = await closeUp(mod, [{ mark, draw: true }], name.replace(/\.png$/, '-zoom.png'), render);
    const files = zoom ? [zoom, { ...file, aside: true }] : [file];
    const post = posts.find((p) => p.to?.roles.length === 1 && p.to.roles[0] === role);
    if (post) post.files = [...(post.files ?? []), ...files];
    else
      posts.push({
        channelId: row.channelId,
        content: `🔒 **${roleName(mod, env.options, role)}**, your own map (only your side sees it):`,
        files,
        to: { roles: [role], userIds: holders.map((h) => h.userId), names: holders.map((h) => h.userName) },
      });
  }
}

function privateDeliveries(mod: GameModule<any, any>, row: GameRow, env: Envelope<any>, seats: Seat[], owed: Map<Role, string[]>): Post[] {
  const out: Post[] = [];
  for (const [role, texts] of owed) {
    const holders = seats.filter((s) => s.role === role && !isBotSeat(s));
    if (!holders.length) continue;
    out.push({
      channelId: row.channelId,
      content: `🔒 **${roleName(mod, env.options, role)}**, for your eyes only:\n${texts.map((t) => `• ${t}`).join('\n')}`,
      to: { roles: [role], userIds: holders.map((h) => h.userId), names: holders.map((h) => h.userName) },
    });
  }
  return out;
}

export function resultText(mod: GameModule<any, any>, env: Envelope<any>, row: GameRow): string {
  const result = mod.result(env.game);
  if (result.status !== 'over') return '';
  const winners = result.winners.map((w) => roleName(mod, env.options, w)).join(', ');
  return [
    `🏁 **Game over.** ${result.draw ? 'Draw.' : winners ? `Winner: ${winners}.` : 'No winner.'} ${result.summary}`,
    `Scores: ${Object.entries(result.scores)
      .map(([k, v]) => `${roleName(mod, env.options, k)} ${v}`)
      .join(', ')}`,
    `Seed revealed: \`${row.seed}\` (SHA-256 published at start: \`${row.seedHash.slice(0, 16)}…\`). Check it with /game verify.`,
  ].join('\n');
}
