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
 * The game's declared subcommands as table entries: who may use each is the
 * game's declaration (GameSubcommand.who: a player's move is for a seat, the
 * umpire's decisions for the umpire, an information subcommand for anyone);
 * all answer privately and may draw maps, so all are slow. The driver checks
 * the channel's game is this system and the caller's seat before runPlay.
 */
export function playCommand(mod: GameModule<any, any>): Command {
  const names = mod.subcommands.map((s) => s.name);
  // Legal actions name their subcommand without its group, so names stay unique across groups.
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw new Error(`/${mod.command}: subcommand "${dup}" is declared twice`);
  const groups = [...new Set(mod.subcommands.flatMap((s) => (s.group ? [s.group] : [])))];
  return {
    name: mod.command,
    system: mod.id,
    description: `Play ${mod.title}`.slice(0, 100),
    subcommands: mod.subcommands.map((subcommand) => ({
      ...(subcommand.group ? { group: subcommand.group } : {}),
      name: subcommand.name,
      description: subcommand.description,
      who: subcommand.who ?? (subcommand.info ? 'anyone' : 'seat'),
      // A move's public record is the turn message (issue 19 §1): the command's own answer is private.
      private: true,
      slow: 'late',
      check: checkPlay,
      run: runPlay,
      options: subcommand.options.map((option) => {
        const type = option.type ?? 'string';
        // Strings and integers are matched against the legal list, so autocomplete offers it.
        const autocomplete = !option.freeText && (type === 'string' || type === 'integer');
        return {
          name: option.name,
          description: option.description,
          type,
          // A paragraph left out in Discord is asked for in a modal; the handler still requires it.
          required: option.required && !option.paragraph,
          ...(option.paragraph ? { paragraph: true } : {}),
          autocomplete,
          ...(option.min !== undefined ? { min: option.min } : {}),
          ...(option.max !== undefined ? { max: option.max } : {}),
        };
      }),
    })),
    // A group's description lists its subcommands: what a player scans for.
    ...(groups.length
      ? {
          groups: groups.map((group) => ({
            name: group,
            description: clipText(
              `${group[0].toUpperCase()}${group.slice(1)}: ${mod.subcommands
                .filter((s) => s.group === group)
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
  const subcommand = mod.subcommands.find((x) => x.name === sub);
  return subcommand?.group ? `${subcommand.group} ${sub}` : sub;
}

// Case, accents and punctuation do not matter: "daniel-boone" is "Daniel Boone";
// a leading minus does ("-5" is not "5").
const norm = (text: string) =>
  text
    .replace(/^\s*-(?=\s*\d)/, 'minus ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9+~]+/g, ' ')
    .trim();

/** A list of names ("wa2, philip" or "philip+wa2") as one key: the order does not matter. */
const listKey = (text: string) =>
  text
    .split(/\s*[+,]\s*/)
    .map(norm)
    .filter(Boolean)
    .sort()
    .join('+');

/** The alias of a legal action's option that the user typed (an identical counter, a stack named unit by unit). */
function aliasHit(legalAction: LegalAction, opt: string, typed: string): { value: string; action?: Action } | undefined {
  const key = listKey(typed);
  return legalAction.aliases?.[opt]?.find((a) => listKey(a.value) === key);
}

/** Does a legal action's option value match what the user typed (id, display name, a list in any order, or an alias)? */
function matches(legalAction: LegalAction, opt: string, typed: string): boolean {
  const wanted = norm(typed);
  const id = legalAction.args[opt];
  if (id === undefined) return false;
  return (
    norm(id) === wanted ||
    norm(legalAction.argLabels?.[opt] ?? '') === wanted ||
    listKey(id) === listKey(typed) ||
    !!aliasHit(legalAction, opt, typed)
  );
}

/** The action a matched legal action stands for: an alias typed (wa2 for an identical wa1) names its own. */
function chosenAction(legalAction: LegalAction, options: Record<string, string | number | boolean>): Action {
  for (const [key, value] of Object.entries(options)) {
    const typed = String(value);
    if (norm(legalAction.args[key] ?? '') === norm(typed) || norm(legalAction.argLabels?.[key] ?? '') === norm(typed)) continue;
    const hit = aliasHit(legalAction, key, typed);
    if (hit?.action) return hit.action;
  }
  return legalAction.action;
}

/** A looser match, used only when nothing matches exactly: the typed words start words of the name ("boone", "dan boone"). */
function partlyMatches(legalAction: LegalAction, opt: string, typed: string): boolean {
  const typedWords = norm(typed).split(' ').filter(Boolean);
  const id = legalAction.args[opt];
  if (id === undefined || !typedWords.length) return false;
  return [id, legalAction.argLabels?.[opt] ?? ''].some((name) => {
    const words = norm(name).split(' ');
    return typedWords.every((w) => words.some((x) => x.startsWith(w)));
  });
}

/** The seats the caller acts for now (the driver saw they hold one); a team member out of turn is told so. */
function callerRoles(svc: Services, row: GameRow, userId: string, mod: GameModule<any, any>): Role[] {
  const roles = svc.sessions.rolesOf(row, userId, true);
  if (roles.length === 0) throw notYourTurn(mod, row, svc, " Your team takes its decisions in turns, and this one is another member's.");
  return roles;
}

function notYourTurn(mod: GameModule<any, any>, row: GameRow, svc: Services, why = ''): UserError {
  const env = envOf(row);
  const prompt = promptLines(mod, env, svc.store.seats(row.id));
  return new UserError(
    `It is not your turn.${why} Waiting for:\n${prompt.text.replace(/<@(\w+)>/g, (_m, id) => {
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
  for (const option of def.options) {
    if (def.toActions && option.required && (options[option.name] === undefined || options[option.name] === ''))
      throw new UserError(`/${mod.command} ${subPath(mod, sub)} needs the option \`${option.name}\` (${option.description}).`);
  }
  const known = new Set(def.options.map((o) => o.name));
  for (const key of Object.keys(options))
    if (!known.has(key))
      throw new UserError(
        `/${mod.command} ${subPath(mod, sub)} has no option \`${key}\`. Options: ${def.options.map((o) => o.name).join(', ') || 'none'}.`,
      );
  const withLegal = roles.map((r) => ({ role: r, legal: mod.legal(state, r) })).filter((x) => x.legal.length > 0);
  if (!withLegal.length) return { role: roles[0], actions: [] };
  if (def.toActions) {
    const args = Object.fromEntries(Object.entries(options).map(([k, v]) => [k, String(v)]));
    const { role, legal } = withLegal[0];
    try {
      return { role, actions: def.toActions(state, role, args) };
    } catch (error) {
      // Name what is allowed when the game's own parser did not.
      if (error instanceof RuleError && !error.allowed.length) {
        const ofSub = legal.filter((l) => l.sub === sub);
        throw new RuleError(error.rule, error.message, allowedLines(ofSub.length ? ofSub : legal));
      }
      throw error;
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
    for (const [key, value] of Object.entries(options)) {
      let next = cands.filter((l) => matches(l, key, String(value)));
      if (!next.length) {
        next = cands.filter((l) => partlyMatches(l, key, String(value)));
        loose = true;
      }
      if (!next.length) {
        const why = reason(role, cands);
        if (why) throw why;
        const values = [...new Set(cands.map((l) => l.argLabels?.[key] ?? l.args[key]).filter(Boolean))];
        throw new RuleError(
          '',
          `"${echo(value)}" is not a legal \`${key}\` for /${mod.command} ${subPath(mod, sub)} now.`,
          values.length ? values.map((x) => `${key}:${x}`) : allowedLines(cands),
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
    const missing = def.options.find((option) => !(option.name in options) && new Set(cands.map((l) => l.args[option.name])).size > 1);
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
        all.map((legalAction) =>
          legalAction.group
            ? `${legalAction.group} → /${mod.command} ${subPath(mod, legalAction.sub)}`
            : `${legalAction.label} → /${mod.command} ${subPath(mod, legalAction.sub)}${Object.entries(legalAction.args)
                .map(([k, v]) => ` ${k}:${legalAction.argLabels?.[k] ?? v}`)
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
  if (mod.subcommands.find((s) => s.name === inv.sub)?.info) return;
  const roles = callerRoles(svc, row, inv.caller.id, mod);
  if (Object.values(inv.options).some((v) => v === '?' || v === MORE)) return;
  const { actions } = resolveAction(mod, envOf(row).game, roles, inv.sub, inv.options);
  if (!actions.length) throw notYourTurn(mod, row, svc);
}

export async function runPlay(svc: Services, inv: Invocation, progress?: (line: string) => void): Promise<Outcome> {
  const { row, mod } = activeGame(svc, inv.where);
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
  const wanted = norm(partial);
  const seen = new Map<string, string>();
  for (const role of roles) {
    for (const legalAction of mod.legal(env.game, role)) {
      if (legalAction.sub !== sub || legalAction.args[focused] === undefined) continue;
      if (!Object.entries(options).every(([k, v]) => k === focused || v === '' || matches(legalAction, k, String(v)))) continue;
      const value = legalAction.args[focused];
      const name = legalAction.argLabels?.[focused] ?? value;
      if (wanted && !norm(name).includes(wanted) && !norm(value).includes(wanted)) continue;
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

export async function pressButton(svc: Services, press: ButtonPress, progress?: (line: string) => void): Promise<Outcome> {
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
  const parsed = ids.map((id) => ({ id, control: parseButtonId(id) ?? parseMorePagesId(id) })).filter((x) => x.control);
  const games = new Map<
    number,
    { row: GameRow | undefined; mod?: GameModule<any, any>; env?: ReturnType<typeof envOf>; keys: Map<Role, Set<string>> }
  >();
  const out: string[] = [];
  for (const { id, control } of parsed) {
    let cached = games.get(control!.gameId);
    if (!cached) {
      const row = svc.store.game(control!.gameId) ?? undefined;
      cached = { row, keys: new Map() };
      if (row?.status === 'active') {
        cached.mod = moduleOf(row);
        cached.env = envOf(row);
        cached.env.decisions ??= syncDecisions(cached.mod, structuredClone(cached.env));
      }
      games.set(control!.gameId, cached);
    }
    if (!cached.env || !cached.mod) {
      out.push(id);
      continue;
    }
    if (cached.env.decisions!.open[control!.role]?.id !== control!.decision) {
      out.push(id);
      continue;
    }
    if (!('key' in control!)) continue;
    let keys = cached.keys.get(control!.role);
    if (!keys) {
      keys = new Set(cached.mod.legal(cached.env.game, control!.role).map((l: LegalAction) => actionKey(l.action)));
      cached.keys.set(control!.role, keys);
    }
    if (!keys.has(control!.key)) out.push(id);
  }
  return out;
}

/** A stale press: what is wrong, what is asked now, and the caller's own controls as they stand. */
function stale(svc: Services, row: GameRow, roles: Role[], why: string): Outcome {
  const mod = moduleOf(row);
  const env = envOf(row);
  const prompt = promptLines(mod, env, svc.store.seats(row.id));
  const fresh = decisionControls(mod, row, env, roles);
  const any = fresh.buttons.length + fresh.selects.length > 0;
  return only(
    privateReply(
      `⌛ This button is stale: ${why}. Nothing was changed.\nNow: ${withoutPings(svc, row, prompt.text)}${any ? '\nYour choices now:' : ''}`,
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
