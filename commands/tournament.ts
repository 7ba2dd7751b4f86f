// The /tournament group: moderators create, start and correct; players sign
// up, check in and drop; anyone views pairings and standings. The rules of
// running one live in src/tournament/service.ts.
import type { Services } from '../src/app/services.ts';
import { getGame, allGames } from '../src/games/registry.ts';
import type { Tournament, Format, Match, Outcome as MatchOutcome } from '../src/tournament/repo.ts';
import { openRound, startTournament, writeRound } from '../src/tournament/service.ts';
import { repoOf } from '../src/tournament/repo.ts';
import { matchName, sidesOf } from '../src/tournament/results.ts';
import { FORMAT_NAMES, hubPost, matchState, pageButtons, placementTable, standingsImage, standingsPage } from '../src/tournament/hub.ts';
import { clockText } from '../src/tournament/clock-text.ts';
import { confirmResult, disputeResult, reportResult } from '../src/tournament/reports.ts';
import { correctResult, type CorrectedVp } from '../src/tournament/corrections.ts';
import { settleBidsIfReady } from '../src/tournament/bids.ts';
import { calledOffNotice } from '../src/tournament/notices.ts';
import { enterLate } from '../src/tournament/entry.ts';
import { checkinState, lateEntryText, takesLateEntry } from '../src/tournament/entry-rules.ts';
import { seedByHand } from '../src/tournament/seeding.ts';
import { changeSettings, settingsText } from '../src/tournament/settings.ts';

const HOUR = 3_600_000;
import { parseTieBreaks, type TieBreak } from '../src/tournament/standings.ts';
import { tournamentExport } from '../src/tournament/export.ts';
import { bool, int, parseKeyValues, str } from './context.ts';
import { chunks, echo, plural } from '../src/messages/text.ts';
import { only, privateReply, publicReply } from '../src/messages/replies.ts';
import { UserError } from '../src/messages/user-error.ts';
import type { ButtonPress, Invocation } from './types.ts';
import { matchNamed, tournamentNamed } from './tournament-match.ts';
import { precheckTable, type Command } from './table.ts';
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
  { name: 'Double forfeit', value: 'forfeit-both' },
];

const winnerOpt = { name: 'winner', description: "Or the winner's name", type: 'string' as const, required: false };

/**
 * The outcome: `outcome` (a, b, draw, none …) or the winner's name; refused
 * clearly when missing (the offline table does not enforce required options).
 */
function outcomeOption(svc: Services, match: Match, args: Record<string, string | number | boolean>, allowed: { value: string }[]): string {
  const winner = str(args, 'winner')?.replace(/^@/, '').toLowerCase();
  if (winner) {
    const names = new Map(
      repoOf(svc)
        .entrants(match.tournamentId)
        .map((e) => [e.userId, e.userName.toLowerCase()]),
    );
    const side = [match.a, match.b].findIndex((p) => p !== null && (names.get(p) === winner || p.toLowerCase() === winner));
    if (side < 0)
      throw new UserError(`${echo(str(args, 'winner')!, 40)} does not play in ${matchName(match)}: name one of its two players.`);
    return side === 0 ? 'a' : 'b';
  }
  const given = str(args, 'outcome');
  const values = allowed.map((c) => c.value);
  if (!given || !values.includes(given))
    throw new UserError(`Give the result with outcome: one of ${values.join(', ')}.${given ? ` '${echo(given, 40)}' is not one.` : ''}`);
  return given;
}
const matchOpt = (what: string) => ({
  name: 'match',
  description: `Match: R3T2 (round 3, table 2) or its number${what ? ` ${what}` : ''}`,
  type: 'string' as const,
  required: true,
});

const tid = {
  name: 'id',
  description: 'Tournament number (default: current)',
  type: 'integer' as const,
  required: false,
  min: 1,
};
const user = (what: string) => ({
  name: 'user',
  description: `Moderators: ${what} this member`,
  type: 'user' as const,
  required: false,
});
const reason = (required: boolean) => ({ name: 'reason', description: "Why, for the organiser's log", type: 'string' as const, required });

