// A game's own slash group (/kpw, /rifle, …), derived from its subcommands.
// Options are matched against the legal-action enumeration: the one source
// of truth for autocomplete, buttons and what apply accepts.
import type { Services } from '../src/app/services.ts';
import { envOf, moduleOf } from '../src/app/session.ts';
import { RuleError } from '../src/engine/errors.ts';
import { allowedLines, syncDecisions, whyNot } from '../src/engine/runner.ts';
import { UMPIRE, type Action, type GameModule, type LegalAction, type Role, type Viewer } from '../src/engine/types.ts';
import type { GameRow } from '../src/store/store.ts';
import { activeGame, seatName } from './context.ts';
import { actionKey, decisionControls, parseButtonId, parseMorePagesId, presentAct } from './present.ts';
import { chunks, echo } from '../src/messages/text.ts';
import { privateReply, only } from '../src/messages/replies.ts';
import { promptLines, roleName } from '../src/app/prompts.ts';
import { UserError } from '../src/messages/user-error.ts';
import type { ButtonPress, Choice, Invocation, Where } from './types.ts';
import type { Command } from './table.ts';
import type { Outcome } from '../src/messages/types.ts';
import { turnTail } from './turn.ts';

/**
 * The game's declared subcommands as table entries: a player's move is for a
 * seat (the umpire's decisions are the umpire seat's), an information
 * subcommand for anyone and private; all may draw maps, so all are slow.
 * The seat check itself is the handler's: its refusal lists the seats.
 */
export function playCommand(mod: GameModule<any, any>): Command {
  const names = mod.subcommands.map((s) => s.name);
  // Legal actions name their subcommand without its group, so names stay unique across groups.
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw new Error(`/${mod.command}: subcommand "${dup}" is declared twice`);
  const groups = [...new Set(mod.subcommands.flatMap((s) => (s.group ? [s.group] : [])))];
  return {
    name: mod.command,
    description: `Play ${mod.title}`.slice(0, 100),
    subcommands: mod.subcommands.map((s) => ({
      ...(s.group ? { group: s.group } : {}),
      name: s.name,
      description: s.description,
      who: s.info ? 'anyone' : 'seat',
      // A move's public record is the turn message (issue 19 §1): the command's own answer is private.
      private: true,
      slow: 'late',
      check: checkPlay,
      run: runPlay,
      options: s.options.map((o) => {
        const type = o.type ?? 'string';
        // Strings and integers are matched against the legal list, so autocomplete offers it.
        const autocomplete = !o.freeText && (type === 'string' || type === 'integer');
        return {
          name: o.name,
          description: o.description,
          type,
          // A paragraph left out in Discord is asked for in a modal; the handler still requires it.
          required: o.required && !o.paragraph,
          ...(o.paragraph ? { paragraph: true } : {}),
          autocomplete,
          ...(o.min !== undefined ? { min: o.min } : {}),
          ...(o.max !== undefined ? { max: o.max } : {}),
        };
      }),
    })),
    // A group's description lists its subcommands: what a player scans for.
    ...(groups.length
      ? {
          groups: groups.map((g) => ({
            name: g,
            description: clipText(
              `${g[0].toUpperCase()}${g.slice(1)}: ${mod.subcommands
                .filter((s) => s.group === g)
                .map((s) => s.name)
                .join(', ')}`,
              100,
            ),
          })),
        }
      : {}),
  };
}

const clipText = (t: string, n: number) => (t.length <= n ? t : `${t.slice(0, n - 1)}…`);

/** How a player types a subcommand: "move step" when it is grouped. */
export function subPath(mod: GameModule<any, any>, sub: string): string {
  const s = mod.subcommands.find((x) => x.name === sub);
  return s?.group ? `${s.group} ${sub}` : sub;
}

