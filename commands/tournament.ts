// The /tournament group: moderators create, start and correct; players sign
// up, check in and drop; anyone views pairings and standings. The rules of
// running one live in src/tournament/service.ts.
import type { Services } from '../src/app/services.ts';
import { getGame, allGames } from '../src/games/registry.ts';
import type { Tournament, Format, Outcome as MatchOutcome } from '../src/tournament/repo.ts';
import { pairRound, repoOf, sidesOf, standingsText, startTournament } from '../src/tournament/service.ts';
import { int, parseKeyValues, requireModerator, str } from './context.ts';
import { chunks, echo, only, privateReply, publicReply, UserError } from './present.ts';
import type { CommandDef, Invocation, Outcome } from './types.ts';

const FORMATS: { name: string; value: Format }[] = [
  { name: 'Swiss', value: 'swiss' },
  { name: 'Round robin', value: 'roundrobin' },
  { name: 'Single elimination', value: 'knockout' },
];

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

export function tournamentCommand(): CommandDef {
  const systems = allGames().map((g) => ({ name: g.title, value: g.id }));
  return {
    name: 'tournament',
    description: 'Tournaments: sign up, pairings, standings',
    subcommands: [
      {
        name: 'create',
        description: 'Moderators: open a tournament for sign-up',
        options: [
          { name: 'name', description: 'Its name', type: 'string', required: true },
          { name: 'system', description: 'Which game', type: 'string', required: true, choices: systems },
          { name: 'format', description: 'Swiss, round robin or single elimination', type: 'string', required: true, choices: FORMATS },
          { name: 'rounds', description: 'Swiss: number of rounds (default 5)', type: 'integer', required: false, min: 1, max: 30 },
          { name: 'options', description: 'Game options as key=value pairs', type: 'string', required: false },
          {
            name: 'clock',
            description: 'Hours per decision; running out forfeits the game',
            type: 'integer',
            required: false,
            min: 1,
            max: 24 * 60,
          },
        ],
      },
      { name: 'signup', description: 'Enter the tournament', options: [tid, user('sign up')] },
      { name: 'checkin', description: 'Confirm you will play (only checked-in players are paired)', options: [tid, user('check in')] },
      { name: 'drop', description: 'Leave the tournament (a game in progress is forfeited)', options: [tid, user('drop'), reason(false)] },
      {
        name: 'reinstate',
        description: 'Moderators: bring a dropped player back from the next round',
        options: [{ ...user('reinstate'), required: true }, reason(true), tid],
      },
      { name: 'start', description: 'Moderators: close sign-up, seed by rating and pair round 1', options: [tid] },
      {
        name: 'pairings',
        description: "A round's pairings and results",
        options: [tid, { name: 'round', description: 'Round (default: the current one)', type: 'integer', required: false, min: 1 }],
      },
      { name: 'standings', description: 'Standings with tie-breaks', options: [tid] },
      {
        name: 'result',
        description: 'Moderators: set or correct a match result',
        options: [
          { name: 'match', description: 'Match number (from /tournament pairings)', type: 'integer', required: true, min: 1 },
          {
            name: 'outcome',
            description: 'Who won',
            type: 'string',
            required: true,
            choices: [
              { name: 'First side', value: 'a' },
              { name: 'Second side', value: 'b' },
              { name: 'Draw', value: 'draw' },
              { name: 'Nobody scores', value: 'none' },
            ],
          },
          reason(true),
        ],
      },
      {
        name: 'pair',
        description: 'Moderators: pair two players by hand in the current round (before either game has a move)',
        options: [
          { name: 'user', description: 'First player (first side)', type: 'user', required: true },
          { name: 'opponent', description: 'Second player (second side)', type: 'user', required: true },
          reason(true),
        ],
      },
      { name: 'log', description: "The organiser's log: manual pairings, corrections, reinstatements", options: [tid] },
    ],
  };
}

function find(svc: Services, inv: Invocation): Tournament {
  const repo = repoOf(svc);
  const id = int(inv.options, 'id', 1, Number.MAX_SAFE_INTEGER);
  const t = id ? repo.get(id) : repo.current(inv.where.guildId);
  if (!t || t.guildId !== inv.where.guildId)
    throw new UserError(
      id
        ? `There is no tournament #${id} on this server.`
        : 'There is no tournament on this server yet. A moderator opens one with /tournament create.',
    );
  return t;
}