/** A correction's final VP: "12-10" (first side, second side), or "none" (VP did not decide the game). */
export function parseVp(text: string | undefined): CorrectedVp | undefined {
  if (text === undefined) return undefined;
  if (text.trim().toLowerCase() === 'none') return 'none';
  const parts = /^\s*(\d+(?:\.\d+)?)\s*[-–:]\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!parts) throw new UserError(`\`vp\` is the final VP of the first and second sides, like 12-10, or none; not "${echo(text)}".`);
  return [Number(parts[1]), Number(parts[2])];
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
            description: 'Swiss, round robin, single/double elimination, Swiss then top cut',
            type: 'string',
            required: true,
            choices: FORMATS,
          },
          { name: 'rounds', description: 'Swiss: number of rounds (default 5)', type: 'integer', required: false, min: 1, max: 30 },
          {
            name: 'cut',
            description: 'Top cut: how many go through (default 4)',
            type: 'integer',
            required: false,
            min: 2,
            max: 64,
          },
          { name: 'options', description: 'Game options as key=value pairs', type: 'string', required: false },
          {
            name: 'clock',
            description: 'Hours per decision; running out forfeits',
            type: 'integer',
            required: false,
            min: 1,
            max: 24 * 60,
          },
          {
            name: 'bonus',
            description: 'Time bank: hours added per decision (clock: the starting bank)',
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
            description: 'Hours between rounds (default: pair when a round ends)',
            type: 'integer',
            required: false,
            min: 1,
            max: 24 * 60,
          },
          { name: 'bidding', description: 'Players bid VP for sides before each game', type: 'boolean', required: false },
          {
            name: 'threads_in',
            description: 'Channel (text or forum) for the match threads (default: this one)',
            type: 'channel',
            required: false,
            channelKinds: ['text', 'announcement', 'forum'],
            opensThreads: true,
          },
          {
            name: 'late_until',
            description: 'Swiss: late entry until this round is paired (default: half; 0: none)',
            type: 'integer',
            required: false,
            min: 0,
            max: 30,
          },
          {
            name: 'late_score',
            description: 'Swiss: score of each round a late entrant missed',
            type: 'string',
            required: false,
            choices: [
              { name: '0 points', value: '0' },
              { name: '½ point (bye)', value: 'half' },
            ],
          },
          {
            name: 'checkin_opens',
            description: 'Check-in opens in N hours (default: now)',
            type: 'integer',
            required: false,
            min: 0,
            max: 24 * 60,
          },
          {
            name: 'checkin_closes',
            description: 'Check-in closes in N hours',
            type: 'integer',
            required: false,
            min: 1,
            max: 24 * 60,
          },
          {
            name: 'tiebreaks',
            description: "Tie-break order, e.g. cut-1,SB,wins (default: the format's)",
            type: 'string',
            required: false,
          },
        ],
      },
      {
        name: 'signup',
        who: 'self-or-moderator',
        run: signupOrCheckin,
        description: 'Enter the tournament (late entry: Swiss only)',
        options: [tid, user('sign up')],
      },
      {
        name: 'checkin',
        who: 'self-or-moderator',
        run: signupOrCheckin,
        description: 'Confirm you will play (only checked-in players are paired)',
        options: [tid, user('check in')],
      },
      {
        name: 'drop',
        who: 'self-or-moderator',
        slow: 'at-once',
        run: dropOut,
        description: 'Leave the tournament (a game in progress is forfeited)',
        options: [tid, user('drop'), reason(false)],
      },
      {
        name: 'reinstate',
        who: 'organiser',
        run: reinstate,
        description: 'Moderators: bring a dropped player back next round',
        options: [{ ...user('reinstate'), required: true }, reason(true), tid],
      },
      {
        name: 'seed',
        who: 'organiser',
        run: seed,
        description: 'Moderators: seed by hand before the start',
        options: [
          {
            name: 'players',
            description: 'Entrants in seed order, comma-separated',
            type: 'string',
            required: false,
            autocomplete: true,
          },
          tid,
        ],
      },
      {
        name: 'settings',
        who: 'organiser',
        run: settings,
        description: 'Moderators: check-in window, tie-breaks (before start)',
        options: [
          { name: 'checkin_opens', description: 'Hours from now (0: now)', type: 'integer', required: false, min: 0, max: 24 * 60 },
          { name: 'checkin_closes', description: 'Hours from now (0: never)', type: 'integer', required: false, min: 0, max: 24 * 60 },
          { name: 'tiebreaks', description: 'e.g. cut-1,SB,wins, or default', type: 'string', required: false },
          tid,
        ],
      },
      {
        name: 'start',
        who: 'organiser',
        slow: 'at-once',
        run: start,
        description: 'Moderators: close sign-up, seed and pair round 1',
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
        description: 'Standings with tie-breaks (or placements)',
        options: [tid, { name: 'page', description: 'Page (20 players a page)', type: 'integer', required: false, min: 1 }],
      },
      {
        name: 'result',
        who: 'organiser',
        slow: 'at-once',
        run: correct,
        description: 'Moderators: set or correct a result (brackets re-pair later rounds)',
        options: [
          matchOpt(''),
          reason(true),
          {
            name: 'outcome',
            description: 'Who won, or a forfeit (a side bid applies as to a played result)',
            type: 'string',
            required: false,
            choices: RESULT_OUTCOMES,
          },
          winnerOpt,
          {
            name: 'vp',
            description: 'Final VP before bids, first-second (e.g. 12-10), or none',
            type: 'string',
            required: false,
          },
        ],
      },
      {
        name: 'report',
        who: 'match-player-or-moderator',
        slow: 'late',
        run: report,
        description: 'Record a result for both players to confirm',
        options: [
          matchOpt(''),
          reason(true),
          { name: 'outcome', description: 'Who won (or give winner)', type: 'string', required: false, choices: OUTCOMES },
          winnerOpt,
        ],
      },
      {
        name: 'confirm',
        who: 'match-player',
        private: true,
        slow: 'late',
        run: confirm,
        description: 'Confirm the result recorded for your match',
        options: [matchOpt('')],
      },
      {
        name: 'dispute',
        who: 'match-player',
        private: true,
        run: dispute,
        description: 'Dispute the result recorded for your match',
        options: [matchOpt(''), reason(true)],
      },
      {
        name: 'bid',
        who: 'match-player',
        private: true,
        slow: 'late',
        run: bid,
        description: 'Side bidding: your side and VP offered (secret until both bid)',
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
        description: 'Moderators: pair two players by hand (before any move)',
        options: [
          { name: 'user', description: 'First player (first side)', type: 'user', required: true },
          { name: 'opponent', description: 'Second player (second side)', type: 'user', required: true },
          reason(true),
        ],
      },
      {
        name: 'export',
        who: 'anyone',
        private: true,
        run: exportFiles,
        description: 'CSV and JSON files (and a TRF for a Swiss)',
        options: [tid],
      },
      {
        name: 'log',
        who: 'anyone',
        private: true,
        run: organiserLog,
        description: "The organiser's log: pairings by hand, corrections, seeds",
        options: [tid],
      },
    ],
  };
}

