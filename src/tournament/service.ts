// Running a tournament: seeding, pairing each round once the last is
// finished, one Muster game per match, results taken from the games'
// game_finished events, forfeits on time, standings.
import type { Services } from '../app/services.ts';
import { moduleOf } from '../app/session.ts';
import { sha256 } from '../engine/runner.ts';
import { getGame } from '../games/registry.ts';
import type { Post } from '../../commands/types.ts';
import {
  knockoutFirstRound,
  knockoutNextRound,
  knockoutRounds,
  roundRobinRound,
  roundRobinRounds,
  swissRound,
  type PairPlayer,
  type Pairing,
} from './pairing.ts';
import { TournamentRepo, type Match, type Outcome, type Tournament } from './repo.ts';
import { ALL_SIDES, Ratings } from './ratings.ts';
import { standings, type Standing, type StandingGame } from './standings.ts';

const HOUR = 3_600_000;

export const repoOf = (svc: Services) => new TournamentRepo(svc.store.db, svc.store.now);
export const ratingsOf = (svc: Services) => new Ratings(svc.store);

/** Channel (thread at Discord, later) of a match's game. */
export const matchChannel = (tid: number, round: number, board: number) => `t${tid}-r${round}-m${board}`;

/** The sides of a two-seat system: [first, second]. */
export function sidesOf(system: string, options: Record<string, string | number | boolean>): [string, string] {
  const mod = getGame(system);
  if (!mod) throw new Error(`Unknown game system ${system}.`);
  const roles = mod.roles(mod.parseOptions(options));
  if (roles.length !== 2) throw new Error(`${mod.title} has ${roles.length} sides; tournaments pair two players per game.`);
  return [roles[0].id, roles[1].id];
}

