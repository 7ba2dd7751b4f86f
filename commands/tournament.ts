// The /tournament group: moderators create, start and correct; players sign
// up, check in and drop; anyone views pairings and standings. The rules of
// running one live in src/tournament/service.ts.
import type { Services } from '../src/app/services.ts';
import { getGame, allGames } from '../src/games/registry.ts';
import type { Tournament, Format, Match, Outcome as MatchOutcome } from '../src/tournament/repo.ts';
import { pairRound, startTournament } from '../src/tournament/service.ts';
import { repoOf } from '../src/tournament/repo.ts';
import { matchName, sidesOf } from '../src/tournament/results.ts';
import { FORMAT_NAMES, hubPost, matchState, pageButtons, placementTable, standingsImage, standingsPage } from '../src/tournament/hub.ts';
import { clockText } from '../src/tournament/clock-text.ts';
import { confirmResult, disputeResult, reportResult } from '../src/tournament/reports.ts';
import { correctResult, type CorrectedVp } from '../src/tournament/corrections.ts';
import { settleBidsIfReady } from '../src/tournament/bids.ts';
import { bool, int, isModerator, parseKeyValues, requireModerator, str } from './context.ts';
import { chunks, echo } from '../src/messages/text.ts';
import { only, privateReply, publicReply } from '../src/messages/replies.ts';
import { UserError } from '../src/messages/user-error.ts';
import type { ButtonPress, Invocation } from './types.ts';
import type { Command } from './table.ts';
import type { Outcome, Post } from '../src/messages/types.ts';

const FORMATS: { name: string; value: Format }[] = (Object.keys(FORMAT_NAMES) as Format[]).map((value) => ({
  name: FORMAT_NAMES[value],
  value,
}));
const OUTCOMES = [
  { name: 'First side wins', value: 'a' },
  { name: 'Second side wins', value: 'b' },
  { name: 'Draw', value: 'draw' },
  { name: 'Nobody scores', value: 'none' },
];
/** The organiser's result also records forfeits (no game played: not rated, a virtual opponent in the tie-breaks). */
const RESULT_OUTCOMES = [
  ...OUTCOMES,
  { name: 'First side wins by forfeit', value: 'forfeit-a' },
  { name: 'Second side wins by forfeit', value: 'forfeit-b' },
  { name: 'Double forfeit (neither played)', value: 'forfeit-both' },
];

const winnerOpt = { name: 'winner', description: "Or the winner's name (instead of outcome)", type: 'string' as const, required: false };

/**
 * The outcome: `outcome` (a, b, draw, none …) or the winner's name; refused
 * clearly when missing (the offline table does not enforce required options).
 */
function outcomeOption(
  svc: Services,
  match: Match,
  options: Record<string, string | number | boolean>,
  allowed: { value: string }[],
): string {
  const winner = str(options, 'winner')?.replace(/^@/, '').toLowerCase();
  if (winner) {
    const names = new Map(
      repoOf(svc)
        .entrants(match.tournamentId)
        .map((e) => [e.userId, e.userName.toLowerCase()]),
    );
    const side = [match.a, match.b].findIndex((p) => p !== null && (names.get(p) === winner || p.toLowerCase() === winner));
    if (side < 0)
      throw new UserError(`${echo(str(options, 'winner')!, 40)} does not play in ${matchName(match)}: name one of its two players.`);
    return side === 0 ? 'a' : 'b';
  }
  const value = str(options, 'outcome');
  const values = allowed.map((c) => c.value);
  if (!value || !values.includes(value))
    throw new UserError(`Give the result with outcome: one of ${values.join(', ')}.${value ? ` '${echo(value, 40)}' is not one.` : ''}`);
  return value;
}
const matchOpt = (what: string) => ({
  name: 'match',
  description: `Match by round and table, e.g. R3T2 (from /tournament pairings), or its number ${what}`,
  type: 'string' as const,
  required: true,
});

const tid = {
  name: 'id',
  description: "Tournament number (default: this server's current one)",
  type: 'integer' as const,
  required: false,
  min: 1,
};
const user = (what: string) => ({
  name: 'user',
  description: `Moderators: ${what} this member instead of yourself`,
  type: 'user' as const,
  required: false,
});
const reason = (required: boolean) => ({ name: 'reason', description: "Why, for the organiser's log", type: 'string' as const, required });

