// Running a tournament: seeding, pairing each round once the last is
// finished, one Muster game per match (in its own thread), results taken
// from the games' game_finished events, forfeits on time, standings.
import type { Services } from '../app/services.ts';
import { moduleOf } from '../app/session.ts';
import { sha256 } from '../engine/runner.ts';
import { getGame } from '../games/registry.ts';
import type { Post } from '../messages/types.ts';
import {
  doubleElimRound,
  knockoutFirstRound,
  knockoutNextRound,
  knockoutRounds,
  orient,
  roundRobinRound,
  roundRobinRounds,
  swissRound,
  type ElimGame,
  type PairPlayer,
  type Pairing,
} from './pairing.ts';
import { TournamentRepo, type Bracket, type Match, type Outcome, type Tournament } from './repo.ts';
import { ALL_SIDES, Ratings } from './ratings.ts';
import { standings, type Standing, type StandingGame } from './standings.ts';
import { matchHome, matchOpening } from './threads.ts';
import { matchOutcomeOf, settleBidsIfReady, type FinishedResult } from './bids.ts';
import { hubPost, roundStandingsPosts } from './hub.ts';

const HOUR = 3_600_000;

export const repoOf = (svc: Services) => new TournamentRepo(svc.store.db, svc.store.now);
export const ratingsOf = (svc: Services) => new Ratings(svc.store);

export type RoundPairing = Pairing & { bracket: Bracket };

/** The sides of a two-seat system: [first, second]. */
export function sidesOf(system: string, options: Record<string, string | number | boolean>): [string, string] {
  const mod = getGame(system);
  if (!mod) throw new Error(`Unknown game system ${system}.`);
  const roles = mod.roles(mod.parseOptions(options));
  if (roles.length !== 2) throw new Error(`${mod.title} has ${roles.length} sides; tournaments pair two players per game.`);
  return [roles[0].id, roles[1].id];
}

export const isElimination = (t: Tournament, m?: Match) =>
  t.format === 'knockout' || t.format === 'double' || (t.format === 'swisscut' && (!m || m.bracket === 'cut'));

export function points(m: Match): { pa: number; pb: number; played: boolean } {
  const played = m.b !== null && m.how !== 'forfeit' && m.outcome !== 'none';
  switch (m.outcome) {
    case 'a':
    case 'bye':
      return { pa: 1, pb: 0, played };
    case 'b':
      return { pa: 0, pb: 1, played };
    case 'draw':
      return { pa: 0.5, pb: 0.5, played };
    default:
      return { pa: 0, pb: 0, played: false };
  }
}

/** Standings over the rounds up to `upTo` (default: all); the top cut's games are not in a Swiss's standings. */
export function tournamentStandings(repo: TournamentRepo, t: Tournament, upTo = Infinity): Standing[] {
  const entrants = repo.entrants(t.id);
  const games: StandingGame[] = repo
    .matches(t.id)
    .filter((m) => m.outcome !== null && m.round <= upTo && m.bracket !== 'cut')
    .map((m) => ({ round: m.round, a: m.a, b: m.b, ...points(m) }));
  const rating = new Map(entrants.map((e) => [e.userId, e.rating]));
  return standings(
    entrants.filter((e) => e.checkedIn).map((e) => e.userId),
    games,
    (id) => rating.get(id) ?? 0,
  );
}

function history(repo: TournamentRepo, t: Tournament, before = Infinity): Map<string, PairPlayer> {
  const out = new Map<string, PairPlayer>();
  for (const e of repo.entrants(t.id))
    if (e.checkedIn) out.set(e.userId, { id: e.userId, score: 0, rating: e.rating, opponents: [], byes: 0, sides: [] });
  for (const m of repo.matches(t.id)) {
    if (m.round >= before) continue;
    const a = out.get(m.a)!;
    const { pa, pb } = points(m);
    a.score += pa;
    if (m.b === null) {
      a.byes++;
      continue;
    }
    const b = out.get(m.b)!;
    b.score += pb;
    a.opponents.push(b.id);
    b.opponents.push(a.id);
    a.sides.push('a');
    b.sides.push('b');
  }
  return out;
}

