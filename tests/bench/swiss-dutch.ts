// The FIDE Dutch system as an oracle for the Swiss bench: the bench's
// in-memory tournament written as a TRF16 file, paired by bbpPairings (a
// reference implementation, built locally; CI does not have it) and read back
// as Muster pairings, so both are scored by the same criteria code.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PairPlayer, Pairing } from '../../src/tournament/swiss/types.ts';
import type { StandingGame } from '../../src/tournament/standings.ts';

/** Starting ranks: rating, then id (Muster's order inside a score group, so TPN order agrees). */
export function startingRanks(players: PairPlayer[]): Map<string, number> {
  const order = [...players].sort((x, y) => y.rating - x.rating || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  return new Map(order.map((p, i) => [p.id, i + 1]));
}

/** A fixed-column line: text put at 1-based columns. */
function line(parts: [number, string][]): string {
  const chars: string[] = [];
  for (const [at, text] of parts) for (let k = 0; k < text.length; k++) chars[at - 1 + k] = text[k];
  return Array.from(chars, (c) => c ?? ' ').join('');
}

const right = (s: string | number, width: number) => String(s).padStart(width);

/**
 * The TRF16 text for pairing round `next`: every entrant (dropped ones too,
 * as opponents), each played round's opponent rank, colour (w: first side)
 * and result, the bye as U; a round a player missed, and the round to pair
 * for a player not in `pairing`, as "0000 - -" (absent, not paired).
 */
export function benchTrf(players: PairPlayer[], games: StandingGame[], pairing: Set<string>, next: number, total: number): string {
  const rank = startingRanks(players);
  const cells = new Map<string, string[]>(players.map((p) => [p.id, Array<string>(next).fill('0000 - -')]));
  const score = new Map(players.map((p) => [p.id, 0]));
  const result = (pts: number) => (pts === 1 ? '1' : pts === 0.5 ? '=' : '0');
  for (const g of games) {
    score.set(g.a, score.get(g.a)! + g.pa);
    if (g.b === null) {
      cells.get(g.a)![g.round - 1] = '0000 - U';
      continue;
    }
    score.set(g.b, score.get(g.b)! + g.pb);
    cells.get(g.a)![g.round - 1] = `${right(rank.get(g.b)!, 4)} w ${result(g.pa)}`;
    cells.get(g.b)![g.round - 1] = `${right(rank.get(g.a)!, 4)} b ${result(g.pb)}`;
  }
  const lines = ['012 Muster bench', `062 ${players.length}`, `XXR ${total}`, 'XXC white1'];
  for (const p of [...players].sort((x, y) => rank.get(x.id)! - rank.get(y.id)!)) {
    // The round to pair: a blank cell for those paired, absent for the rest.
    const rounds = cells.get(p.id)!.slice(0, pairing.has(p.id) ? next - 1 : next);
    lines.push(
      line([
        [1, '001'],
        [5, right(rank.get(p.id)!, 4)],
        [15, p.id],
        [49, right(p.rating, 4)],
        [81, right(score.get(p.id)!.toFixed(1), 4)],
        ...rounds.map((c, r): [number, string] => [92 + r * 10, c]),
      ]),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

/**
 * bbpPairings' pairing of round `next` for the players in `field` (the rest
 * absent); null when the Dutch system finds none (its absolute criteria,
 * no rematch and side rules, cannot all hold: small fields late on).
 */
export function dutchPairing(
  binary: string,
  players: PairPlayer[],
  games: StandingGame[],
  field: PairPlayer[],
  next: number,
  total: number,
): Pairing[] | null {
  const dir = mkdtempSync(join(tmpdir(), 'muster-dutch-'));
  try {
    const input = join(dir, 'in.trf');
    const output = join(dir, 'out.txt');
    writeFileSync(input, benchTrf(players, games, new Set(field.map((p) => p.id)), next, total));
    const run = spawnSync(binary, ['--dutch', input, '-p', output], { encoding: 'utf8' });
    if (run.status !== 0 && /No valid pairing exists/.test(run.stderr + run.stdout)) return null;
    if (run.status !== 0) throw new Error(`bbpPairings failed (${run.status}): ${run.stderr || run.stdout}`);
    const idOf = new Map([...startingRanks(players)].map(([id, r]) => [r, id]));
    const [count, ...rows] = readFileSync(output, 'utf8').trim().split(/\r?\n/);
    const pairs = rows.map((row): Pairing => {
      const [w, b] = row.trim().split(/\s+/).map(Number);
      return { a: idOf.get(w)!, b: b === 0 ? null : idOf.get(b)! };
    });
    if (pairs.length !== Number(count)) throw new Error(`bbpPairings wrote ${pairs.length} pairs, announced ${count}`);
    // Every player of the field exactly once, nobody else (the absent ones read right).
    const seen = pairs.flatMap((p) => (p.b === null ? [p.a] : [p.a, p.b]));
    if (seen.length !== field.length || new Set(seen).size !== seen.length || seen.some((id) => !field.some((p) => p.id === id)))
      throw new Error(`bbpPairings paired ${seen.length} players of a field of ${field.length}`);
    return pairs;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same pairs, whoever has which side. */
export function samePairs(x: Pairing[], y: Pairing[]): boolean {
  const key = (ps: Pairing[]) =>
    ps
      .map((p) => [p.a, p.b ?? ''].sort().join('|'))
      .sort()
      .join(',');
  return key(x) === key(y);
}