/** A correction's final VP: "12-10" (first side, second side), or "none" (VP did not decide the game). */
export function parseVp(value: string | undefined): CorrectedVp | undefined {
  if (value === undefined) return undefined;
  if (value.trim().toLowerCase() === 'none') return 'none';
  const found = /^\s*(\d+(?:\.\d+)?)\s*[-–:]\s*(\d+(?:\.\d+)?)\s*$/.exec(value);
  if (!found) throw new UserError(`\`vp\` is the final VP of the first and second sides, like 12-10, or none; not "${echo(value)}".`);
  return [Number(found[1]), Number(found[2])];
}

export function tournamentCommand(): Command {
  const systems = allGames().map((g) => ({ name: g.title, value: g.id }));
  return {
    name: 'tournament',
    description: 'Tournaments: sign up, pairings, standings',
    subcommands: [
      {
        name: 'create',
        who: 'organiser',
        run: create,
        description: 'Moderators: open a tournament for sign-up',
        options: [
          { name: 'name', description: 'Its name', type: 'string', required: true },
          { name: 'system', description: 'Which game', type: 'string', required: true, choices: systems },
          {
            name: 'format',
            description: 'Swiss, round robin, single or double elimination, Swiss then a top cut',
            type: 'string',
            required: true,
            choices: FORMATS,
          },
          { name: 'rounds', description: 'Swiss: number of rounds (default 5)', type: 'integer', required: false, min: 1, max: 30 },
          {
            name: 'cut',
            description: 'Swiss then top cut: how many go through (default 4)',
            type: 'integer',
            required: false,
            min: 2,
            max: 64,
          },
          { name: 'options', description: 'Game options as key=value pairs', type: 'string', required: false },
          {
            name: 'clock',
            description: 'Hours per decision; running out forfeits the game',
            type: 'integer',
            required: false,
            min: 1,
            max: 24 * 60,
          },
          {
            name: 'bonus',
            description: 'Time bank: hours added per decision made (the clock is then the starting bank)',
            type: 'integer',
            required: false,
            min: 0,
            max: 24 * 30,
          },
          {
            name: 'cap',
            description: 'Time bank: the most hours a seat can hold',
            type: 'integer',
            required: false,
            min: 1,
            max: 24 * 120,
          },
          {
            name: 'round_hours',
            description: 'Pair each round this many hours after the last (default: as soon as it is finished)',
            type: 'integer',
            required: false,
            min: 1,
            max: 24 * 60,
          },
          { name: 'bidding', description: 'Players bid VP for their side before each game', type: 'boolean', required: false },
          {
            name: 'threads_in',
            description: 'Channel (text or forum) for the match threads, e.g. #matches (default: this one)',
            type: 'string',
            required: false,
          },
        ],
      },
      { name: 'signup', who: 'anyone', run: signupOrCheckin, description: 'Enter the tournament', options: [tid, user('sign up')] },
      {
        name: 'checkin',
        who: 'anyone',
        run: signupOrCheckin,
        description: 'Confirm you will play (only checked-in players are paired)',
        options: [tid, user('check in')],
      },
      {
        name: 'drop',
        who: 'anyone',
        slow: 'at-once',
        run: dropOut,
        description: 'Leave the tournament (a game in progress is forfeited)',
        options: [tid, user('drop'), reason(false)],
      },
      {
        name: 'reinstate',
        who: 'organiser',
        run: reinstate,
        description: 'Moderators: bring a dropped player back from the next round',
        options: [{ ...user('reinstate'), required: true }, reason(true), tid],
      },
      {
        name: 'start',
        who: 'organiser',
        slow: 'at-once',
        run: start,
        description: 'Moderators: close sign-up, seed by rating and pair round 1',
        options: [tid],
      },
      {
        name: 'pairings',
        who: 'anyone',
        private: true,
        run: pairings,
        description: "A round's pairings and results",
        options: [tid, { name: 'round', description: 'Round (default: the current one)', type: 'integer', required: false, min: 1 }],
      },
      {
        name: 'standings',
        who: 'anyone',
        slow: 'late',
        run: standings,
        description: 'Standings with tie-breaks, as a table and an image',
        options: [tid, { name: 'page', description: 'Page (20 players a page)', type: 'integer', required: false, min: 1 }],
      },
      {
        name: 'result',
        who: 'organiser',
        slow: 'at-once',
        run: correct,
        description: 'Moderators: set or correct a match result at once (knockouts re-pair later rounds)',
        options: [
          matchOpt(''),
          reason(true),
          {
            name: 'outcome',
            description: 'Who won the game, or a forfeit (a side bid then applies as to a played result)',
            type: 'string',
            required: false,
            choices: RESULT_OUTCOMES,
          },
          winnerOpt,
          {
            name: 'vp',
            description: "Final VP before any bid, first side-second side (e.g. 12-10), or 'none' if VP did not decide it",
            type: 'string',
            required: false,
          },
        ],
      },
      {
        name: 'report',
        who: 'anyone',
        slow: 'late',
        run: report,
        description: 'Record a match result for both players to confirm (moderators, or a player of the match)',
        options: [
          matchOpt(''),
          reason(true),
          { name: 'outcome', description: 'Who won (or give winner)', type: 'string', required: false, choices: OUTCOMES },
          winnerOpt,
        ],
      },
      {
        name: 'confirm',
        who: 'anyone',
        private: true,
        slow: 'late',
        run: confirm,
        description: 'Confirm the result recorded for your match',
        options: [matchOpt('')],
      },
      {
        name: 'dispute',
        who: 'anyone',
        private: true,
        run: dispute,
        description: 'Dispute the result recorded for your match',
        options: [matchOpt(''), reason(true)],
      },
      {
        name: 'bid',
        who: 'anyone',
        private: true,
        slow: 'late',
        run: bid,
        description: 'Side bidding: the side you want and the VP you give for it (secret until both bids are in)',
        options: [
          matchOpt('(your match)'),
          { name: 'side', description: "The side you want, or 'any'", type: 'string', required: true },
          { name: 'vp', description: 'VP you give the opponent for that side', type: 'integer', required: true, min: 0, max: 1000 },
        ],
      },
      {
        name: 'pair',
        who: 'organiser',
        slow: 'at-once',
        run: manualPair,
        description: 'Moderators: pair two players by hand in the current round (before either game has a move)',
        options: [
          { name: 'user', description: 'First player (first side)', type: 'user', required: true },
          { name: 'opponent', description: 'Second player (second side)', type: 'user', required: true },
          reason(true),
        ],
      },
      {
        name: 'log',
        who: 'anyone',
        private: true,
        run: organiserLog,
        description: "The organiser's log: manual pairings, corrections, reinstatements",
        options: [tid],
      },
    ],
  };
}