/** Seed numbers for a draw in an elimination game: the entry seed, or the Swiss rank in a top cut. */
function seedsFor(repo: TournamentRepo, t: Tournament, m: Match): Map<string, number> {
  if (m.bracket === 'cut') return new Map(tournamentStandings(repo, t, t.rounds).map((s) => [s.id, s.rank]));
  return new Map(repo.entrants(t.id).map((e) => [e.userId, e.seed ?? Number.MAX_SAFE_INTEGER]));
}

/** Who goes on from an elimination game: a draw sends the better seed through. */
export function winnerOf(repo: TournamentRepo, t: Tournament, m: Match): string | null {
  if (m.outcome === 'a' || m.outcome === 'bye') return m.a;
  if (m.outcome === 'b') return m.b;
  if (m.outcome === 'draw') {
    const seed = seedsFor(repo, t, m);
    return (seed.get(m.a) ?? Infinity) <= (seed.get(m.b!) ?? Infinity) ? m.a : m.b;
  }
  return null;
}

/** Sides in elimination games balance like the Swiss's (who played the first side last takes the second). */
function balanced(repo: TournamentRepo, t: Tournament, round: number, pairs: RoundPairing[]): RoundPairing[] {
  const h = history(repo, t, round);
  return pairs.map((p, i) => (p.b === null ? p : { ...orient(h.get(p.a)!, h.get(p.b)!, i), bracket: p.bracket }));
}

function knockoutFrom(repo: TournamentRepo, t: Tournament, prev: Match[], dropped: Set<string>, bracket: Bracket): RoundPairing[] | null {
  const winners = prev.map((m) => winnerOf(repo, t, m)).map((w) => (w && !dropped.has(w) ? w : null));
  if (winners.filter(Boolean).length <= 1) return null;
  return knockoutNextRound(winners).map((p) => ({ ...p, bracket }));
}

/** The pairings of round `round` from the results of the rounds before it (null: the tournament is over). */
export function nextPairings(repo: TournamentRepo, t: Tournament, round: number): RoundPairing[] | null {
  const entrants = repo.entrants(t.id).filter((e) => e.checkedIn);
  const active = entrants.filter((e) => !e.dropped);
  const dropped = new Set(entrants.filter((e) => e.dropped).map((e) => e.userId));
  const main = (ps: Pairing[]) => ps.map((p): RoundPairing => ({ ...p, bracket: 'main' }));
  if (t.format === 'swiss' || (t.format === 'swisscut' && round <= t.rounds)) {
    if (round > t.rounds || active.length < 2) return null;
    const h = history(repo, t, round);
    return main(swissRound(active.map((e) => h.get(e.userId)!)));
  }
  if (t.format === 'roundrobin') {
    if (round > roundRobinRounds(entrants.length)) return null;
    // The schedule is fixed by seed; a dropped player's opponent gets the round off (a bye).
    return main(
      roundRobinRound(
        entrants.map((e) => e.userId),
        round,
      ).flatMap((p) => {
        const aIn = !dropped.has(p.a);
        const bIn = p.b !== null && !dropped.has(p.b);
        if (aIn && bIn) return [p];
        if (aIn) return [{ a: p.a, b: null }];
        if (bIn) return [{ a: p.b!, b: null }];
        return [];
      }),
    );
  }
  if (t.format === 'swisscut') {
    if (round === t.rounds + 1) {
      const top = tournamentStandings(repo, t, t.rounds)
        .filter((s) => !dropped.has(s.id))
        .slice(0, t.cut)
        .map((s) => s.id);
      if (top.length < 2) return null;
      return balanced(
        repo,
        t,
        round,
        knockoutFirstRound(top).map((p) => ({ ...p, bracket: 'cut' })),
      );
    }
    const ps = knockoutFrom(repo, t, repo.matches(t.id, round - 1), dropped, 'cut');
    return ps && balanced(repo, t, round, ps);
  }
  if (t.format === 'double') {
    const games: ElimGame[] = repo
      .matches(t.id)
      .filter((m) => m.round < round && m.bracket !== 'main' && m.bracket !== 'cut')
      .map((m) => ({
        round: m.round,
        board: m.board,
        bracket: m.bracket as ElimGame['bracket'],
        a: m.a,
        b: m.b,
        winner: winnerOf(repo, t, m),
      }));
    const ps = doubleElimRound(
      entrants.map((e) => e.userId),
      games,
      dropped,
    );
    return ps && balanced(repo, t, round, ps);
  }
  if (round === 1) return balanced(repo, t, 1, main(knockoutFirstRound(active.map((e) => e.userId))));
  const ps = knockoutFrom(repo, t, repo.matches(t.id, round - 1), dropped, 'main');
  return ps && balanced(repo, t, round, ps);
}