/** The member acted on: `user:` or the caller (the driver lets only moderators name another: `self-or-moderator`). */
function target(inv: Invocation): { id: string; name: string } {
  const userId = str(inv.options, 'user');
  if (!userId || userId === inv.caller.id) return { id: inv.caller.id, name: inv.caller.name };
  return { id: userId, name: echo(inv.names?.user ?? userId, 100) };
}

function tournamentOf(svc: Services, guildId: string | null, tournamentId: number): Tournament {
  const tournament = repoOf(svc).get(tournamentId);
  if (!tournament || tournament.guildId !== guildId) throw new UserError(`There is no tournament #${tournamentId} on this server.`);
  return tournament;
}

const hubOf = (t: Tournament): Post => hubPost(t.id, t.channelId);

/** `<#123>` or a bare id → the channel id; anything else is refused. */
function channelArg(text: string | undefined): string | null {
  if (!text) return null;
  const parts = /^<#(\d+)>$/.exec(text.trim()) ?? /^#?([\w/.-]+)$/.exec(text.trim());
  if (!parts) throw new UserError(`"${echo(text)}" is not a channel: pick one with #.`);
  return parts[1];
}

/**
 * Sign up or check in. Before the start, check-in follows its window (a
 * moderator acting for a member is not held by it); after the start, a
 * Swiss takes late entries (checked in at once) until its announced round.
 */
