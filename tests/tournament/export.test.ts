// /tournament export (issue 20 §8): standings, pairings and results as CSV
// and JSON, and for a Swiss a FIDE TRF16 file whose 001 lines follow the
// format's columns (FIDE Handbook, "TRF16": rank 5–8, name 15–47, points
// 81–84, rank 86–89; round 1 at 92–95 opponent, 97 colour, 99 result, each
// later round 10 columns on).
import { describe, expect, it } from 'vitest';
import { harness, text } from '../app/harness.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import { tournamentStandings } from '../../src/tournament/results.ts';
import { tournamentExport, trfOf } from '../../src/tournament/export.ts';
import { field } from './helpers.ts';

/** A 5-player Swiss of two rounds: round 1 has a forfeit and a draw, round 2 is left in play. */
async function swiss5() {
  const h = harness({ seed: 'export-5' });
  await h.say('mod', '/tournament create name:ExportCup system:duel format:swiss rounds:3');
  await field(h, ['ann', 'bob', 'cid', 'dee', 'eve'], 'mod');
  await h.say('mod', '/tournament start');
  const repo = repoOf(h.svc);
  const [m1, m2] = repo.matches(1, 1).filter((m) => m.b !== null);
  expect(text(await h.say('mod', `/tournament result match:${m1.id} outcome:forfeit-a reason:no-show`))).not.toMatch(/❌/);
  expect(text(await h.say('mod', `/tournament result match:${m2.id} outcome:draw reason:agreed`))).not.toMatch(/❌/);
  return { h, repo, t: repo.get(1)! };
}

/** Columns `from`–`to` (1-based, inclusive) of a line. */
const cols = (line: string, from: number, to: number) => line.padEnd(to).slice(from - 1, to);

describe('/tournament export (issue 20 §8)', () => {
  it('attaches standings and pairings as CSV, everything as JSON, and a TRF for a Swiss; names, never ids', async () => {
    const { h, repo, t } = await swiss5();
    const out = await h.say('ann', '/tournament export');
    const files = out.replies.flatMap((r) => r.files ?? []);
    expect(files.map((f) => f.name)).toEqual([
      'tournament1-standings.csv',
      'tournament1-pairings.csv',
      'tournament1.json',
      'tournament1.trf',
    ]);
    const [standingsCsv, pairingsCsv, json] = files.map((f) => f.data.toString());
    const rows = standingsCsv.trim().split('\r\n');
    expect(rows[0]).toBe('rank,name,score,wins,draws,losses,byes,forfeits,buchholz_cut1,buchholz,median_buchholz,sonneborn_berger,dropped');
    expect(rows.length).toBe(6);
    const entrants = repo.entrants(t.id);
    for (const e of entrants) expect(standingsCsv).toContain(`,${e.userName},`);
    for (const m of repo.matches(t.id)) expect(pairingsCsv).toContain(`R${m.round} · T${m.board},${m.round},${m.board},`);
    const data = JSON.parse(json);
    expect(data.matches.length).toBe(repo.matches(t.id).length);
    expect(data.matches.map((m: { result: string }) => m.result)).toEqual(expect.arrayContaining(['forfeit 1-0', '½-½', 'bye']));
    expect(data.standings.map((s: { name: string }) => s.name)).toEqual(
      tournamentStandings(repo, t).map((s) => entrants.find((e) => e.userId === s.id)!.userName),
    );
  });

  it('TRF: one 001 line per player in the format’s columns; each game seen the same from both sides', async () => {
    const { repo, t } = await swiss5();
    const lines = trfOf(repo, t).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('012 ExportCup');
    const players = lines.filter((l) => l.startsWith('001'));
    expect(players.length).toBe(5);
    const standing = tournamentStandings(repo, t);
    const entrants = repo.entrants(t.id);
    const byRank = new Map<number, string>();
    for (const line of players) {
      expect(cols(line, 4, 4)).toBe(' ');
      const rank = Number(cols(line, 5, 8));
      expect(cols(line, 5, 8)).toBe(String(rank).padStart(4));
      const name = cols(line, 15, 47).trim();
      const e = entrants[rank - 1];
      expect(name).toBe(e.userName);
      byRank.set(rank, line);
      const s = standing.find((x) => x.id === e.userId)!;
      expect(cols(line, 81, 84)).toBe(s.score.toFixed(1).padStart(4));
      expect(Number(cols(line, 86, 89))).toBe(s.rank);
    }
    const cell = (line: string, round: number) => {
      const at = 92 + (round - 1) * 10;
      return { opp: cols(line, at, at + 3), colour: cols(line, at + 5, at + 5), result: cols(line, at + 7, at + 7) };
    };
    const opposite: Record<string, string> = { '1': '0', '0': '1', '=': '=', '+': '-', '-': '+', ' ': ' ' };
    let byes = 0;
    let forfeits = 0;
    for (const [rank, line] of byRank)
      for (const round of [1, 2]) {
        const c = cell(line, round);
        if (c.opp === '0000') {
          expect([c.colour, c.result]).toEqual(['-', 'U']);
          byes++;
          continue;
        }
        const other = cell(byRank.get(Number(c.opp))!, round);
        expect(Number(other.opp)).toBe(rank);
        expect(other.colour).toBe(c.colour === 'w' ? 'b' : 'w');
        expect(other.result).toBe(opposite[c.result]);
        if (c.result === '+') forfeits++;
      }
    // Round 1 and round 2 each have one bye; round 1 has one forfeit win.
    expect(byes).toBe(2);
    expect(forfeits).toBe(1);
  });

  it('an elimination event has no TRF; before the start there is nothing to export', async () => {
    const h = harness({ seed: 'export-ko' });
    await h.say('mod', '/tournament create name:KO system:duel format:knockout');
    await field(h, ['ann', 'bob', 'cid', 'dee'], 'mod');
    const early = await h.say('ann', '/tournament export');
    expect(text(early)).toMatch(/KO has not started: there are no pairings or standings to export yet/);
    expect(early.replies.flatMap((r) => r.files ?? [])).toEqual([]);
    await h.say('mod', '/tournament start');
    const files = tournamentExport(repoOf(h.svc), repoOf(h.svc).get(1)!);
    expect(files.map((f) => f.name)).toEqual(['tournament1-standings.csv', 'tournament1-pairings.csv', 'tournament1.json']);
  });
});
