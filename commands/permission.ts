// Who may use a subcommand: the kinds of caller a declaration names, the parts
// of a subcommand only moderators may use, the driver's one decision and the
// refusal derived from the declaration. commands/table.ts asks `refusalOf`
// before every handler, so no handler checks a permission of its own.
import type { Services } from '../src/app/services.ts';
import { moduleOf } from '../src/app/session.ts';
import { roleName } from '../src/app/prompts.ts';
import { UMPIRE } from '../src/engine/types.ts';
import type { GameRow, Seat } from '../src/store/store.ts';
import { isModerator, liveGame, MODERATOR_NOTE, seatName } from './context.ts';
import { slashPath } from './options.ts';
import { matchNamed, matchPlayerNames, type NamedMatch } from './tournament-match.ts';
import { matchName } from '../src/tournament/results.ts';
import type { Invocation } from './types.ts';

/**
 * Who may use a subcommand. The `match-…` kinds are about the tournament match
 * the subcommand's `match:` option names, which the driver resolves (a wrong
 * name: the usual "no such match" refusal); every other kind but `anyone`,
 * `moderator` and `organiser` is about the channel's game, which the driver
 * resolves too (no game there: the usual "no game here" refusal).
 */
export type Who =
  /** Every member. */
  | 'anyone'
  /** Every member for themselves; naming another member in `user:` is a moderator's (signing up, seating someone). */
  | 'self-or-moderator'
  /** A player: holds a side in the channel's game (the umpire's seat is not a side). */
  | 'seat'
  /** The channel's game's umpire. */
  | 'umpire'
  /** A player of the channel's game, or a moderator (undo, repost). */
  | 'seat-or-moderator'
  /** The member who opened the channel's game, or a moderator. */
  | 'creator-or-moderator'
  /** One of the two players of the tournament match `match:` names (bid, confirm, dispute). */
  | 'match-player'
  /** A player of the match `match:` names, or a moderator (recording its result). */
  | 'match-player-or-moderator'
  /** A moderator (Manage Server, or the server's moderator role). */
  | 'moderator'
  /** A tournament's organiser: today any moderator. */
  | 'organiser';

/** Every kind, in the order /game help lists them. */
export const WHO_KINDS: readonly Who[] = [
  'anyone',
  'self-or-moderator',
  'seat',
  'umpire',
  'seat-or-moderator',
  'creator-or-moderator',
  'match-player',
  'match-player-or-moderator',
  'moderator',
  'organiser',
];

/** A call as the driver sees it, each part resolved once and only when a permission needs it. */
export interface Call {
  inv: Invocation;
  /** The caller is a moderator here. */
  moderator(): boolean;
  /** The channel's live game; throws the "no game here" refusal. */
  game(): GameRow;
  /** The seats of that game. */
  seats(): Seat[];
  /** The tournament match the `match:` option names; throws the "no such match" refusal. */
  match(): NamedMatch;
  /** That match's players by name. */
  matchPlayers(): string[];
}

/** A part of a subcommand only moderators may use: acting for another member, a game in play, several steps back. */
export interface ModeratorPart {
  /** Does this call use that part? */
  when: (call: Call) => boolean;
  /** What the part does, as its refusal says it: "roll back several actions" (given the call: naming the side held). */
  what: string | ((call: Call) => string);
}

/** What the decision reads of a declaration. */
export interface Guarded {
  name: string;
  group?: string;
  description: string;
  shownIn?: string;
  who: Who;
  /** Parts of the subcommand only moderators may use, checked before `who`. */
  moderatorParts?: ModeratorPart[];
}

export function callOf(svc: Services, inv: Invocation): Call {
  const once = <T>(get: () => T) => {
    let done: { value: T } | null = null;
    return () => (done ??= { value: get() }).value;
  };
  const game = once(() => liveGame(svc, inv.where));
  const match = once(() => matchNamed(svc, inv));
  return {
    inv,
    moderator: once(() => isModerator(svc, inv.caller, inv.where)),
    game,
    seats: once(() => svc.store.seats(game().id)),
    match,
    matchPlayers: once(() => matchPlayerNames(svc, match())),
  };
}

/** The sides the caller holds in the channel's game (not the umpire's seat). */
const sidesHeld = (call: Call) => call.seats().filter((s) => s.userId === call.inv.caller.id && s.role !== UMPIRE);
const isUmpire = (call: Call) => call.seats().some((s) => s.userId === call.inv.caller.id && s.role === UMPIRE);
const isCreator = (call: Call) => call.game().createdBy === call.inv.caller.id;
const playsMatch = (call: Call) => {
  const { match } = call.match();
  return call.inv.caller.id === match.a || call.inv.caller.id === match.b;
};

/** Does the caller fit the kind? (Parts are checked apart.) */
export function fits(who: Who, call: Call): boolean {
  switch (who) {
    case 'anyone':
    case 'self-or-moderator':
      return true;
    case 'seat':
      return sidesHeld(call).length > 0;
    case 'umpire':
      return isUmpire(call);
    case 'seat-or-moderator':
      // The game is resolved first: a game-less channel is told so, moderators too.
      return sidesHeld(call).length > 0 || call.moderator();
    case 'creator-or-moderator':
      return isCreator(call) || call.moderator();
    case 'match-player':
      return playsMatch(call);
    case 'match-player-or-moderator':
      // The match is resolved first, as the game is for seat-or-moderator.
      return playsMatch(call) || call.moderator();
    case 'moderator':
    case 'organiser':
      return call.moderator();
  }
}