/** The member acted on: `user:` (moderators only, unless it is the caller) or the caller. */
function target(svc: Services, inv: Invocation, what: string): { id: string; name: string } {
  const u = str(inv.options, 'user');
  if (!u || u === inv.caller.id) return { id: inv.caller.id, name: inv.caller.name };
  requireModerator(svc, inv.caller, inv.where, what);
  return { id: u, name: echo(inv.names?.user ?? u, 100) };
}

export function runTournament(svc: Services, inv: Invocation): Outcome {
  const o = inv.options;
  const repo = repoOf(svc);
  switch (inv.sub) {
    case 'create': {
      requireModerator(svc, inv.caller, inv.where, 'create a tournament');
      const system = str(o, 'system') ?? '';
      const mod = getGame(system);
      if (!mod) throw new UserError(`Unknown game "${echo(system)}".`);
      const options = parseKeyValues(str(o, 'options'));
      mod.parseOptions(options);
      try {
        sidesOf(system, options);
      } catch (e) {
        throw new UserError((e as Error).message);
      }
      const format = str(o, 'format') as Format;
      if (!FORMATS.some((f) => f.value === format)) throw new UserError(`Unknown format "${echo(format)}": swiss, roundrobin or knockout.`);
      const t = repo.create({
        guildId: inv.where.guildId,
        channelId: inv.where.channelId,
        name: echo(str(o, 'name') ?? 'Tournament', 100),
        system,
        options,
        format,
        rounds: int(o, 'rounds', 1, 30) ?? 5,
        clockHours: int(o, 'clock', 1, 24 * 60) ?? null,
        createdBy: inv.caller.id,
      });
      return only(
        publicReply(
          `🏁 Tournament #${t.id} **${t.name}** (${mod.title}, ${FORMATS.find((f) => f.value === format)!.name}` +
            `${format === 'swiss' ? `, ${t.rounds} rounds` : ''}` +
            `${t.clockHours ? `, ${t.clockHours} h per decision or forfeit` : ''}) is open: ` +
            `/tournament signup, then /tournament checkin before it starts.`,
        ),
      );
    }
    case 'signup':
    case 'checkin': {
      const t = find(svc, inv);
      const who = target(svc, inv, `${inv.sub === 'signup' ? 'sign up' : 'check in'} another member`);
      if (t.status !== 'signup') throw new UserError(`Tournament #${t.id} has already started; entries are closed.`);
      if (inv.sub === 'signup') {
        repo.addEntrant(t.id, who.id, who.name);
        return only(
          publicReply(
            `✍️ <@${who.id}> signed up for **${t.name}** (${repo.entrants(t.id).length}` +
              ` so far). Check in with /tournament checkin before it starts.`,
          ),
        );
      }
      if (!repo.entrant(t.id, who.id)) throw new UserError(`<@${who.id}> has not signed up for **${t.name}**: /tournament signup first.`);
      repo.setEntrant(t.id, who.id, { checkedIn: true });
      return only(
        publicReply(`✅ <@${who.id}> checked in for **${t.name}** (${repo.entrants(t.id).filter((e) => e.checkedIn).length} checked in).`),
      );
    }
    case 'drop': {
      const t = find(svc, inv);
      const who = target(svc, inv, 'drop another member');
      const e = repo.entrant(t.id, who.id);
      if (!e || e.dropped) throw new UserError(`<@${who.id}> is not playing in **${t.name}**.`);
      if (t.status === 'signup') {
        repo.removeEntrant(t.id, who.id);
        return only(publicReply(`<@${who.id}> withdrew from **${t.name}**.`));
      }
      repo.setEntrant(t.id, who.id, { dropped: true });
      repo.log(t.id, inv.caller.id, `drop ${who.id}`, str(o, 'reason') ?? 'dropped');
      // A game still in play is lost by forfeit: one game_finished event, like any other end.
      const m = repo.matches(t.id, t.round).find((x) => x.outcome === null && (x.a === who.id || x.b === who.id));
      const row = m?.gameId ? svc.store.game(m.gameId) : null;
      if (m && row && (row.status === 'active' || row.status === 'lobby')) {
        const [sa, sb] = sidesOf(t.system, t.options);
        const winners = [m.a === who.id ? sb : sa];
        svc.store.finish(
          row.id,
          'over',
          JSON.stringify({
            status: 'over',
            winners,
            draw: false,
            scores: {},
            summary: `${who.name} dropped out of the tournament: forfeit.`,
          }),
          'forfeit',
        );
        svc.store.deadlines.clear(row.id);
      }
      return only(
        publicReply(
          `🚪 <@${who.id}> dropped out of **${t.name}**${m ? ' (the game in progress is forfeited)' : ''}. Results already played stand.`,
        ),
      );
    }
    case 'reinstate': {
      requireModerator(svc, inv.caller, inv.where, 'reinstate a player');
      const t = find(svc, inv);
      const who = target(svc, inv, 'reinstate a player');
      const e = repo.entrant(t.id, who.id);
      if (!e?.dropped) throw new UserError(`<@${who.id}> has not dropped out of **${t.name}**.`);
      repo.setEntrant(t.id, who.id, { dropped: false });
      repo.log(t.id, inv.caller.id, `reinstate ${who.id}`, str(o, 'reason')!);
      return only(publicReply(`↩️ <@${who.id}> is back in **${t.name}** from the next round.`));
    }
    case 'start': {
      requireModerator(svc, inv.caller, inv.where, 'start a tournament');
      const t = find(svc, inv);
      if (t.status !== 'signup') throw new UserError(`Tournament #${t.id} has already started.`);
      const ready = repo.entrants(t.id).filter((e) => e.checkedIn && !e.dropped);
      if (ready.length < 2) throw new UserError(`Only ${ready.length} player(s) checked in; a tournament needs two.`);
      const posts = startTournament(svc, t);
      return { replies: [publicReply(`🏁 **${t.name}** starts with ${ready.length} players, seeded by rating.`)], posts };
    }
    case 'pairings': {
      const t = find(svc, inv);
      const round = int(o, 'round', 1, 1000) ?? t.round;
      const names = new Map(repo.entrants(t.id).map((e) => [e.userId, e.userName]));
      const ms = repo.matches(t.id, round);
      if (!ms.length) return only(privateReply(`No pairings for round ${round} of **${t.name}** yet.`));
      const res = (m: (typeof ms)[number]) =>
        (m.outcome === null
          ? 'in play'
          : m.outcome === 'bye'
            ? 'bye'
            : m.outcome === 'draw'
              ? '½–½'
              : m.outcome === 'a'
                ? '1–0'
                : m.outcome === 'b'
                  ? '0–1'
                  : '0–0') + (m.how && m.how !== 'play' && m.how !== 'bye' ? ` (${m.how})` : '');
      const lines = ms.map(
        (m) =>
          `Match ${m.id} · table ${m.board}: ${names.get(m.a)}${m.b ? ` v ${names.get(m.b)}` : ''} — ${res(m)}` +
          `${m.gameId ? ` · game #${m.gameId}` : ''}`,
      );
      return { replies: chunks(`📋 **${t.name}**, round ${round}:\n${lines.join('\n')}`).map((c) => privateReply(c)), posts: [] };
    }
    case 'standings': {
      const t = find(svc, inv);
      return { replies: chunks(standingsText(svc, t, 50)).map((c) => publicReply(c)), posts: [] };
    }
    case 'result': {
      requireModerator(svc, inv.caller, inv.where, 'correct a result');
      const m = repo.match(int(o, 'match', 1, Number.MAX_SAFE_INTEGER)!);
      const t = m && repo.get(m.tournamentId);
      if (!m || !t || t.guildId !== inv.where.guildId)
        throw new UserError('There is no such match on this server (see /tournament pairings).');
      if (!m.b) throw new UserError('That match is a bye; there is no result to correct.');
      const outcome = str(o, 'outcome') as MatchOutcome;
      // The game, if still in play, ends too: its event then finds the match already decided.
      const row = m.gameId ? svc.store.game(m.gameId) : null;
      if (row && (row.status === 'active' || row.status === 'lobby')) {
        const [sa, sb] = sidesOf(t.system, t.options);
        svc.store.finish(
          row.id,
          outcome === 'none' ? 'abandoned' : 'over',
          JSON.stringify({
            status: 'over',
            winners: outcome === 'a' ? [sa] : outcome === 'b' ? [sb] : [],
            draw: outcome === 'draw',
            scores: {},
            summary: `Tournament result set by the organiser: ${echo(str(o, 'reason'))}`,
          }),
          'moderator',
        );
      }
      const was = m.outcome;
      repo.setOutcome(m.id, outcome, 'organiser');
      repo.log(t.id, inv.caller.id, `result match ${m.id}: ${was ?? 'pending'} → ${outcome}`, str(o, 'reason')!);
      return only(
        publicReply(
          `📋 Match ${m.id} (round ${m.round}, table ${m.board}) of **${t.name}**: ${was ?? 'pending'} → ${outcome}. Reason logged.`,
        ),
      );
    }
    case 'pair':
      return manualPair(svc, inv);
    case 'log': {
      const t = find(svc, inv);
      const lines = repo.logOf(t.id).map((l) => `${new Date(l.at).toISOString()} <@${l.by}>: ${l.what} — ${echo(l.reason)}`);
      return only(
        privateReply(lines.length ? `📜 **${t.name}** organiser's log:\n${lines.join('\n')}` : `Nothing in **${t.name}**'s log yet.`),
      );
    }
    default:
      throw new UserError(`Unknown /tournament subcommand "${echo(inv.sub)}".`);
  }
}