function find(svc: Services, inv: Invocation): Tournament {
  const repo = repoOf(svc);
  const id = int(inv.options, 'id', 1, Number.MAX_SAFE_INTEGER);
  const tournament = id ? repo.get(id) : repo.current(inv.where.guildId);
  if (!tournament || tournament.guildId !== inv.where.guildId)
    throw new UserError(
      id
        ? `There is no tournament #${id} on this server.`
        : 'There is no tournament on this server yet. A moderator opens one with /tournament create.',
    );
  return tournament;
}

/** The member acted on: `user:` (moderators only, unless it is the caller) or the caller. */
function target(svc: Services, inv: Invocation, what: string): { id: string; name: string } {
  const u = str(inv.options, 'user');
  if (!u || u === inv.caller.id) return { id: inv.caller.id, name: inv.caller.name };
  requireModerator(svc, inv.caller, inv.where, what);
  return { id: u, name: echo(inv.names?.user ?? u, 100) };
}

function tournamentOf(svc: Services, guildId: string | null, id: number): Tournament {
  const tournament = repoOf(svc).get(id);
  if (!tournament || tournament.guildId !== guildId) throw new UserError(`There is no tournament #${id} on this server.`);
  return tournament;
}

/** A match named by round and table ("R3T2", "R3 · T2") in the server's tournament, or by its number. */
function matchOf(svc: Services, inv: Invocation): { m: Match; t: Tournament } {
  const repo = repoOf(svc);
  const given = str(inv.options, 'match') ?? '';
  const named = /^r\s*(\d+)\s*[·.\-/,:]?\s*t\s*(\d+)$/i.exec(given.trim());
  if (!named && !/^\d+$/.test(given.trim()))
    throw new UserError(
      `'${echo(given, 40)}' is not a match: give its round and table (e.g. R3T2) or its number (see /tournament pairings).`,
    );
  const match = named
    ? repo.matches(find(svc, inv).id, Number(named[1])).find((x) => x.board === Number(named[2]))
    : repo.match(Number(given));
  const tournament = match && repo.get(match.tournamentId);
  if (!match || !tournament || tournament.guildId !== inv.where.guildId)
    throw new UserError('There is no such match on this server (see /tournament pairings).');
  return { m: match, t: tournament };
}

