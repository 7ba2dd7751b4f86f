// The README's 9-player Swiss (issue 20, "Done when"): its block, played as
// written at the offline table — a no-show at check-in, a late entry, a
// forfeit — through four rounds to the final standings. Read from the README
// itself, so the example cannot drift from what the table does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openServices } from '../../src/app/services.ts';
import { Table } from '../../src/console/table.ts';
import { registerAllGames } from '../../src/app/games.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import { tournamentStandings } from '../../src/tournament/results.ts';
import { tempDb } from '../setup/test-db.ts';
import { breathe } from '../setup/breathe.ts';

describe('README: a 9-player Swiss at the offline table (issue 20 §4, §6, §9)', () => {
  it('plays the block as written: ivy told at the start, jon late with ½ for round 1, a forfeit, four rounds to a winner', async () => {
    const readme = fs.readFileSync('README.md', 'utf8');
    const block = /### A 9-player Swiss at the offline table[\s\S]*?```\n([\s\S]*?)```/.exec(readme);
    expect(block).not.toBeNull();
    registerAllGames();
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-swiss-'));
    const svc = openServices({ dbPath: tempDb(), outDir, seed: 'readme-swiss', consoleModerators: ['mod'] });
    svc.render = async () => null;
    const out: string[] = [];
    const table = new Table(svc, { outDir, print: (l) => out.push(l), echo: true });
    for (const line of block![1].split('\n').filter((l) => l.trim() && !l.startsWith('#'))) {
      expect(await table.run(line)).toBe(true);
      expect(table.refused, line).toBe(false);
      await breathe();
    }
    const all = out.join('\n');
    expect(all).not.toMatch(/❌|internal error/);
    // The no-show at check-in is told, by mention, at the start.
    expect(all).toContain('@ivy: you signed up but did not check in, so you are not in the field');
    expect(all).toContain('**Spring Open** starts with 8 players, seeded by rating (unrated players in sign-up order)');
    // ann asked for her pairings by DM.
    expect(all).toMatch(/\[to ann\] 🎲 \*\*Spring Open\*\*, round 1: you play \w+ at R1 · T\d/);
    // jon enters late, from round 2, round 1 scored ½.
    expect(all).toContain('@jon enters **Spring Open** late and is paired from round 2. Round 1 missed: ½ point (a half-point bye) each');
    const repo = repoOf(svc);
    const t = repo.get(1)!;
    expect(t.status).toBe('finished');
    const ms = repo.matches(1);
    expect(ms.find((m) => m.a === 'jon' && m.round === 1)).toMatchObject({ how: 'absent', outcome: 'draw' });
    expect(ms.filter((m) => m.round >= 2).some((m) => m.a === 'jon' || m.b === 'jon')).toBe(true);
    expect(ms.some((m) => m.a === 'ivy' || m.b === 'ivy')).toBe(false);
    // The forfeit is marked and not rated.
    const forfeit = ms.find((m) => m.round === 2 && m.board === 3)!;
    expect(forfeit).toMatchObject({ outcome: 'a', how: 'forfeit' });
    const st = tournamentStandings(repo, t);
    expect(st).toHaveLength(9);
    // Round 1: 4 games and jon's ½; rounds 2–4: 4 games and a 1-point bye each.
    expect(st.reduce((s, x) => s + x.score, 0)).toBe(4 + 0.5 + 3 * 5);
    expect(st.find((s) => s.id === 'jon')!.absent).toBe(1);
    expect(st.filter((s) => s.forfeits > 0)).toHaveLength(2);
    expect(all).toContain('🥇 **Spring Open** winner: @');
    expect(all).toMatch(/jon — \*\*[\d.]+\*\* · \d-\d-\d.* · 1 missed \(late entry\)/);
    expect(all).toMatch(/result match \d+: pending → a by forfeit — no-show: second player never came/);
    // The export (issue 20 §8): CSV, JSON and a TRF16 whose late entrant's missed round is a half-point bye (H).
    const files = fs.readdirSync(outDir);
    for (const ext of ['-standings.csv', '-pairings.csv', '.json', '.trf'])
      expect(
        files.some((f) => f.endsWith(ext)),
        ext,
      ).toBe(true);
    const trf = fs.readFileSync(
      path.join(
        outDir,
        files.find((f) => f.endsWith('.trf'))!,
      ),
      'utf8',
    );
    const jonLine = trf.split('\n').find((l) => l.startsWith('001') && l.includes('jon'))!;
    expect(jonLine.slice(91, 101)).toBe('0000 - H  ');
    svc.store.close();
  }, 120_000);
});