/** Rounds the tournament plays (double elimination: at most, with the grand final's reset). */
export function totalRounds(repo: TournamentRepo, t: Tournament): number {
  const n = repo.entrants(t.id).filter((e) => e.checkedIn).length;
  if (t.format === 'roundrobin') return roundRobinRounds(n);
  if (t.format === 'knockout') return knockoutRounds(n);
  if (t.format === 'double') return 2 * knockoutRounds(n) + 1;
  if (t.format === 'swisscut') return t.rounds + knockoutRounds(Math.min(t.cut, n));
  return t.rounds;
}

/** The Swiss rounds of a Swiss with a top cut are `rounds`; the cut comes after them. */
const swissRoundsOf = (repo: TournamentRepo, t: Tournament) =>
  t.format === 'swisscut' ? t.rounds : t.format === 'knockout' || t.format === 'double' ? 0 : totalRounds(repo, t);

/**
 * Create the round's matches and their games: each in its own thread under
 * the tournament's channel (opened when its first post is delivered), both
 * players seated and mentioned, and started at once, or after the side bids.
 */
export function pairRound(svc: Services, t: Tournament, round: number, pairs: RoundPairing[], boardOffset = 0): Post[] {
  const repo = repoOf(svc);
  const [sa, sb] = sidesOf(t.system, t.options);
  const names = new Map(repo.entrants(t.id).map((e) => [e.userId, e.userName]));
  const mod = getGame(t.system)!;
  const roles = mod.roles(mod.parseOptions(t.options));
  const lines: string[] = [];
  const posts: Post[] = [];
  svc.store.db.transaction(() => {
    if (round > t.round) repo.update(t.id, { round });
    repo.pairedRound(t.id, round);
  })();
  const stage = (b: Bracket) =>
    ({ main: '', W: "winners' bracket, ", L: "losers' bracket, ", F: 'grand final, ', F2: 'grand final reset, ', cut: 'top cut, ' })[b];
  pairs.forEach((p, i) => {
    const board = boardOffset + i + 1;
    if (p.b === null) {
      repo.addMatch({ tournamentId: t.id, round, board, a: p.a, b: null, outcome: 'bye', how: 'bye', bracket: p.bracket });
      lines.push(`Table ${board}: ${stage(p.bracket)}${names.get(p.a)} — bye (goes on)`);
      return;
    }
    const m = repo.addMatch({ tournamentId: t.id, round, board, a: p.a, b: p.b, bracket: p.bracket });
    const seed = svc.newSeed();
    const home = matchHome(t, round, board);
    const row = svc.store.createGame({
      guildId: t.guildId,
      channelId: home,
      system: t.system,
      options: t.options,
      seed: `${seed}:${t.id}:${round}:${board}`,
      seedHash: sha256(`${seed}:${t.id}:${round}:${board}`),
      createdBy: t.createdBy,
      label: `${t.name}, round ${round}, table ${board}`,
    });
    // Its chronicle goes to the tournament's channel (a forum holding the threads takes no plain posts).
    svc.store.homes.setParent(row.id, t.channelId);
    svc.store.setSeat(row.id, sa, p.a, names.get(p.a) ?? p.a);
    svc.store.setSeat(row.id, sb, p.b, names.get(p.b) ?? p.b);
    repo.setGame(m.id, row.id);
    if (t.clockHours) {
      svc.store.deadlines.setClock(row.id, t.clockHours * HOUR);
      if (t.bonusHours !== null) svc.store.deadlines.setBank(row.id, t.bonusHours * HOUR, t.capHours === null ? null : t.capHours * HOUR);
    }
    lines.push(
      `Table ${board}: ${stage(p.bracket)}${names.get(p.a)} (${roles[0].name}) v ${names.get(p.b)} (${roles[1].name}) ` +
        `— game #${row.id}, in its own thread`,
    );
    const fresh = repo.match(m.id)!;
    if (t.bidding) {
      posts.push(matchOpening(svc, t, fresh, row.id, 'bidding'));
      posts.push(...settleBidsIfReady(svc, t, fresh));
      return;
    }
    posts.push(...startMatch(svc, t, fresh));
  });
  return [
    { channelId: t.channelId, content: `📋 **${t.name}** — round ${round} pairings:\n${lines.join('\n')}` },
    ...posts,
    hubPost(t.id, t.channelId),
  ];
}