function points(m: Match): { pa: number; pb: number; played: boolean } {
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

export function tournamentStandings(repo: TournamentRepo, t: Tournament): Standing[] {
  const entrants = repo.entrants(t.id);
  const games: StandingGame[] = repo
    .matches(t.id)
    .filter((m) => m.outcome !== null)
    .map((m) => ({ round: m.round, a: m.a, b: m.b, ...points(m) }));
  const rating = new Map(entrants.map((e) => [e.userId, e.rating]));
  return standings(
    entrants.filter((e) => e.checkedIn).map((e) => e.userId),
    games,
    (id) => rating.get(id) ?? 0,
  );
}

function history(repo: TournamentRepo, t: Tournament): Map<string, PairPlayer> {
  const out = new Map<string, PairPlayer>();
  for (const e of repo.entrants(t.id))
    if (e.checkedIn) out.set(e.userId, { id: e.userId, score: 0, rating: e.rating, opponents: [], byes: 0, sides: [] });
  for (const m of repo.matches(t.id)) {
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

function winnerOf(m: Match): string | null {
  if (m.outcome === 'a' || m.outcome === 'bye') return m.a;
  if (m.outcome === 'b') return m.b;
  // A drawn knockout game: the first side's player goes through (round 1: the better seed).
  if (m.outcome === 'draw') return m.a;
  return null;
}

/** The pairings of the next round, by format. */
export function nextPairings(repo: TournamentRepo, t: Tournament, round: number): Pairing[] {
  const entrants = repo.entrants(t.id).filter((e) => e.checkedIn);
  const active = entrants.filter((e) => !e.dropped);
  if (t.format === 'swiss') {
    const h = history(repo, t);
    return swissRound(active.map((e) => h.get(e.userId)!));
  }
  if (t.format === 'roundrobin') {
    // The schedule is fixed by seed; a dropped player's opponent gets the round off (a bye).
    const dropped = new Set(entrants.filter((e) => e.dropped).map((e) => e.userId));
    return roundRobinRound(
      entrants.map((e) => e.userId),
      round,
    ).flatMap((p) => {
      const aIn = !dropped.has(p.a);
      const bIn = p.b !== null && !dropped.has(p.b);
      if (aIn && bIn) return [p];
      if (aIn) return [{ a: p.a, b: null }];
      if (bIn) return [{ a: p.b!, b: null }];
      return [];
    });
  }
  if (round === 1) return knockoutFirstRound(active.map((e) => e.userId));
  const dropped = new Set(entrants.filter((e) => e.dropped).map((e) => e.userId));
  const winners = repo
    .matches(t.id, round - 1)
    .map((m) => winnerOf(m))
    .map((w) => (w && !dropped.has(w) ? w : null));
  return knockoutNextRound(winners);
}

/** Create the round's matches and their games (both players seated; started at once). */
export function pairRound(svc: Services, t: Tournament, round: number, pairs: Pairing[], boardOffset = 0): Post[] {
  const repo = repoOf(svc);
  const [sa, sb] = sidesOf(t.system, t.options);
  const names = new Map(repo.entrants(t.id).map((e) => [e.userId, e.userName]));
  const mod = getGame(t.system)!;
  const lines: string[] = [];
  const posts: Post[] = [];
  svc.store.db.transaction(() => {
    repo.update(t.id, { round });
    repo.pairedRound(t.id, round);
  })();
  pairs.forEach((p, i) => {
    const board = boardOffset + i + 1;
    if (p.b === null) {
      repo.addMatch({ tournamentId: t.id, round, board, a: p.a, b: null, outcome: 'bye', how: 'bye' });
      lines.push(`Table ${board}: ${names.get(p.a)} — bye (1 point)`);
      return;
    }
    const m = repo.addMatch({ tournamentId: t.id, round, board, a: p.a, b: p.b });
    const seed = svc.newSeed();
    const row = svc.store.createGame({
      guildId: t.guildId,
      channelId: matchChannel(t.id, round, board),
      system: t.system,
      options: t.options,
      seed: `${seed}:${t.id}:${round}:${board}`,
      seedHash: sha256(`${seed}:${t.id}:${round}:${board}`),
      createdBy: t.createdBy,
      label: `${t.name}, round ${round}, table ${board}`,
    });
    svc.store.setSeat(row.id, sa, p.a, names.get(p.a) ?? p.a);
    svc.store.setSeat(row.id, sb, p.b, names.get(p.b) ?? p.b);
    repo.setGame(m.id, row.id);
    if (t.clockHours) svc.store.deadlines.setClock(row.id, t.clockHours * HOUR);
    lines.push(
      `Table ${board}: ${names.get(p.a)} (${mod.roles(mod.parseOptions(t.options))[0].name}) v ` +
        `${names.get(p.b)} (${mod.roles(mod.parseOptions(t.options))[1].name}) — game #${row.id} in #` +
        `${row.channelId}`,
    );
    // Bot seats may play the whole game inside start; its end is then a game_finished event like any other.
    svc.sessions.start(row);
    posts.push({
      channelId: row.channelId,
      content: `⚔️ ${t.name}, round ${round}, table ${board}: <@${p.a}> v <@${p.b}>. Play with /${mod.command}.`,
      mentions: [p.a, p.b].filter((u) => !u.startsWith('bot:')),
    });
  });
  return [{ channelId: t.channelId, content: `📋 **${t.name}** — round ${round} pairings:\n${lines.join('\n')}` }, ...posts];
}

/** Take the outcome of every match whose game has ended (the game_finished event). */
function consumeFinished(svc: Services): number {
  const repo = repoOf(svc);
  const rows = repo.unconsumed();
  for (const { match, status, how, result } of rows) {
    const t = repo.get(match.tournamentId)!;
    const [sa, sb] = sidesOf(t.system, t.options);
    const r = JSON.parse(result) as { winners?: string[]; draw?: boolean };
    let outcome: Outcome = 'none';
    if (status === 'over')
      outcome = r.draw
        ? 'draw'
        : r.winners?.includes(sa) && !r.winners.includes(sb)
          ? 'a'
          : r.winners?.includes(sb) && !r.winners.includes(sa)
            ? 'b'
            : r.winners?.length
              ? 'draw'
              : 'none';
    repo.setOutcome(match.id, outcome, how);
  }
  return rows.length;
}

export function standingsText(svc: Services, t: Tournament, top = 20): string {
  const repo = repoOf(svc);
  const names = new Map(repo.entrants(t.id).map((e) => [e.userId, `${e.userName}${e.dropped ? ' (dropped)' : ''}`]));
  const s = tournamentStandings(repo, t);
  const f = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
  const rows = s
    .slice(0, top)
    .map(
      (x) =>
        `${x.rank}. ${names.get(x.id)} — ${f(x.score)} pts · Buchholz ${f(x.buchholz)} · median ` +
        `${f(x.medianBuchholz)} · SB ${f(x.sonnebornBerger)}`,
    );
  return (
    `🏆 **${t.name}** standings after round ${t.round}${t.status === 'finished' ? ' (final)' : ''}:\n` +
    `${rows.join('\n')}${s.length > top ? `\n… and ${s.length - top} more.` : ''}`
  );
}

function totalRounds(repo: TournamentRepo, t: Tournament): number {
  const n = repo.entrants(t.id).filter((e) => e.checkedIn).length;
  if (t.format === 'roundrobin') return roundRobinRounds(n);
  if (t.format === 'knockout') return knockoutRounds(n);
  return t.rounds;
}

/**
 * Move every running tournament on: take finished games' outcomes, and when
 * a round is complete post the standings and pair the next (or finish).
 * Idempotent; runs after every command and on the tick, so a restart resumes.
 */
export function advanceTournaments(svc: Services): Post[] {
  const repo = repoOf(svc);
  const posts: Post[] = [];
  for (let guard = 0; guard < 10_000; guard++) {
    consumeFinished(svc);
    let moved = false;
    for (const t of repo.running()) {
      const current = repo.matches(t.id, t.round);
      if (current.some((m) => m.outcome === null)) continue;
      repo.finishedRound(t.id, t.round);
      const done = t.round >= totalRounds(repo, t) || (t.format === 'knockout' && current.filter((m) => winnerOf(m)).length <= 1);
      if (done) repo.update(t.id, { status: 'finished' });
      const fresh = repo.get(t.id)!;
      posts.push({
        channelId: t.channelId,
        content:
          standingsText(svc, fresh) +
          (done && t.format === 'knockout' ? `\n🥇 Winner: <@${current.map(winnerOf).find(Boolean) ?? '?'}>` : ''),
      });
      if (!done) posts.push(...pairRound(svc, fresh, t.round + 1, nextPairings(repo, fresh, t.round + 1)));
      moved = true;
    }
    if (!moved) break;
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
    repo.update(t.id, { status: 'running', rounds: totalRounds(repo, t) });
  })();
  const fresh = repo.get(t.id)!;
  return [...pairRound(svc, fresh, 1, nextPairings(repo, fresh, 1)), ...advanceTournaments(svc)];
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
    posts.push({ channelId: row.channelId, content: `⏰ Time is up for ${d.role}: forfeit. ${winners.join(', ')} wins game #${row.id}.` });
  }
  return posts;
}