const hubOf = (t: Tournament): Post => hubPost(t.id, t.channelId);

/** `<#123>` or a bare id → the channel id; anything else is refused. */
function channelArg(value: string | undefined): string | null {
  if (!value) return null;
  const found = /^<#(\d+)>$/.exec(value.trim()) ?? /^#?([\w/.-]+)$/.exec(value.trim());
  if (!found) throw new UserError(`"${echo(value)}" is not a channel: pick one with #.`);
  return found[1];
}

function signup(svc: Services, tournament: Tournament, who: { id: string; name: string }, checkIn: boolean): Outcome {
  const repo = repoOf(svc);
  if (tournament.status !== 'signup') throw new UserError(`Tournament #${tournament.id} has already started; entries are closed.`);
  const was = repo.entrant(tournament.id, who.id);
  if (!checkIn) {
    repo.addEntrant(tournament.id, who.id, who.name);
    return {
      replies: [
        publicReply(
          `✍️ <@${who.id}> signed up for **${tournament.name}** (${repo.entrants(tournament.id).length} so far). ` +
            'Check in with /tournament checkin (or the button) before it starts.',
        ),
      ],
      posts: [hubOf(tournament)],
    };
  }
  // The check-in button signs up whoever has not yet.
  if (!was) repo.addEntrant(tournament.id, who.id, who.name);
  repo.setEntrant(tournament.id, who.id, { checkedIn: true });
  return {
    replies: [
      publicReply(
        `✅ <@${who.id}> checked in for **${tournament.name}** (${repo.entrants(tournament.id).filter((e) => e.checkedIn).length} checked in).`,
      ),
    ],
    posts: [hubOf(tournament)],
  };
}

function standingsReply(svc: Services, tournament: Tournament, page: number, ephemeral: boolean, withImage: boolean): Outcome {
  const { embed, pages, page: p } = standingsPage(svc, tournament, page);
  const reply = (ephemeral ? privateReply : publicReply)(`🏆 **${tournament.name}** standings (page ${p} of ${pages}):`, {
    embed,
    buttons: pageButtons(tournament.id, p, pages),
    ...(withImage && !placementTable(tournament) ? { files: [standingsImage(svc, tournament)] } : {}),
  });
  return only(reply);
}

/** /tournament create. */
function create(svc: Services, inv: Invocation): Outcome {
  const o = inv.options;
  const repo = repoOf(svc);
  const system = str(o, 'system') ?? '';
  const mod = getGame(system);
  if (!mod) throw new UserError(`Unknown game "${echo(system)}".`);
  const options = parseKeyValues(str(o, 'options'));
  mod.parseOptions(options);
  try {
    sidesOf(system, options);
  } catch (error) {
    throw new UserError((error as Error).message);
  }
  if ((str(o, 'bonus') !== undefined || str(o, 'cap') !== undefined) && str(o, 'clock') === undefined)
    throw new UserError('A time bank (bonus:, cap:) needs clock: too, the hours each seat starts with.');
  const format = str(o, 'format') as Format;
  if (!FORMATS.some((f) => f.value === format))
    throw new UserError(`Unknown format "${echo(format)}": ${FORMATS.map((f) => f.value).join(', ')}.`);
  if (inv.where.parentId && !str(o, 'threads_in'))
    throw new UserError(
      'Match threads cannot open inside a thread: create the tournament in a text channel, or name one with `threads_in:`.',
    );
  const tournament = repo.create({
    guildId: inv.where.guildId,
    channelId: inv.where.channelId,
    name: echo(str(o, 'name') ?? 'Tournament', 100),
    system,
    options,
    format,
    rounds: int(o, 'rounds', 1, 30) ?? 5,
    clockHours: int(o, 'clock', 1, 24 * 60) ?? null,
    createdBy: inv.caller.id,
    cut: format === 'swisscut' ? (int(o, 'cut', 2, 64) ?? 4) : 0,
    bidding: bool(o, 'bidding') === true,
    matchParent: channelArg(str(o, 'threads_in')),
    bonusHours: int(o, 'bonus', 0, 24 * 30) ?? null,
    capHours: int(o, 'cap', 1, 24 * 120) ?? null,
    roundHours: int(o, 'round_hours', 1, 24 * 60) ?? null,
  });
  const spec = [
    mod.title,
    FORMATS.find((f) => f.value === format)!.name,
    format === 'swiss' || format === 'swisscut' ? `${tournament.rounds} rounds` : null,
    format === 'swisscut' ? `top ${tournament.cut}` : null,
    tournament.clockHours ? `${clockText(tournament)}, or forfeit` : null,
    tournament.roundHours ? `a round every ${tournament.roundHours} h` : null,
    tournament.bidding ? 'side bidding in VP' : null,
  ]
    .filter(Boolean)
    .join(', ');
  return {
    replies: [
      publicReply(
        `🏁 Tournament #${tournament.id} **${tournament.name}** (${spec}) is open: /tournament signup, then ` +
          '/tournament checkin before it starts (or the buttons on the hub below).',
      ),
    ],
    posts: [hubOf(tournament)],
  };
}