/**
 * The organiser pairs two players of the current round by hand; their former
 * opponents meet each other (or get a bye). Only before any of those games has a move.
 */
function manualPair(svc: Services, inv: Invocation): Outcome {
  requireModerator(svc, inv.caller, inv.where, 'pair players by hand');
  const repo = repoOf(svc);
  const t = repo.current(inv.where.guildId);
  if (t?.status !== 'running') throw new UserError('There is no running tournament on this server.');
  const x = str(inv.options, 'user')!;
  const y = str(inv.options, 'opponent')!;
  if (x === y) throw new UserError('A player cannot be paired with themselves.');
  const ms = repo.matches(t.id, t.round);
  const mx = ms.find((m) => m.a === x || m.b === x);
  const my = ms.find((m) => m.a === y || m.b === y);
  if (!mx || !my) throw new UserError('Both players must be paired in the current round.');
  if (mx === my || mx.id === my.id) throw new UserError('They are already paired together.');
  for (const m of [mx, my]) {
    const row = m.gameId ? svc.store.game(m.gameId) : null;
    if ((m.outcome !== null && m.outcome !== 'bye') || (row && row.version > 0))
      throw new UserError(`Match ${m.id} has already begun; pair by hand only before the first move.`);
  }
  const other = (m: typeof mx, me: string) => (m.a === me ? m.b : m.a);
  const ox = other(mx, x);
  const oy = other(my, y);
  const posts = svc.store.db.transaction(() => {
    for (const m of [mx, my]) {
      repo.deleteMatch(m.id);
      if (m.gameId)
        svc.store.finish(m.gameId, 'abandoned', JSON.stringify({ status: 'abandoned', summary: 'Re-paired by the organiser.' }), 'abandon');
    }
    const boards = [mx.board, my.board].sort((a, b) => a - b);
    const pairs = [{ a: x, b: y }, ox && oy ? { a: ox, b: oy } : { a: (ox ?? oy)!, b: null }].filter((p) => p.a);
    // New boards after the round's last one: new games in new channels.
    const next = Math.max(...ms.map((m) => m.board));
    repo.log(
      t.id,
      inv.caller.id,
      `pair ${x} v ${y}${pairs[1] ? `; ${pairs[1].a} v ${pairs[1].b ?? 'bye'}` : ''} (boards ${boards.join(', ')} → ${next + 1}+)`,
      str(inv.options, 'reason')!,
    );
    return pairRound(svc, t, t.round, pairs, next);
  })();
  return { replies: [publicReply(`🔀 The organiser paired <@${x}> v <@${y}> by hand. Reason logged.`)], posts };
}