/** Start a match's game (both seats taken) and post its opening in its thread. Bot seats may play it to the end here. */
export function startMatch(svc: Services, t: Tournament, m: Match): Post[] {
  const row = svc.store.game(m.gameId!)!;
  if (row.status !== 'lobby') return [];
  const { res } = svc.sessions.start(row);
  return [matchOpening(svc, t, m, row.id, 'start', res.env)];
}

/** Take the outcome of every match whose game has ended (the game_finished event). */
function consumeFinished(svc: Services): Set<number> {
  const repo = repoOf(svc);
  const rows = repo.unconsumed();
  const touched = new Set<number>();
  for (const { match, status, how, result } of rows) {
    const t = repo.get(match.tournamentId)!;
    const outcome = matchOutcomeOf(match, sidesOf(t.system, t.options), status, how, JSON.parse(result) as FinishedResult);
    repo.setOutcome(match.id, outcome, how);
    repo.dropReport(match.id);
    touched.add(t.id);
  }
  return touched;
}

/** The winner of a finished tournament (elimination: the last game's; else the standings' first). */
export function championOf(repo: TournamentRepo, t: Tournament): string | null {
  if (t.status !== 'finished') return null;
  const bracket = repo.matches(t.id).filter((m) => m.bracket !== 'main' || t.format === 'knockout');
  if (isElimination(t) && bracket.length) {
    const ms = bracket.filter((m) => m.round === Math.max(...bracket.map((x) => x.round)));
    const alive = ms.map((m) => winnerOf(repo, t, m)).filter(Boolean);
    return alive.length === 1 ? alive[0] : null;
  }
  return tournamentStandings(repo, t)[0]?.id ?? null;
}

/**
 * Move every running tournament on: take finished games' outcomes, and when
 * a round is complete post the standings and pair the next (or finish).
 * Idempotent; runs after every command and on the tick, so a restart resumes.
 */
export function advanceTournaments(svc: Services): Post[] {
  const repo = repoOf(svc);
  const posts: Post[] = [];
  const changed = new Set<number>();
  for (let guard = 0; guard < 10_000; guard++) {
    for (const id of consumeFinished(svc)) changed.add(id);
    let moved = false;
    for (const t of repo.running()) {
      const current = repo.matches(t.id, t.round);
      if (current.some((m) => m.outcome === null)) continue;
      const justFinished = repo.finishedRound(t.id, t.round);
      // Rounds at set times: the next one waits for its time (the tick pairs it then).
      const pairedAt = repo.pairedAt(t.id, t.round);
      const waitUntil = t.roundHours && pairedAt !== null ? pairedAt + t.roundHours * HOUR : 0;
      // The last round ends the tournament at once; a next one waits for its time
      // (a Swiss round before the last is not paired just to learn that: 75 ms for 500 entrants).
      const waiting = svc.now() < waitUntil;
      const surelyMore = (t.format === 'swiss' || t.format === 'swisscut') && t.round < t.rounds;
      const pairs = waiting && surelyMore ? undefined : nextPairings(repo, t, t.round + 1);
      const next = waiting && (surelyMore || pairs?.length) ? undefined : pairs;
      if (next !== undefined && !next?.length) repo.update(t.id, { status: 'finished' });
      const fresh = repo.get(t.id)!;
      // A Swiss (and a Swiss before its cut) posts standings after each round; an elimination its bracket's progress.
      if (justFinished && (t.round <= swissRoundsOf(repo, t) || fresh.status === 'finished'))
        posts.push(...roundStandingsPosts(svc, fresh));
      if (next === undefined) {
        if (justFinished)
          posts.push(
            { channelId: t.channelId, content: `⏳ **${t.name}**: round ${t.round + 1} is paired <t:${Math.floor(waitUntil / 1000)}:R>.` },
            hubPost(t.id, t.channelId),
          );
        changed.delete(t.id);
        continue;
      }
      if (fresh.status === 'finished') {
        const champion = championOf(repo, fresh);
        if (champion) posts.push({ channelId: t.channelId, content: `🥇 **${t.name}** winner: <@${champion}>`, mentions: [champion] });
        posts.push(hubPost(t.id, t.channelId));
      } else posts.push(...pairRound(svc, fresh, t.round + 1, next!));
      changed.delete(t.id);
      moved = true;
    }
    if (!moved) break;
  }
  // Results came in without closing a round: the hub shows them.
  for (const id of changed) {
    const t = repo.get(id);
    if (t) posts.push(hubPost(t.id, t.channelId));
  }
  ratingsOf(svc).sync();
  return posts;
}