/** /tournament signup and checkin. */
function signupOrCheckin(svc: Services, inv: Invocation): Outcome {
  const repo = repoOf(svc);
  const tournament = find(svc, inv);
  const who = target(svc, inv, `${inv.sub === 'signup' ? 'sign up' : 'check in'} another member`);
  if (inv.sub === 'checkin' && !repo.entrant(tournament.id, who.id))
    throw new UserError(`<@${who.id}> has not signed up for **${tournament.name}**: /tournament signup first.`);
  return signup(svc, tournament, who, inv.sub === 'checkin');
}

/** /tournament drop. */
function dropOut(svc: Services, inv: Invocation): Outcome {
  const options = inv.options;
  const tournament = find(svc, inv);
  const who = target(svc, inv, 'drop another member');
  return drop(svc, tournament, who, inv.caller.id, str(options, 'reason') ?? 'dropped');
}

/** /tournament reinstate. */
function reinstate(svc: Services, inv: Invocation): Outcome {
  const options = inv.options;
  const repo = repoOf(svc);
  const tournament = find(svc, inv);
  const who = target(svc, inv, 'reinstate a player');
  const entrant = repo.entrant(tournament.id, who.id);
  if (!entrant?.dropped) throw new UserError(`<@${who.id}> has not dropped out of **${tournament.name}**.`);
  if (tournament.status === 'finished') throw new UserError(`**${tournament.name}** has finished; there is no round left to come back to.`);
  if (
    tournament.format !== 'swiss' &&
    tournament.format !== 'roundrobin' &&
    !(tournament.format === 'swisscut' && tournament.round < tournament.rounds)
  )
    throw new UserError(
      `A player knocked out of **${tournament.name}**'s bracket cannot come back: ` +
        'reinstating works in a Swiss or round robin (or a Swiss before its cut).',
    );
  repo.setEntrant(tournament.id, who.id, { dropped: false });
  repo.log(tournament.id, inv.caller.id, `reinstate ${who.id}`, str(options, 'reason')!);
  return { replies: [publicReply(`↩️ <@${who.id}> is back in **${tournament.name}** from the next round.`)], posts: [hubOf(tournament)] };
}

/** /tournament start. */
function start(svc: Services, inv: Invocation): Outcome {
  const repo = repoOf(svc);
  const tournament = find(svc, inv);
  if (tournament.status !== 'signup') throw new UserError(`Tournament #${tournament.id} has already started.`);
  const ready = repo.entrants(tournament.id).filter((e) => e.checkedIn && !e.dropped);
  if (ready.length < 2) throw new UserError(`Only ${ready.length} player(s) checked in; a tournament needs two.`);
  const posts = startTournament(svc, tournament);
  return { replies: [publicReply(`🏁 **${tournament.name}** starts with ${ready.length} players, seeded by rating.`)], posts };
}

