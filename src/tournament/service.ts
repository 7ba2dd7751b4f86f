// Running a tournament: seeding, pairing each round once the last is
// finished, one Muster game per match (in its own thread), results taken
// from the games' game_finished events, forfeits on time, standings.
import type { Services } from '../app/services.ts';
import { moduleOf } from '../app/session.ts';
import { sha256 } from '../engine/runner.ts';
import { getGame } from '../games/registry.ts';
import type { Post } from '../messages/types.ts';
import { repoOf, type Bracket, type Match, type Outcome, type Tournament } from './repo.ts';
import { ratingsOf } from './ratings.ts';
import { seedOrder } from './seeding.ts';
import { closeCheckin } from './entry.ts';
import { championOf, sidesOf, swissRoundsOf, totalRounds } from './results.ts';
import { pairingDms } from './notices.ts';
import { nextPairings, type RoundPairing } from './rounds.ts';
import { matchHome, matchOpening, startMatch } from './threads.ts';
import { settleBidsIfReady } from './bids.ts';
import { matchOutcomeOf, type FinishedResult } from './outcomes.ts';
import { hubPost, roundStandingsPosts } from './hub.ts';

const HOUR = 3_600_000;

/** A bye in a bracket sends its player on; a Swiss or round-robin bye scores a point. */
const bracketBye = (t: Tournament, bracket: Bracket) => t.format === 'knockout' || t.format === 'double' || bracket === 'cut';

/**
 * Create the round's matches and their games: each in its own thread under
 * the tournament's channel (opened when its first post is delivered), both
 * players seated and mentioned, and started at once, or after the side bids.
 * Tables take the lowest numbers free in the round, so a re-pairing keeps
 * them numbered from 1. Players who asked for it get their pairing by DM.
 */