/** Seed by rating (the system's openskill ordinal; unrated players last) and pair round 1. */
export function startTournament(svc: Services, t: Tournament): Post[] {
  const repo = repoOf(svc);
  const ratings = ratingsOf(svc);
  const ready = repo.entrants(t.id).filter((e) => e.checkedIn && !e.dropped);
  const rated = ready.map((e) => ({ e, r: ratings.get(t.guildId, t.system, ALL_SIDES, e.userId)?.ordinal ?? -Infinity }));
  rated.sort((x, y) => y.r - x.r || (x.e.userId < y.e.userId ? -1 : 1));
  svc.store.db.transaction(() => {
    rated.forEach(({ e, r }, i) => repo.setEntrant(t.id, e.userId, { seed: i + 1, rating: Number.isFinite(r) ? r : 0 }));
    repo.update(t.id, { status: 'running', rounds: t.format === 'swisscut' || t.format === 'swiss' ? t.rounds : totalRounds(repo, t) });
  })();
  const fresh = repo.get(t.id)!;
  return [...pairRound(svc, fresh, 1, nextPairings(repo, fresh, 1) ?? []), ...advanceTournaments(svc)];
}

/**
 * Tournament games whose decision clock ran out: the late seat forfeits
 * (a tournament's clock ends the game instead of taking the default).
 */
export function forfeitOnTime(svc: Services): Post[] {
  const repo = repoOf(svc);
  const posts: Post[] = [];
  for (const d of svc.store.deadlines.due(svc.now(), 1000)) {
    const m = repo.matchOfGame(d.gameId);
    const row = svc.store.game(d.gameId);
    if (!m || !row || row.status !== 'active') continue;
    const mod = moduleOf(row);
    const roles = mod.roles(mod.parseOptions(row.options)).map((r) => r.id);
    const winners = roles.filter((r) => r !== d.role);
    const result = { status: 'over', winners, draw: false, scores: {}, summary: `${d.role} forfeits: the clock ran out.` };
    svc.store.db.transaction(() => {
      svc.store.finish(row.id, 'over', JSON.stringify(result), 'forfeit');
      svc.store.deadlines.clear(row.id);
    })();
    posts.push({
      channelId: row.channelId,
      gameId: row.id,
      content: `⏰ Time is up for ${d.role}: forfeit. ${winners.join(', ')} wins game #${row.id}.`,
    });
  }
  return posts;
}

/**
 * End a match's game as the organiser decided (or a confirmed report): one
 * game_finished event, like any end. `vp`: the organiser gave the final VP
 * (onVp: the result was decided on them, so a bid applies to it).
 */
export function finishMatchGame(
  svc: Services,
  t: Tournament,
  m: Match,
  outcome: Outcome,
  summary: string,
  vp?: { scores: Record<string, number>; onVp: boolean },
): void {
  const row = m.gameId ? svc.store.game(m.gameId) : null;
  if (!row || (row.status !== 'active' && row.status !== 'lobby')) return;
  const [sa, sb] = sidesOf(t.system, t.options);
  svc.store.finish(
    row.id,
    outcome === 'none' ? 'abandoned' : 'over',
    JSON.stringify({
      status: outcome === 'none' ? 'abandoned' : 'over',
      winners: outcome === 'a' ? [sa] : outcome === 'b' ? [sb] : [],
      draw: outcome === 'draw',
      scores: vp?.scores ?? {},
      ...(vp ? { onVp: vp.onVp } : {}),
      summary,
    }),
    'moderator',
  );
  svc.store.deadlines.clear(row.id);
}