/** /tournament pairings. */
function pairings(svc: Services, inv: Invocation): Outcome {
  const options = inv.options;
  const repo = repoOf(svc);
  const tournament = find(svc, inv);
  const round = int(options, 'round', 1, 1000) ?? tournament.round;
  const names = new Map(repo.entrants(tournament.id).map((e) => [e.userId, e.userName]));
  const ms = repo.matches(tournament.id, round);
  if (!ms.length) return only(privateReply(`No pairings for round ${round} of **${tournament.name}** yet.`));
  const lines = ms.map((match) => {
    const row = match.gameId ? svc.store.game(match.gameId) : null;
    const where = row && !row.channelId.includes(':') ? ` <#${row.channelId}>` : row ? ` #${row.channelId}` : '';
    const players = `${names.get(match.a)}${match.b ? ` v ${names.get(match.b)}` : ''}`;
    return `Match ${match.id} · table ${match.board}: ${players} — ${matchState(svc, repo, match)}${match.gameId ? ` · game #${match.gameId}${where}` : ''}`;
  });
  return { replies: chunks(`📋 **${tournament.name}**, round ${round}:\n${lines.join('\n')}`).map((c) => privateReply(c)), posts: [] };
}

/** /tournament standings. */
function standings(svc: Services, inv: Invocation): Outcome {
  const options = inv.options;
  const tournament = find(svc, inv);
  return standingsReply(svc, tournament, int(options, 'page', 1, 10_000) ?? 1, false, true);
}

/** /tournament result. */
function correct(svc: Services, inv: Invocation): Outcome {
  const options = inv.options;
  const { m: match, t: tournament } = matchOf(svc, inv);
  if (!match.b) throw new UserError('That match is a bye; there is no result to correct.');
  const named = outcomeOption(svc, match, options, RESULT_OUTCOMES);
  const forfeit = named.startsWith('forfeit-');
  const outcome = (forfeit ? { 'forfeit-a': 'a', 'forfeit-b': 'b', 'forfeit-both': 'none' }[named] : named) as MatchOutcome;
  const reply = correctResult(
    svc,
    tournament,
    match,
    outcome,
    inv.caller.id,
    str(options, 'reason')!,
    parseVp(str(options, 'vp')),
    forfeit,
  );
  return { replies: [publicReply(reply.text)], posts: reply.posts };
}

/** /tournament report. */
function report(svc: Services, inv: Invocation): Outcome {
  const options = inv.options;
  const { m: match, t: tournament } = matchOf(svc, inv);
  const reply = reportResult(
    svc,
    tournament,
    match,
    outcomeOption(svc, match, options, OUTCOMES) as MatchOutcome,
    inv.caller.id,
    isModerator(svc, inv.caller, inv.where),
    echo(str(options, 'reason'), 300),
  );
  return { replies: [publicReply(reply.text)], posts: reply.posts };
}

/** /tournament confirm. */
function confirm(svc: Services, inv: Invocation): Outcome {
  const { m: match, t: tournament } = matchOf(svc, inv);
  const reply = confirmResult(svc, tournament, match, inv.caller.id);
  return { replies: [privateReply(reply.text)], posts: reply.posts };
}

/** /tournament dispute. */
function dispute(svc: Services, inv: Invocation): Outcome {
  const options = inv.options;
  const { m: match, t: tournament } = matchOf(svc, inv);
  const reply = disputeResult(svc, tournament, match, inv.caller.id, echo(str(options, 'reason'), 300));
  return { replies: [privateReply(reply.text)], posts: reply.posts };
}

/** /tournament log. */
function organiserLog(svc: Services, inv: Invocation): Outcome {
  const repo = repoOf(svc);
  const tournament = find(svc, inv);
  const lines = repo.logOf(tournament.id).map((l) => `${new Date(l.at).toISOString()} <@${l.by}>: ${l.what} — ${echo(l.reason)}`);
  return {
    replies: chunks(
      lines.length ? `📜 **${tournament.name}** organiser's log:\n${lines.join('\n')}` : `Nothing in **${tournament.name}**'s log yet.`,
    ).map((c) => privateReply(c)),
    posts: [],
  };
}