/** `user:` names a member other than the caller. */
export const namesAnotherMember = (call: Call): boolean => {
  const user = call.inv.options.user;
  return user !== undefined && String(user).trim() !== '' && String(user) !== call.inv.caller.id;
};
/** The channel's game has started. */
export const inPlay = (call: Call): boolean => call.game().status !== 'lobby';
/** An integer option above a bound ("count:2"). */
export const optionAbove =
  (name: string, bound: number) =>
  (call: Call): boolean =>
    Number(call.inv.options[name]) > bound;
/** An option given this value, in any case ("side:Umpire"). */
export const optionIs =
  (name: string, value: string) =>
  (call: Call): boolean =>
    String(call.inv.options[name] ?? '')
      .trim()
      .toLowerCase() === value;

/** The declared parts, with the one `self-or-moderator` implies. */
export function partsOf(command: { name: string }, sub: Guarded): ModeratorPart[] {
  const forOthers: ModeratorPart[] =
    sub.who === 'self-or-moderator'
      ? [{ when: namesAnotherMember, what: `use \`${slashPath(command, sub)}\` for another member (\`user:\`)` }]
      : [];
  return [...forOthers, ...(sub.moderatorParts ?? [])];
}

/** The driver's decision: null when the caller may make this call, else the refusal (derived from the declaration). */
export function refusalOf(command: { name: string }, sub: Guarded, call: Call): string | null {
  const part = partsOf(command, sub).find((p) => p.when(call));
  if (part && !call.moderator())
    return `Only a moderator may ${typeof part.what === 'string' ? part.what : part.what(call)}. ${MODERATOR_NOTE}`;
  return fits(sub.who, call) ? null : refusalText(command, sub, call);
}

const WHO_TEXT: Record<Who, string> = {
  anyone: 'anyone',
  'self-or-moderator': 'anyone',
  seat: 'a player of this game',
  umpire: "this game's umpire",
  'seat-or-moderator': 'a player of this game, or a moderator,',
  'creator-or-moderator': 'the player who created this game, or a moderator,',
  'match-player': 'the players of this match',
  'match-player-or-moderator': 'the players of this match, or a moderator,',
  moderator: 'a moderator',
  organiser: "a moderator (the tournament's organiser)",
};

/** Short, for /game help's list. */
export const WHO_SHORT: Record<Who, string> = {
  anyone: 'anyone',
  'self-or-moderator': 'anyone; moderators for another member',
  seat: 'players',
  umpire: 'the umpire',
  'seat-or-moderator': 'players and moderators',
  'creator-or-moderator': "the game's creator and moderators",
  'match-player': "the match's players",
  'match-player-or-moderator': "the match's players and moderators",
  moderator: 'moderators',
  organiser: 'organisers (moderators)',
};

/**
 * The refusal a caller gets who is not `who` the subcommand declares; given
 * the call, it also names who is: the players by side, the umpire, or the
 * match's players.
 */
export function refusalText(command: { name: string }, sub: Guarded, call?: Call): string {
  const base = `Only ${WHO_TEXT[sub.who]} may use \`${slashPath(command, sub)}\`: ${lowerFirst(stripAudience(sub.description))}.`;
  const moderators = sub.who === 'moderator' || sub.who === 'organiser' || sub.who.endsWith('-or-moderator');
  return [base, call ? whoIs(sub.who, call) : '', moderators ? MODERATOR_NOTE : ''].filter(Boolean).join(' ');
}

/** Who holds what the refusal asks for, in the channel's game. */
function whoIs(who: Who, call: Call): string {
  if (who === 'match-player' || who === 'match-player-or-moderator') {
    const { match, tournament } = call.match();
    return `${matchName(match)} of **${tournament.name}**: ${call.matchPlayers().join(' against ')}.`;
  }
  if (who !== 'seat' && who !== 'umpire' && who !== 'seat-or-moderator') return '';
  const row = call.game();
  const mod = moduleOf(row);
  const options = mod.parseOptions(row.options);
  const seats = call.seats();
  if (who === 'umpire') {
    const umpire = seats.find((s) => s.role === UMPIRE);
    if (umpire) return `The umpire: ${seatName(umpire)}.`;
    return mod.umpire?.required?.(options)
      ? "Nobody holds the umpire's seat yet: a moderator appoints one with `/game join side:umpire user:<member>`."
      : "Nobody holds the umpire's seat: the engine umpires this game.";
  }
  const sides = mod
    .roles(options)
    .map((role) => {
      const held = seats.filter((s) => s.role === role.id);
      return `${roleName(mod, options, role.id)} — ${held.map(seatName).join(', ') || 'open'}`;
    })
    .join(', ');
  const then =
    row.status === 'lobby' ? 'Take an open side with `/game join side:<side>`.' : 'Spectators can follow with /game status and /game map.';
  return `Players: ${sides}. ${then}`;
}

// "Moderators: record a result by hand" → "record a result by hand"; the audience is said by the refusal itself.
const stripAudience = (text: string) => text.replace(/^(Moderators|Umpire):\s*/, '');
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