function signup(svc: Services, tournament: Tournament, who: { id: string; name: string }, checkIn: boolean, byModerator = false): Outcome {
  const repo = repoOf(svc);
  if (tournament.status === 'running' && (!checkIn || !repo.entrant(tournament.id, who.id)?.checkedIn))
    return { replies: [publicReply(enterLate(svc, tournament, who))], posts: [hubOf(tournament)] };
  if (tournament.status !== 'signup') throw new UserError(`Tournament #${tournament.id} has already started; entries are closed.`);
  const was = repo.entrant(tournament.id, who.id);
  const window = checkinState(tournament, svc.now());
  const closed = tournament.checkinClosesAt !== null && svc.now() >= tournament.checkinClosesAt;
  if (!byModerator && closed)
    throw new UserError(`${window.text} for **${tournament.name}**: entries wait for the start (a moderator can still add a player).`);
  if (!byModerator && checkIn && !window.open)
    throw new UserError(
      `${window.text} for **${tournament.name}**. You are ${was ? '' : 'not yet '}signed up${was ? '' : ': /tournament signup'}.`,
    );
  if (!checkIn) {
    repo.addEntrant(tournament.id, who.id, who.name);
    return {
      replies: [
        publicReply(
          `✍️ <@${who.id}> signed up for **${tournament.name}** (${repo.entrants(tournament.id).length} so far). ` +
            `Check in with /tournament checkin (or the button) before it starts. ${window.text}.`,
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
  const { embed, pages, page: shownPage } = standingsPage(svc, tournament, page);
  const reply = (ephemeral ? privateReply : publicReply)(`🏆 **${tournament.name}** standings (page ${shownPage} of ${pages}):`, {
    embed,
    buttons: pageButtons(tournament.id, shownPage, pages),
    ...(withImage && !placementTable(tournament) ? { files: [standingsImage(svc, tournament)] } : {}),
  });
  return only(reply);
}

/** The organiser's tie-break order, refused with the names allowed. */
function tieBreaksOption(text: string | undefined): TieBreak[] | null {
  if (text === undefined) return null;
  try {
    return parseTieBreaks(text);
  } catch (error) {
    throw new UserError(echo((error as Error).message, 300));
  }
}

/** /tournament export: the files, privately. */
function exportFiles(svc: Services, inv: Invocation): Outcome {
  const tournament = tournamentNamed(svc, inv);
  if (tournament.status === 'signup')
    throw new UserError(`${tournament.name} has not started: there are no pairings or standings to export yet.`);
  const files = tournamentExport(repoOf(svc), tournament);
  return only(
    privateReply(
      `📦 **${tournament.name}**: standings, pairings and results as CSV and JSON` +
        `${files.some((f) => f.name.endsWith('.trf')) ? ', and the Swiss rounds as a FIDE TRF file' : ''}.`,
      { files },
    ),
  );
}

/** /tournament create. */
function create(svc: Services, inv: Invocation): Outcome {
  const args = inv.options;
  const repo = repoOf(svc);
  const system = str(args, 'system') ?? '';
  const mod = getGame(system);
  if (!mod) throw new UserError(`Unknown game "${echo(system)}".`);
  const options = parseKeyValues(str(args, 'options'));
  mod.parseOptions(options);
  try {
    sidesOf(system, options);
  } catch (error) {
    throw new UserError((error as Error).message);
  }
  if ((str(args, 'bonus') !== undefined || str(args, 'cap') !== undefined) && str(args, 'clock') === undefined)
    throw new UserError('A time bank (bonus:, cap:) needs clock: too, the hours each seat starts with.');
  const format = str(args, 'format') as Format;
  if (!FORMATS.some((f) => f.value === format))
    throw new UserError(`Unknown format "${echo(format)}": ${FORMATS.map((f) => f.value).join(', ')}.`);
  if (inv.where.parentId && !str(args, 'threads_in'))
    throw new UserError(
      'Match threads cannot open inside a thread: create the tournament in a text channel, or name one with `threads_in:`.',
    );
  const rounds = int(args, 'rounds', 1, 30) ?? 5;
  const lateUntil = int(args, 'late_until', 0, 30);
  const lateScore = str(args, 'late_score');
  if ((lateUntil !== undefined || lateScore !== undefined) && !takesLateEntry({ format }))
    throw new UserError('Late entry (late_until:, late_score:) is for a Swiss: a bracket or a round robin is drawn for a fixed field.');
  if (lateUntil !== undefined && lateUntil > rounds)
    throw new UserError(`late_until: ${lateUntil} is past the last round (${rounds}): give a round from 0 (no late entry) to ${rounds}.`);
  if (lateScore !== undefined && lateScore !== '0' && lateScore !== 'half')
    throw new UserError(`late_score: is 0 or half (a half-point bye), not "${echo(lateScore, 20)}".`);
  const opens = int(args, 'checkin_opens', 0, 24 * 60);
  const closes = int(args, 'checkin_closes', 1, 24 * 60);
  if (closes !== undefined && opens !== undefined && closes <= opens)
    throw new UserError(`Check-in must close after it opens: checkin_closes: ${closes} h is not after checkin_opens: ${opens} h.`);
  const tournament = repo.create({
    guildId: inv.where.guildId,
    channelId: inv.where.channelId,
    name: echo(str(args, 'name') ?? 'Tournament', 100),
    system,
    options,
    format,
    rounds,
    clockHours: int(args, 'clock', 1, 24 * 60) ?? null,
    createdBy: inv.caller.id,
    cut: format === 'swisscut' ? (int(args, 'cut', 2, 64) ?? 4) : 0,
    bidding: bool(args, 'bidding') === true,
    matchParent: channelArg(str(args, 'threads_in')),
    bonusHours: int(args, 'bonus', 0, 24 * 30) ?? null,
    capHours: int(args, 'cap', 1, 24 * 120) ?? null,
    roundHours: int(args, 'round_hours', 1, 24 * 60) ?? null,
    lateUntil: lateUntil ?? null,
    latePoints: lateScore === 'half' ? 0.5 : 0,
    // Hours from now, stored as times: the tick opens and closes the window then.
    checkinOpensAt: opens ? svc.now() + opens * HOUR : null,
    checkinClosesAt: closes !== undefined ? svc.now() + closes * HOUR : null,
    tieBreaks: tieBreaksOption(str(args, 'tiebreaks')),
  });
  const spec = [
    mod.title,
    FORMATS.find((f) => f.value === format)!.name,
    format === 'swiss' || format === 'swisscut' ? `${tournament.rounds} rounds` : null,
    format === 'swisscut' ? `top ${tournament.cut}` : null,
    tournament.clockHours ? `${clockText(tournament)}, or forfeit` : null,
    tournament.roundHours ? `a round every ${tournament.roundHours} h` : null,
    tournament.bidding ? 'side bidding in VP' : null,
    lateEntryText(tournament),
  ]
    .filter(Boolean)
    .join(', ');
  return {
    replies: [
      publicReply(
        `🏁 Tournament #${tournament.id} **${tournament.name}** (${spec}) is open: /tournament signup, then ` +
          `/tournament checkin before it starts (or the buttons on the hub below). ${checkinState(tournament, svc.now()).text}.`,
      ),
    ],
    posts: [hubOf(tournament)],
  };
}

/** /tournament settings: change the check-in window or the tie-break order before the start; no option shows them. */
function settings(svc: Services, inv: Invocation): Outcome {
  const args = inv.options;
  const tournament = tournamentNamed(svc, inv);
  const tieBreaks = str(args, 'tiebreaks');
  const change = {
    opensInHours: int(args, 'checkin_opens', 0, 24 * 60),
    closesInHours: int(args, 'checkin_closes', 0, 24 * 60),
    tieBreaks: tieBreaks === undefined ? undefined : tieBreaks.trim().toLowerCase() === 'default' ? null : tieBreaksOption(tieBreaks),
  };
  if (Object.values(change).every((v) => v === undefined))
    return only(
      privateReply(
        `⚙️ **${tournament.name}**: ${settingsText(svc, tournament)}. Before the start, change them with ` +
          "`/tournament settings checkin_opens: checkin_closes: tiebreaks:` (hours from now; `tiebreaks:default` for the format's order).",
      ),
    );
  const changed = changeSettings(svc, tournament, change);
  const fresh = repoOf(svc).get(tournament.id)!;
  repoOf(svc).log(tournament.id, inv.caller.id, `settings: ${settingsText(svc, fresh)}`, 'settings');
  return {
    replies: [publicReply(`⚙️ **${tournament.name}**: ${changed.join(', ')} changed. ${settingsText(svc, fresh)}.`)],
    posts: [hubOf(fresh)],
  };
}

/** /tournament signup and checkin. */
function signupOrCheckin(svc: Services, inv: Invocation): Outcome {
  const repo = repoOf(svc);
  const tournament = tournamentNamed(svc, inv);
  const who = target(inv);
  if (inv.sub === 'checkin' && !repo.entrant(tournament.id, who.id))
    throw new UserError(`<@${who.id}> has not signed up for **${tournament.name}**: /tournament signup first.`);
  return signup(svc, tournament, who, inv.sub === 'checkin', who.id !== inv.caller.id);
}

/** /tournament drop. */
function dropOut(svc: Services, inv: Invocation): Outcome {
  const args = inv.options;
  const tournament = tournamentNamed(svc, inv);
  const who = target(inv);
  return drop(svc, tournament, who, inv.caller.id, str(args, 'reason') ?? 'dropped');
}

/** /tournament reinstate. */
function reinstate(svc: Services, inv: Invocation): Outcome {
  const args = inv.options;
  const repo = repoOf(svc);
  const tournament = tournamentNamed(svc, inv);
  const who = target(inv);
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
  repo.log(tournament.id, inv.caller.id, `reinstate ${who.id}`, str(args, 'reason')!);
  return { replies: [publicReply(`↩️ <@${who.id}> is back in **${tournament.name}** from the next round.`)], posts: [hubOf(tournament)] };
}

/** /tournament start. */
function start(svc: Services, inv: Invocation): Outcome {
  const repo = repoOf(svc);
  const tournament = tournamentNamed(svc, inv);
  if (tournament.status !== 'signup') throw new UserError(`Tournament #${tournament.id} has already started.`);
  const ready = repo.entrants(tournament.id).filter((e) => e.checkedIn && !e.dropped);
  if (ready.length < 2) throw new UserError(`Only ${plural(ready.length, 'player')} checked in; a tournament needs two.`);
  const posts = startTournament(svc, tournament);
  const how = tournament.seededByHand ? 'seeded by hand (the rest by rating)' : 'seeded by rating (unrated players in sign-up order)';
  return { replies: [publicReply(`🏁 **${tournament.name}** starts with ${ready.length} players, ${how}.`)], posts };
}

/** /tournament seed: seeds by hand before the start (names in order), or back to by rating. */
function seed(svc: Services, inv: Invocation): Outcome {
  const tournament = tournamentNamed(svc, inv);
  const names = (str(inv.options, 'players') ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const order = seedByHand(svc, tournament, names);
  const repo = repoOf(svc);
  repo.log(
    tournament.id,
    inv.caller.id,
    names.length ? `seed ${order.map((s) => s.entrant.userId).join(', ')}` : 'seed by rating',
    'seeding',
  );
  const lines = order.map((seeded, index) => `${index + 1}. ${seeded.entrant.userName}${seeded.rating === null ? ' (unrated)' : ''}`);
  return {
    replies: chunks(
      `🌱 **${tournament.name}** ${names.length ? `seeded by hand: the ${names.length} named first, the rest by rating` : 'seeded by rating again'} ` +
        `(unrated players in sign-up order; reseed any time before the start):\n${lines.join('\n')}`,
    ).map((c) => publicReply(c)),
    posts: [hubOf(tournament)],
  };
}

/** Autocomplete for /tournament seed's players: the entrant names not yet listed, after what is typed. */
export function autocompleteTournament(
  svc: Services,
  sub: string,
  focused: string,
  partial: string,
  where: Invocation['where'],
): { name: string; value: string }[] {
  if (sub !== 'seed' || focused !== 'players') return [];
  const tournament = repoOf(svc).current(where.guildId);
  if (!tournament || tournament.guildId !== where.guildId) return [];
  const parts = partial.split(',');
  const typed = parts.pop()!.trim().toLowerCase();
  const listed = new Set(parts.map((p) => p.trim().toLowerCase()).filter(Boolean));
  const head = parts.map((p) => p.trim()).filter(Boolean);
  return repoOf(svc)
    .entrants(tournament.id)
    .filter(
      (entrant) => !entrant.dropped && !listed.has(entrant.userName.toLowerCase()) && entrant.userName.toLowerCase().startsWith(typed),
    )
    .slice(0, 25)
    .map((entrant) => {
      const value = [...head, entrant.userName].join(', ');
      return { name: value.slice(-100), value: value.slice(0, 100) };
    });
}

/** /tournament pairings. */
function pairings(svc: Services, inv: Invocation): Outcome {
  const args = inv.options;
  const repo = repoOf(svc);
  const tournament = tournamentNamed(svc, inv);
  const round = int(args, 'round', 1, 1000) ?? tournament.round;
  const names = new Map(repo.entrants(tournament.id).map((e) => [e.userId, e.userName]));
  const roundMatches = repo.matches(tournament.id, round);
  if (!roundMatches.length) return only(privateReply(`No pairings for round ${round} of **${tournament.name}** yet.`));
  const lines = roundMatches.map((match) => {
    const row = match.gameId ? svc.store.game(match.gameId) : null;
    const where = row && !row.channelId.includes(':') ? ` <#${row.channelId}>` : row ? ` #${row.channelId}` : '';
    const players = `${names.get(match.a)}${match.b ? ` v ${names.get(match.b)}` : ''}`;
    return `Match ${match.id} · table ${match.board}: ${players} — ${matchState(svc, repo, match)}${match.gameId ? ` · game #${match.gameId}${where}` : ''}`;
  });
  return { replies: chunks(`📋 **${tournament.name}**, round ${round}:\n${lines.join('\n')}`).map((c) => privateReply(c)), posts: [] };
}

/** /tournament standings. */
function standings(svc: Services, inv: Invocation): Outcome {
  const args = inv.options;
  const tournament = tournamentNamed(svc, inv);
  return standingsReply(svc, tournament, int(args, 'page', 1, 10_000) ?? 1, false, true);
}

/** /tournament result. */
function correct(svc: Services, inv: Invocation): Outcome {
  const args = inv.options;
  const { match, tournament } = matchNamed(svc, inv);
  if (!match.b) throw new UserError('That match is a bye; there is no result to correct.');
  const named = outcomeOption(svc, match, args, RESULT_OUTCOMES);
  const forfeit = named.startsWith('forfeit-');
  const outcome = (forfeit ? { 'forfeit-a': 'a', 'forfeit-b': 'b', 'forfeit-both': 'none' }[named] : named) as MatchOutcome;
  const corrected = correctResult(svc, tournament, match, outcome, inv.caller.id, str(args, 'reason')!, parseVp(str(args, 'vp')), forfeit);
  return { replies: [publicReply(corrected.text)], posts: corrected.posts };
}

/** /tournament report. */
function report(svc: Services, inv: Invocation): Outcome {
  const args = inv.options;
  const { match, tournament } = matchNamed(svc, inv);
  const reported = reportResult(
    svc,
    tournament,
    match,
    outcomeOption(svc, match, args, OUTCOMES) as MatchOutcome,
    inv.caller.id,
    echo(str(args, 'reason'), 300),
  );
  return { replies: [publicReply(reported.text)], posts: reported.posts };
}

/** /tournament confirm. */
function confirm(svc: Services, inv: Invocation): Outcome {
  const { match, tournament } = matchNamed(svc, inv);
  const confirmed = confirmResult(svc, tournament, match, inv.caller.id);
  return { replies: [privateReply(confirmed.text)], posts: confirmed.posts };
}

/** /tournament dispute. */
function dispute(svc: Services, inv: Invocation): Outcome {
  const args = inv.options;
  const { match, tournament } = matchNamed(svc, inv);
  const disputed = disputeResult(svc, tournament, match, inv.caller.id, echo(str(args, 'reason'), 300));
  return { replies: [privateReply(disputed.text)], posts: disputed.posts };
}

/** /tournament log. */
function organiserLog(svc: Services, inv: Invocation): Outcome {
  const repo = repoOf(svc);
  const tournament = tournamentNamed(svc, inv);
  const lines = repo
    .logOf(tournament.id)
    .map((entry) => `${new Date(entry.at).toISOString()} <@${entry.by}>: ${entry.what} — ${echo(entry.reason)}`);
  return {
    replies: chunks(
      lines.length ? `📜 **${tournament.name}** organiser's log:\n${lines.join('\n')}` : `Nothing in **${tournament.name}**'s log yet.`,
    ).map((c) => privateReply(c)),
    posts: [],
  };
}

function drop(svc: Services, tournament: Tournament, who: { id: string; name: string }, actorId: string, reason: string): Outcome {
  const repo = repoOf(svc);
  const entrant = repo.entrant(tournament.id, who.id);
  if (!entrant || entrant.dropped) throw new UserError(`<@${who.id}> is not playing in **${tournament.name}**.`);
  if (tournament.status === 'signup') {
    repo.removeEntrant(tournament.id, who.id);
    return { replies: [publicReply(`<@${who.id}> withdrew from **${tournament.name}**.`)], posts: [hubOf(tournament)] };
  }
  repo.setEntrant(tournament.id, who.id, { dropped: true });
  repo.log(tournament.id, actorId, `drop ${who.id}`, reason);
  // A game still in play is lost by forfeit: one game_finished event, like any other end.
  const inPlay = repo.matches(tournament.id, tournament.round).find((x) => x.outcome === null && (x.a === who.id || x.b === who.id));
  const row = inPlay?.gameId ? svc.store.game(inPlay.gameId) : null;
  if (inPlay && row && (row.status === 'active' || row.status === 'lobby')) {
    const [firstSide, secondSide] = sidesOf(tournament.system, tournament.options);
    svc.store.finish(
      row.id,
      'over',
      JSON.stringify({
        status: 'over',
        winners: [inPlay.a === who.id ? secondSide : firstSide],
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
        `🚪 <@${who.id}> dropped out of **${tournament.name}**${inPlay ? ' (the game in progress is forfeited)' : ''}. Results already played stand.`,
      ),
    ],
    posts: [hubOf(tournament)],
  };
}

function bid(svc: Services, inv: Invocation): Outcome {
  const { match, tournament } = matchNamed(svc, inv);
  const repo = repoOf(svc);
  if (!tournament.bidding) throw new UserError(`**${tournament.name}** has no side bidding; sides are balanced by the pairing.`);
  const row = match.gameId ? svc.store.game(match.gameId) : null;
  if (!row || row.status !== 'lobby') throw new UserError(`Match ${match.id}'s sides are settled; its game has started.`);
  const sides = sidesOf(tournament.system, tournament.options);
  // A side by its name or its id (issue 19 §7).
  const mod = getGame(tournament.system);
  const roles = mod ? mod.roles(mod.parseOptions(tournament.options)).filter((r) => sides.includes(r.id)) : [];
  const nameOf = (id: string) => roles.find((r) => r.id === id)?.name ?? id;
  const raw = (str(inv.options, 'side') ?? '').trim().toLowerCase();
  const typed = raw === 'any' || raw === '' ? null : raw;
  const side = typed && (roles.find((r) => r.name.toLowerCase() === typed)?.id ?? typed);
  if (side && !sides.includes(side)) throw new UserError(`No side "${echo(raw)}": ${sides.map(nameOf).join(', ')} or any.`);
  const vp = side ? (int(inv.options, 'vp', 0, 1000) ?? 0) : 0;
  repo.setBid(match.id, inv.caller.id, side, vp);
  const posts = settleBidsIfReady(svc, tournament, repo.match(match.id)!);
  return {
    replies: [
      privateReply(
        `🔒 Your bid for match ${match.id}: ${side ? `${nameOf(side)} for ${vp} VP` : 'any side'}. ` +
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
  const [kind, first, second] = press.customId.split(':');
  const presser = { id: press.caller.id, name: press.caller.name };
  if (kind === 'tourn') {
    const tournament = tournamentOf(svc, press.where.guildId, Number(second));
    if (first === 'drop') {
      if (tournament.status !== 'signup')
        throw new UserError('The tournament has started: /tournament drop leaves it (a game in progress is forfeited).');
      return drop(svc, tournament, presser, presser.id, 'withdrew');
    }
    if (first === 'signup' && repoOf(svc).entrant(tournament.id, presser.id))
      throw new UserError(`You are already signed up for **${tournament.name}**.`);
    return signup(svc, tournament, presser, first === 'checkin');
  }
  if (kind === 'tstand') return standingsReply(svc, tournamentOf(svc, press.where.guildId, Number(first)), Number(second), true, false);
  const repo = repoOf(svc);
  const match = repo.match(Number(first));
  const tournament = match && repo.get(match.tournamentId);
  if (!match || !tournament || tournament.guildId !== press.where.guildId) throw new UserError('That match no longer exists.');
  // A press is the subcommand it stands for, checked by the driver's same code (who may; the refusal derived from the declaration).
  const standsFor = { command: 'tournament', sub: kind === 'tconfirm' ? 'confirm' : 'dispute', options: { match: String(match.id) } };
  precheckTable([tournamentCommand()], svc, { ...standsFor, caller: press.caller, where: press.where });
  const answer =
    kind === 'tconfirm'
      ? confirmResult(svc, tournament, match, presser.id)
      : disputeResult(svc, tournament, match, presser.id, 'disputed with the button');
  return {
    replies: [
      privateReply(
        kind === 'tdispute' ? `${answer.text} Add your reason with /tournament dispute match:${match.id} reason:….` : answer.text,
      ),
    ],
    posts: answer.posts,
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
  const player = str(inv.options, 'user')!;
  const opponent = str(inv.options, 'opponent')!;
  if (player === opponent) throw new UserError('A player cannot be paired with themselves.');
  const roundMatches = repo.matches(tournament.id, tournament.round);
  const playerMatch = roundMatches.find((m) => m.a === player || m.b === player);
  const opponentMatch = roundMatches.find((m) => m.a === opponent || m.b === opponent);
  if (!playerMatch || !opponentMatch) throw new UserError('Both players must be paired in the current round.');
  if (playerMatch === opponentMatch || playerMatch.id === opponentMatch.id) throw new UserError('They are already paired together.');
  for (const match of [playerMatch, opponentMatch]) {
    const row = match.gameId ? svc.store.game(match.gameId) : null;
    if ((match.outcome !== null && match.outcome !== 'bye') || (row && row.version > 0))
      throw new UserError(`Match ${match.id} has already begun; pair by hand only before the first move.`);
  }
  const other = (m: typeof playerMatch, me: string) => (m.a === me ? m.b : m.a);
  const playerWasFacing = other(playerMatch, player);
  const opponentWasFacing = other(opponentMatch, opponent);
  const called = svc.store.db.transaction(() => {
    // Checked again with the write lock held: another command may have moved either match meanwhile.
    for (const match of [playerMatch, opponentMatch]) {
      const row = match.gameId ? svc.store.game(match.gameId) : null;
      if (!repo.match(match.id) || (row && row.version > 0))
        throw new UserError(`Match ${match.id} changed meanwhile (re-paired or begun); nothing was changed. Look at the pairings again.`);
    }
    for (const match of [playerMatch, opponentMatch]) {
      repo.deleteMatch(match.id);
      if (match.gameId)
        svc.store.finish(
          match.gameId,
          'abandoned',
          JSON.stringify({
            status: 'abandoned',
            summary: 'Re-paired by the organiser.',
            calledOff: { tournament: tournament.name, round: tournament.round },
          }),
          'abandon',
        );
    }
    const boards = [playerMatch.board, opponentMatch.board].sort((a, b) => a - b);
    const pairs = [
      { a: player, b: opponent },
      playerWasFacing && opponentWasFacing
        ? { a: playerWasFacing, b: opponentWasFacing }
        : { a: (playerWasFacing ?? opponentWasFacing)!, b: null },
    ]
      .filter((p) => p.a)
      .map((p) => ({ ...p, bracket: playerMatch.bracket }));
    // The freed tables are taken again: the round stays numbered from 1. The new games start after this commits.
    const written = writeRound(svc, tournament, tournament.round, pairs)!;
    const fresh = repo.matches(tournament.id, tournament.round);
    repo.log(
      tournament.id,
      inv.caller.id,
      `pair ${player} v ${opponent}${pairs[1] ? `; ${pairs[1].a} v ${pairs[1].b ?? 'bye'}` : ''} (tables ${boards.join(', ')} re-paired)`,
      str(inv.options, 'reason')!,
    );
    // The players of the games called off hear at once, in their threads, with their new pairing.
    const notices = [playerMatch, opponentMatch].flatMap((match) =>
      calledOffNotice(svc, tournament, match, 'the organiser paired this round again by hand', fresh),
    );
    return { notices, written };
  })();
  const posts = [...called.notices, ...openRound(svc, tournament, called.written)];
  return { replies: [publicReply(`🔀 The organiser paired <@${player}> v <@${opponent}> by hand. Reason logged.`)], posts };
}