function drop(svc: Services, tournament: Tournament, who: { id: string; name: string }, by: string, reason: string): Outcome {
  const repo = repoOf(svc);
  const entrant = repo.entrant(tournament.id, who.id);
  if (!entrant || entrant.dropped) throw new UserError(`<@${who.id}> is not playing in **${tournament.name}**.`);
  if (tournament.status === 'signup') {
    repo.removeEntrant(tournament.id, who.id);
    return { replies: [publicReply(`<@${who.id}> withdrew from **${tournament.name}**.`)], posts: [hubOf(tournament)] };
  }
  repo.setEntrant(tournament.id, who.id, { dropped: true });
  repo.log(tournament.id, by, `drop ${who.id}`, reason);
  // A game still in play is lost by forfeit: one game_finished event, like any other end.
  const match = repo.matches(tournament.id, tournament.round).find((x) => x.outcome === null && (x.a === who.id || x.b === who.id));
  const row = match?.gameId ? svc.store.game(match.gameId) : null;
  if (match && row && (row.status === 'active' || row.status === 'lobby')) {
    const [sa, sb] = sidesOf(tournament.system, tournament.options);
    svc.store.finish(
      row.id,
      'over',
      JSON.stringify({
        status: 'over',
        winners: [match.a === who.id ? sb : sa],
        draw: false,
        scores: {},
        summary: `${who.name} dropped out of the tournament: forfeit.`,
      }),
      'forfeit',
    );
    svc.store.deadlines.clear(row.id);
  }
  return {
    replies: [
      publicReply(
        `🚪 <@${who.id}> dropped out of **${tournament.name}**${match ? ' (the game in progress is forfeited)' : ''}. Results already played stand.`,
      ),
    ],
    posts: [hubOf(tournament)],
  };
}

function bid(svc: Services, inv: Invocation): Outcome {
  const { m: match, t: tournament } = matchOf(svc, inv);
  const repo = repoOf(svc);
  if (!tournament.bidding) throw new UserError(`**${tournament.name}** has no side bidding; sides are balanced by the pairing.`);
  if (inv.caller.id !== match.a && inv.caller.id !== match.b)
    throw new UserError(`Only the players of match ${match.id} bid for its sides.`);
  const row = match.gameId ? svc.store.game(match.gameId) : null;
  if (!row || row.status !== 'lobby') throw new UserError(`Match ${match.id}'s sides are settled; its game has started.`);
  const sides = sidesOf(tournament.system, tournament.options);
  const raw = (str(inv.options, 'side') ?? '').toLowerCase();
  const side = raw === 'any' || raw === '' ? null : raw;
  if (side && !sides.includes(side)) throw new UserError(`No side "${echo(raw)}": ${sides.join(', ')} or any.`);
  const vp = side ? (int(inv.options, 'vp', 0, 1000) ?? 0) : 0;
  repo.setBid(match.id, inv.caller.id, side, vp);
  const posts = settleBidsIfReady(svc, tournament, repo.match(match.id)!);
  return {
    replies: [
      privateReply(
        `🔒 Your bid for match ${match.id}: ${side ? `${side} for ${vp} VP` : 'any side'}. ` +
          (posts.length ? 'Both bids are in.' : 'It stays secret until your opponent bids.'),
      ),
    ],
    posts: [...posts, hubOf(tournament)],
  };
}

export const isTournamentButton = (id: string) => /^(tourn:(signup|checkin|drop):\d+|tstand:\d+:\d+|tconfirm:\d+|tdispute:\d+)$/.test(id);

/**
 * Which of these ids are a match's Confirm result and Dispute buttons that no
 * longer do anything: the match is gone, its result counts, or it is disputed
 * (the organiser decides). Other ids are not this function's to judge.
 */
export function staleTournamentControls(svc: Services, ids: string[]): string[] {
  const repo = repoOf(svc);
  return ids.filter((id) => {
    const hit = /^t(?:confirm|dispute):(\d+)$/.exec(id);
    if (!hit) return false;
    const match = repo.match(Number(hit[1]));
    const rep = match && repo.report(match.id);
    return !match || match.outcome !== null || !rep || !!rep.disputedBy;
  });
}