export function pairRound(svc: Services, t: Tournament, round: number, pairs: RoundPairing[]): Post[] {
  const repo = repoOf(svc);
  const [sa, sb] = sidesOf(t.system, t.options);
  const names = new Map(repo.entrants(t.id).map((e) => [e.userId, e.userName]));
  const mod = getGame(t.system)!;
  const roles = mod.roles(mod.parseOptions(t.options));
  const lines: string[] = [];
  const posts: Post[] = [];
  const boards = repo.freeBoards(t.id, round, pairs.length);
  const created: Match[] = [];
  const byes: string[] = [];
  svc.store.db.transaction(() => {
    if (round > t.round) repo.update(t.id, { round });
    repo.pairedRound(t.id, round);
  })();
  const stage = (b: Bracket) =>
    ({ main: '', W: "winners' bracket, ", L: "losers' bracket, ", F: 'grand final, ', F2: 'grand final reset, ', cut: 'top cut, ' })[b];
  pairs.forEach((p, i) => {
    const board = boards[i];
    if (p.b === null) {
      created.push(repo.addMatch({ tournamentId: t.id, round, board, a: p.a, b: null, outcome: 'bye', how: 'bye', bracket: p.bracket }));
      // The bye's player is told by mention, with what it is worth.
      const who = p.a.startsWith('bot:') ? names.get(p.a) : `<@${p.a}>`;
      if (!p.a.startsWith('bot:')) byes.push(p.a);
      lines.push(`Table ${board}: ${stage(p.bracket)}${who} — bye (${bracketBye(t, p.bracket) ? 'goes on' : '1 point'})`);
      return;
    }
    const m = repo.addMatch({ tournamentId: t.id, round, board, a: p.a, b: p.b, bracket: p.bracket });
    created.push(m);
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
    {
      channelId: t.channelId,
      content: `📋 **${t.name}** — round ${round} pairings:\n${lines.join('\n')}`,
      ...(byes.length ? { mentions: byes } : {}),
    },
    ...posts,
    ...pairingDms(svc, t, created),
    hubPost(t.id, t.channelId),
  ];
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

/**
 * Move a tournament on: when its round is complete post the standings and
 * pair the next round (or finish). Returns whether it paired or finished.
 */
function advanceOne(svc: Services, t: Tournament, posts: Post[]): boolean {
  const repo = repoOf(svc);
  const current = repo.matches(t.id, t.round);
  if (current.some((m) => m.outcome === null)) return false;
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
  if (justFinished && (t.round <= swissRoundsOf(repo, t) || fresh.status === 'finished')) posts.push(...roundStandingsPosts(svc, fresh));
  if (next === undefined) {
    if (justFinished)
      posts.push(
        { channelId: t.channelId, content: `⏳ **${t.name}**: round ${t.round + 1} is paired <t:${Math.floor(waitUntil / 1000)}:R>.` },
        hubPost(t.id, t.channelId),
      );
    return false;
  }
  if (fresh.status === 'finished') {
    const champion = championOf(repo, fresh);
    if (champion) posts.push({ channelId: t.channelId, content: `🥇 **${t.name}** winner: <@${champion}>`, mentions: [champion] });
    posts.push(hubPost(t.id, t.channelId));
  } else posts.push(...pairRound(svc, fresh, t.round + 1, next!));
  return true;
}

/**
 * Move these tournaments on, and any whose games end meanwhile (a round of
 * bot seats plays out as it is paired). Idempotent.
 */
function advance(svc: Services, ids: Iterable<number>): Post[] {
  const repo = repoOf(svc);
  const posts: Post[] = [];
  const pending = new Set(ids);
  const resultsOnly = new Set(pending);
  for (let guard = 0; guard < 10_000 && pending.size; guard++) {
    const [id] = pending;
    pending.delete(id);
    // One process at a time reads a round and pairs the next (issue 21 §3): the write
    // lock is taken before the round is read, so a second process (its tick, or its
    // command that ended another game) finds the round paired and pairs nothing.
    const step: Post[] = [];
    const moved = svc.store.db
      .transaction(() => {
        const t = repo.get(id);
        return t?.status === 'running' && advanceOne(svc, t, step);
      })
      .immediate();
    posts.push(...step);
    // Paired (a round of byes may be complete at once) or finished: look again.
    if (moved) {
      resultsOnly.delete(id);
      pending.add(id);
    }
    for (const more of consumeFinished(svc)) {
      pending.add(more);
      resultsOnly.add(more);
    }
  }
  // Results came in without closing a round: the hub shows them.
  for (const id of resultsOnly) {
    const t = repo.get(id);
    if (t) posts.push(hubPost(t.id, t.channelId));
  }
  return posts;
}

/**
 * After a command: the tournaments whose games ended (their game_finished
 * events, not yet taken) move on; with no such event this is one indexed
 * read and no tournament is looked at. Ratings fold the finished games.
 */
export function advanceFinished(svc: Services): Post[] {
  const touched = consumeFinished(svc);
  const posts = touched.size ? advance(svc, touched) : [];
  ratingsOf(svc).sync();
  return posts;
}

/** A tournament an organiser changed directly (a corrected result may complete its round). */
export const advanceTournament = (svc: Services, tournamentId: number): Post[] => advance(svc, [tournamentId]);

/** The tick (and a restart): every running tournament, so rounds at set times are paired when their time comes. */
export function advanceRunning(svc: Services): Post[] {
  const posts = advance(svc, [
    ...consumeFinished(svc),
    ...repoOf(svc)
      .running()
      .map((t) => t.id),
  ]);
  ratingsOf(svc).sync();
  return posts;
}

/**
 * Seed (by rating, unrated players by sign-up order, or as the organiser
 * seeded by hand) and pair round 1. Signed-up players who never checked in
 * are told they are not playing.
 */
export function startTournament(svc: Services, t: Tournament): Post[] {
  const repo = repoOf(svc);
  const missed = closeCheckin(svc, t);
  const ready = repo.entrants(t.id).filter((e) => e.checkedIn && !e.dropped);
  const order = seedOrder(svc, t, ready);
  svc.store.db.transaction(() => {
    // Players out of the field (withdrawn, never checked in) keep no seed.
    for (const e of repo.entrants(t.id)) if (!e.checkedIn || e.dropped) repo.setEntrant(t.id, e.userId, { seed: null });
    order.forEach(({ entrant, rating }, i) => repo.setEntrant(t.id, entrant.userId, { seed: i + 1, rating: rating ?? 0 }));
    repo.update(t.id, { status: 'running', rounds: t.format === 'swisscut' || t.format === 'swiss' ? t.rounds : totalRounds(repo, t) });
  })();
  const fresh = repo.get(t.id)!;
  return [...missed, ...pairRound(svc, fresh, 1, nextPairings(repo, fresh, 1) ?? []), ...advance(svc, [fresh.id])];
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
    // Still active once the write lock is held: another process may have ended the game meanwhile (issue 21 §3).
    const forfeited = svc.store.db
      .transaction(() => {
        if (svc.store.game(row.id)?.status !== 'active') return false;
        svc.store.finish(row.id, 'over', JSON.stringify(result), 'forfeit');
        svc.store.deadlines.clear(row.id);
        return true;
      })
      .immediate();
    if (!forfeited) continue;
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
  forfeit = false,
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
      ...(forfeit ? { forfeit: true } : {}),
      summary,
    }),
    'moderator',
  );
  svc.store.deadlines.clear(row.id);
}