// Case, accents and punctuation do not matter: "daniel-boone" is "Daniel Boone";
// a leading minus does ("-5" is not "5").
const norm = (s: string) =>
  s
    .replace(/^\s*-(?=\s*\d)/, 'minus ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9+~]+/g, ' ')
    .trim();

/** A list of names ("wa2, philip" or "philip+wa2") as one key: the order does not matter. */
const listKey = (s: string) =>
  s
    .split(/\s*[+,]\s*/)
    .map(norm)
    .filter(Boolean)
    .sort()
    .join('+');

/** The alias of a legal action's option that the user typed (an identical counter, a stack named unit by unit). */
function aliasHit(l: LegalAction, opt: string, typed: string): { value: string; action?: Action } | undefined {
  const k = listKey(typed);
  return l.aliases?.[opt]?.find((a) => listKey(a.value) === k);
}

/** Does a legal action's option value match what the user typed (id, display name, a list in any order, or an alias)? */
function matches(l: LegalAction, opt: string, typed: string): boolean {
  const t = norm(typed);
  const id = l.args[opt];
  if (id === undefined) return false;
  return norm(id) === t || norm(l.argLabels?.[opt] ?? '') === t || listKey(id) === listKey(typed) || !!aliasHit(l, opt, typed);
}

/** The action a matched legal action stands for: an alias typed (wa2 for an identical wa1) names its own. */
function chosenAction(l: LegalAction, options: Record<string, string | number | boolean>): Action {
  for (const [k, v] of Object.entries(options)) {
    const typed = String(v);
    if (norm(l.args[k] ?? '') === norm(typed) || norm(l.argLabels?.[k] ?? '') === norm(typed)) continue;
    const hit = aliasHit(l, k, typed);
    if (hit?.action) return hit.action;
  }
  return l.action;
}

/** A looser match, used only when nothing matches exactly: the typed words start words of the name ("boone", "dan boone"). */
function partlyMatches(l: LegalAction, opt: string, typed: string): boolean {
  const t = norm(typed).split(' ').filter(Boolean);
  const id = l.args[opt];
  if (id === undefined || !t.length) return false;
  return [id, l.argLabels?.[opt] ?? ''].some((name) => {
    const words = norm(name).split(' ');
    return t.every((w) => words.some((x) => x.startsWith(w)));
  });
}

/** The caller's seats in this game, or a clear refusal. */
function callerRoles(svc: Services, row: GameRow, userId: string, mod: GameModule<any, any>): Role[] {
  const roles = svc.sessions.rolesOf(row, userId, true);
  if (roles.length === 0 && svc.sessions.rolesOf(row, userId).length)
    throw notYourTurn(mod, row, svc, " Your team takes its decisions in turns, and this one is another member's.");
  if (roles.length === 0) {
    const seats = svc.store.seats(row.id);
    throw new UserError(
      `You are not a player in this game. Seats: ` +
        `${seats.map((s) => `${roleName(mod, mod.parseOptions(row.options), s.role)} — ${seatName(s)}`).join(', ')}` +
        `. Spectators can follow with /game status and /game map.`,
    );
  }
  return roles;
}

function notYourTurn(mod: GameModule<any, any>, row: GameRow, svc: Services, why = ''): UserError {
  const env = envOf(row);
  const p = promptLines(mod, env, svc.store.seats(row.id));
  return new UserError(
    `It is not your turn.${why} Waiting for:\n${p.text.replace(/<@(\w+)>/g, (_m, id) => {
      const seat = svc.store.seats(row.id).find((s) => s.userId === id);
      return seat ? seatName(seat) : `<@${id}>`;
    })}`,
  );
}

/** Pick the single legal action the options describe, or explain why not. */
export function resolveAction(
  mod: GameModule<any, any>,
  state: unknown,
  roles: Role[],
  sub: string,
  options: Record<string, string | number | boolean>,
): { role: Role; actions: Action[] } {
  const def = mod.subcommands.find((s) => s.name === sub);
  if (!def)
    throw new UserError(
      `Unknown /${mod.command} subcommand "${echo(sub)}". Try: ${mod.subcommands.map((s) => subPath(mod, s.name)).join(', ')}.`,
    );
  // Free-text subcommands need their text; matched ones may omit an option when only one choice fits.
  for (const o of def.options) {
    if (def.toActions && o.required && (options[o.name] === undefined || options[o.name] === ''))
      throw new UserError(`/${mod.command} ${subPath(mod, sub)} needs the option \`${o.name}\` (${o.description}).`);
  }
  const known = new Set(def.options.map((o) => o.name));
  for (const k of Object.keys(options))
    if (!known.has(k))
      throw new UserError(
        `/${mod.command} ${subPath(mod, sub)} has no option \`${k}\`. Options: ${def.options.map((o) => o.name).join(', ') || 'none'}.`,
      );
  const withLegal = roles.map((r) => ({ role: r, legal: mod.legal(state, r) })).filter((x) => x.legal.length > 0);
  if (!withLegal.length) return { role: roles[0], actions: [] };
  if (def.toActions) {
    const args = Object.fromEntries(Object.entries(options).map(([k, v]) => [k, String(v)]));
    const { role, legal } = withLegal[0];
    try {
      return { role, actions: def.toActions(state, role, args) };
    } catch (e) {
      // Name what is allowed when the game's own parser did not.
      if (e instanceof RuleError && !e.allowed.length) {
        const ofSub = legal.filter((l) => l.sub === sub);
        throw new RuleError(e.rule, e.message, allowedLines(ofSub.length ? ofSub : legal));
      }
      throw e;
    }
  }
  // The rules' own reason for a refusal, when the options describe an action.
  const reason = (role: Role, cands: LegalAction[]): RuleError | null => {
    const action = def.probe?.(Object.fromEntries(Object.entries(options).map(([k, v]) => [k, String(v)])));
    const why = action ? whyNot(mod, state, role, action) : null;
    return why ? new RuleError(why.rule, why.message, why.allowed.length ? why.allowed : allowedLines(cands)) : null;
  };
  for (const { role, legal } of withLegal) {
    const ofSub = legal.filter((l) => l.sub === sub);
    if (!ofSub.length) {
      const why = withLegal.length === 1 ? reason(role, legal) : null;
      if (why) throw why;
      continue;
    }
    let cands = ofSub;
    let loose = false;
    for (const [k, v] of Object.entries(options)) {
      let next = cands.filter((l) => matches(l, k, String(v)));
      if (!next.length) {
        next = cands.filter((l) => partlyMatches(l, k, String(v)));
        loose = true;
      }
      if (!next.length) {
        const why = reason(role, cands);
        if (why) throw why;
        const values = [...new Set(cands.map((l) => l.argLabels?.[k] ?? l.args[k]).filter(Boolean))];
        throw new RuleError(
          '',
          `"${echo(v)}" is not a legal \`${k}\` for /${mod.command} ${subPath(mod, sub)} now.`,
          values.length ? values.map((x) => `${k}:${x}`) : allowedLines(cands),
        );
      }
      cands = next;
    }
    if (cands.length === 1) return { role, actions: [chosenAction(cands[0], options)] };
    // Several loose matches: if the rules refuse what was typed, their reason beats "which one?".
    const why = loose ? reason(role, cands) : null;
    if (why)
      throw new RuleError(
        why.rule,
        why.message,
        cands.map((l) => l.label),
      );
    const missing = def.options.find((o) => !(o.name in options) && new Set(cands.map((l) => l.args[o.name])).size > 1);
    const choices = missing
      ? [...new Set(cands.map((l) => `${missing.name}:${l.argLabels?.[missing.name] ?? l.args[missing.name]}`))]
      : cands.map((l) => l.label);
    throw new UserError(
      `Which one? ${missing ? `Add \`${missing.name}\` (${missing.description}): ` : ''}${choices.slice(0, 15).join('; ')}`,
    );
  }
  const all = withLegal.flatMap((x) => x.legal);
  // Name the decision that is open, so an unrelated command is told what is asked instead.
  const asked = mod
    .prompts(state)
    .filter((p) => roles.includes(p.role))
    .map((p) => p.text);
  throw new RuleError(
    '',
    `/${mod.command} ${subPath(mod, sub)} is not possible now.${asked.length ? ` Asked now: ${asked.join(' ')}` : ''}`,
    [
      ...new Set(
        all.map((l) =>
          l.group
            ? `${l.group} → /${mod.command} ${subPath(mod, l.sub)}`
            : `${l.label} → /${mod.command} ${subPath(mod, l.sub)}${Object.entries(l.args)
                .map(([k, v]) => ` ${k}:${l.argLabels?.[k] ?? v}`)
                .join('')}`,
        ),
      ),
    ],
  );
}

/**
 * runPlay's refusals, pure (nothing stored): the game, the seat, the legal
 * action the options name. Info and "?" lists answer privately anyway.
 */
export function checkPlay(svc: Services, inv: Invocation): void {
  const { row, mod } = activeGame(svc, inv.where);
  if (mod.command !== inv.command) throw new UserError(`This channel's game is ${mod.title}: use /${mod.command}, not /${inv.command}.`);
  if (mod.subcommands.find((s) => s.name === inv.sub)?.info) return;
  const roles = callerRoles(svc, row, inv.caller.id, mod);
  if (Object.values(inv.options).some((v) => v === '?' || v === MORE)) return;
  const { actions } = resolveAction(mod, envOf(row).game, roles, inv.sub, inv.options);
  if (!actions.length) throw notYourTurn(mod, row, svc);
}

export async function runPlay(svc: Services, inv: Invocation, progress?: (l: string) => void): Promise<Outcome> {
  const { row, mod } = activeGame(svc, inv.where);
  if (mod.command !== inv.command) throw new UserError(`This channel's game is ${mod.title}: use /${mod.command}, not /${inv.command}.`);
  const env = envOf(row);
  const def = mod.subcommands.find((s) => s.name === inv.sub);
  if (def?.info) {
    const mine = svc.sessions.rolesOf(row, inv.caller.id);
    const viewer: Viewer = mine.includes(UMPIRE)
      ? { kind: 'umpire' }
      : mine.length
        ? { kind: 'seat', role: mine[0] }
        : { kind: 'spectator' };
    const args = Object.fromEntries(Object.entries(inv.options).map(([k, v]) => [k, String(v)]));
    const text = def.info(env.game, viewer, args);
    if (def.infoMap && mod.render) {
      progress?.('Drawing your map…');
      const png = await svc.render(mod, mod.view(env.game, viewer));
      const who = viewer.kind === 'seat' ? viewer.role : viewer.kind;
      if (png)
        return only(privateReply(text, { files: [{ name: `game${row.id}-${who}.png`, data: png, description: text.slice(0, 1000) }] }));
    }
    return only(privateReply(text));
  }
  const roles = callerRoles(svc, row, inv.caller.id, mod);
  // "?" (or the autocomplete's "… more" entry) as an option's value: list every choice, privately.
  const asked = Object.entries(inv.options).find(([, v]) => v === '?' || v === MORE);
  if (asked) {
    const choices = await autocompletePlay(
      svc,
      inv.command,
      inv.sub,
      asked[0],
      '',
      { ...inv.options, [asked[0]]: '' },
      inv.caller.id,
      inv.where,
      Infinity,
    );
    const text = choices.length
      ? `Choices for \`${asked[0]}\` now:\n${choices.map((c) => `• ${c.name}`).join('\n')}`
      : `No \`${asked[0]}\` is possible for /${mod.command} ${subPath(mod, inv.sub)} now.`;
    return { replies: chunks(text).map((c) => privateReply(c)), posts: [] };
  }
  const { role, actions } = resolveAction(mod, env.game, roles, inv.sub, inv.options);
  if (!actions.length) throw notYourTurn(mod, row, svc);
  // The state parsed above is handed over (act applies on it): not parsed twice.
  const res = svc.sessions.act(row, inv.caller.id, role, actions, undefined, env);
  return presentAct(mod, res, roles, svc.store.seats(row.id), {
    maxSnapshots: svc.maxSnapshots,
    render: svc.render,
    progress,
    ...(inv.inPlace ? { tail: turnTail(svc, { press: false }) } : {}),
  });
}

const MORE = '?more';

export async function autocompletePlay(
  svc: Services,
  command: string,
  sub: string,
  focused: string,
  partial: string,
  options: Record<string, string | number | boolean>,
  userId: string,
  where: Where,
  max = 25,
): Promise<Choice[]> {
  const row = svc.store.liveGame(where.channelId);
  if (row?.status !== 'active') return [];
  const mod = moduleOf(row);
  if (mod.command !== command) return [];
  const roles = svc.sessions.rolesOf(row, userId, true);
  const env = envOf(row);
  const p = norm(partial);
  const seen = new Map<string, string>();
  for (const r of roles) {
    for (const l of mod.legal(env.game, r)) {
      if (l.sub !== sub || l.args[focused] === undefined) continue;
      if (!Object.entries(options).every(([k, v]) => k === focused || v === '' || matches(l, k, String(v)))) continue;
      const value = l.args[focused];
      const name = l.argLabels?.[focused] ?? value;
      if (p && !norm(name).includes(p) && !norm(value).includes(p)) continue;
      if (!seen.has(value)) seen.set(value, name);
    }
  }
  const all = [...seen].map(([value, name]) => ({ name: name.slice(0, 100), value: value.slice(0, 100) }));
  if (all.length <= max) return all;
  // Discord shows 25 at most: say that more exist (picking the hint lists them all, privately).
  return [
    ...all.slice(0, max - 1),
    { name: `… ${all.length - max + 1} more: type part of a name, or pick this for the full list`, value: MORE },
  ];
}

export async function pressButton(svc: Services, press: ButtonPress, progress?: (l: string) => void): Promise<Outcome> {
  const more = parseMorePagesId(press.customId);
  if (more) return morePages(svc, press, more);
  const id = parseButtonId(press.customId);
  if (!id) return only(privateReply("❌ This button is not one of Muster's (or is from an old version). Use the slash commands instead."));
  const row = svc.store.game(id.gameId);
  if (row?.status !== 'active') return only(privateReply('⌛ This button is stale: that game is no longer running. Nothing was changed.'));
  const mod = moduleOf(row);
  const env = envOf(row);
  const roles = svc.sessions.rolesOf(row, press.caller.id, true);
  // A button stays valid while its own decision is open, whatever other seats did meanwhile.
  const open = (env.decisions ?? syncDecisions(mod, structuredClone(env))).open[id.role];
  if (!open || open.id !== id.decision) return stale(svc, row, roles, 'that decision has been taken or has passed');
  if (!roles.includes(id.role))
    return only(
      privateReply(`❌ That decision belongs to ${roleName(mod, mod.parseOptions(row.options), id.role)}, and you do not hold that seat.`),
    );
  const legal: LegalAction[] = mod.legal(env.game, id.role);
  const choice = legal.find((l) => actionKey(l.action) === id.key);
  if (!choice) return stale(svc, row, roles, 'that choice is no longer offered');
  // The list just enumerated on this row's state: act checks against it instead of enumerating again,
  // and applies on the state parsed above instead of parsing it again.
  const res = svc.sessions.act(row, press.caller.id, id.role, [choice.action], legal, env);
  const out = await presentAct(mod, res, roles, svc.store.seats(row.id), {
    maxSnapshots: svc.maxSnapshots,
    render: svc.render,
    progress,
    ...(press.inPlace ? { tail: turnTail(svc, { press: true, messageId: press.messageId }) } : {}),
  });
  return { ...out, applied: true };
}

/** Router.staleControls: a control is stale once its game stopped, its decision closed or its choice is no longer legal. */
export function staleControls(svc: Services, ids: string[]): string[] {
  const parsed = ids.map((id) => ({ id, p: parseButtonId(id) ?? parseMorePagesId(id) })).filter((x) => x.p);
  const games = new Map<
    number,
    { row: GameRow | undefined; mod?: GameModule<any, any>; env?: ReturnType<typeof envOf>; keys: Map<Role, Set<string>> }
  >();
  const out: string[] = [];
  for (const { id, p } of parsed) {
    let g = games.get(p!.gameId);
    if (!g) {
      const row = svc.store.game(p!.gameId) ?? undefined;
      g = { row, keys: new Map() };
      if (row?.status === 'active') {
        g.mod = moduleOf(row);
        g.env = envOf(row);
        g.env.decisions ??= syncDecisions(g.mod, structuredClone(g.env));
      }
      games.set(p!.gameId, g);
    }
    if (!g.env || !g.mod) {
      out.push(id);
      continue;
    }
    if (g.env.decisions!.open[p!.role]?.id !== p!.decision) {
      out.push(id);
      continue;
    }
    if (!('key' in p!)) continue;
    let keys = g.keys.get(p!.role);
    if (!keys) {
      keys = new Set(g.mod.legal(g.env.game, p!.role).map((l: LegalAction) => actionKey(l.action)));
      g.keys.set(p!.role, keys);
    }
    if (!keys.has(p!.key)) out.push(id);
  }
  return out;
}

/** A stale press: what is wrong, what is asked now, and the caller's own controls as they stand. */
function stale(svc: Services, row: GameRow, roles: Role[], why: string): Outcome {
  const mod = moduleOf(row);
  const env = envOf(row);
  const p = promptLines(mod, env, svc.store.seats(row.id));
  const fresh = decisionControls(mod, row, env, roles);
  const any = fresh.buttons.length + fresh.selects.length > 0;
  return only(
    privateReply(
      `⌛ This button is stale: ${why}. Nothing was changed.\nNow: ${withoutPings(svc, row, p.text)}${any ? '\nYour choices now:' : ''}`,
      fresh,
    ),
  );
}

/** A private answer names players without pinging them. */
function withoutPings(svc: Services, row: GameRow, text: string): string {
  const seats = svc.store.seats(row.id);
  return text.replace(/<@(\w+)>/g, (_m, id) => {
    const seat = seats.find((s) => s.userId === id);
    return seat ? seatName(seat) : `<@${id}>`;
  });
}

/** "More choices…" in a dropdown: the rest of that decision's list, privately. */
function morePages(svc: Services, press: ButtonPress, more: { gameId: number; decision: number; role: Role; start: number }): Outcome {
  const row = svc.store.game(more.gameId);
  if (row?.status !== 'active') return only(privateReply('⌛ This list is stale: that game is no longer running.'));
  const mod = moduleOf(row);
  const env = envOf(row);
  const roles = svc.sessions.rolesOf(row, press.caller.id, true);
  const open = (env.decisions ?? syncDecisions(mod, structuredClone(env))).open[more.role];
  if (!open || open.id !== more.decision) return stale(svc, row, roles, 'that decision has been taken or has passed');
  if (!roles.includes(more.role))
    return only(
      privateReply(
        `❌ That decision belongs to ${roleName(mod, mod.parseOptions(row.options), more.role)}, and you do not hold that seat.`,
      ),
    );
  const controls = decisionControls(mod, row, env, [more.role], more.start);
  return only(privateReply('More choices:', controls));
}