/** The hub's and match threads' buttons: sign up, check in, withdraw; standings pages; confirm or dispute a result. */
export function tournamentButton(svc: Services, press: ButtonPress): Outcome {
  const [kind, a, b] = press.customId.split(':');
  const me = { id: press.caller.id, name: press.caller.name };
  if (kind === 'tourn') {
    const tournament = tournamentOf(svc, press.where.guildId, Number(b));
    if (a === 'drop') {
      if (tournament.status !== 'signup')
        throw new UserError('The tournament has started: /tournament drop leaves it (a game in progress is forfeited).');
      return drop(svc, tournament, me, me.id, 'withdrew');
    }
    if (a === 'signup' && repoOf(svc).entrant(tournament.id, me.id))
      throw new UserError(`You are already signed up for **${tournament.name}**.`);
    return signup(svc, tournament, me, a === 'checkin');
  }
  if (kind === 'tstand') return standingsReply(svc, tournamentOf(svc, press.where.guildId, Number(a)), Number(b), true, false);
  const repo = repoOf(svc);
  const match = repo.match(Number(a));
  const tournament = match && repo.get(match.tournamentId);
  if (!match || !tournament || tournament.guildId !== press.where.guildId) throw new UserError('That match no longer exists.');
  const reply =
    kind === 'tconfirm'
      ? confirmResult(svc, tournament, match, me.id)
      : disputeResult(svc, tournament, match, me.id, 'disputed with the button');
  return {
    replies: [
      privateReply(kind === 'tdispute' ? `${reply.text} Add your reason with /tournament dispute match:${match.id} reason:….` : reply.text),
    ],
    posts: reply.posts,
  };
}

/**
 * The organiser pairs two players of the current round by hand; their former
 * opponents meet each other (or get a bye). Only before any of those games has a move.
 */
function manualPair(svc: Services, inv: Invocation): Outcome {
  const repo = repoOf(svc);
  const tournament = repo.current(inv.where.guildId);
  if (tournament?.status !== 'running') throw new UserError('There is no running tournament on this server.');
  if (
    tournament.format !== 'swiss' &&
    tournament.format !== 'roundrobin' &&
    !(tournament.format === 'swisscut' && tournament.round <= tournament.rounds)
  )
    throw new UserError('Pairing by hand works in a Swiss or round robin: a bracket follows from its results.');
  const x = str(inv.options, 'user')!;
  const y = str(inv.options, 'opponent')!;
  if (x === y) throw new UserError('A player cannot be paired with themselves.');
  const ms = repo.matches(tournament.id, tournament.round);
  const match = ms.find((m) => m.a === x || m.b === x);
  const my = ms.find((m) => m.a === y || m.b === y);
  if (!match || !my) throw new UserError('Both players must be paired in the current round.');
  if (match === my || match.id === my.id) throw new UserError('They are already paired together.');
  for (const m of [match, my]) {
    const row = m.gameId ? svc.store.game(m.gameId) : null;
    if ((m.outcome !== null && m.outcome !== 'bye') || (row && row.version > 0))
      throw new UserError(`Match ${m.id} has already begun; pair by hand only before the first move.`);
  }
  const other = (m: typeof match, me: string) => (m.a === me ? m.b : m.a);
  const ox = other(match, x);
  const oy = other(my, y);
  const posts = svc.store.db.transaction(() => {
    for (const m of [match, my]) {
      repo.deleteMatch(m.id);
      if (m.gameId)
        svc.store.finish(m.gameId, 'abandoned', JSON.stringify({ status: 'abandoned', summary: 'Re-paired by the organiser.' }), 'abandon');
    }
    const boards = [match.board, my.board].sort((a, b) => a - b);
    const pairs = [{ a: x, b: y }, ox && oy ? { a: ox, b: oy } : { a: (ox ?? oy)!, b: null }]
      .filter((p) => p.a)
      .map((p) => ({ ...p, bracket: match.bracket }));
    // New boards after the round's last one: new games in new channels.
    const next = Math.max(...ms.map((m) => m.board));
    repo.log(
      tournament.id,
      inv.caller.id,
      `pair ${x} v ${y}${pairs[1] ? `; ${pairs[1].a} v ${pairs[1].b ?? 'bye'}` : ''} (boards ${boards.join(', ')} → ${next + 1}+)`,
      str(inv.options, 'reason')!,
    );
    return pairRound(svc, tournament, tournament.round, pairs, next);
  })();
  return { replies: [publicReply(`🔀 The organiser paired <@${x}> v <@${y}> by hand. Reason logged.`)], posts };
}
