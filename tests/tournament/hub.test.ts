// Match threads, the hub, standings pages and image within Discord's limits,
// win rates, and FIDE's tie-breaks worked by hand.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { harness, text } from '../app/harness.ts';
import { tempDb } from '../setup/test-db.ts';
import { openServices } from '../../src/app/services.ts';
import { Table } from '../../src/console/table.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import { hubEmbed, standingsImage, standingsPage } from '../../src/tournament/hub.ts';
import { pendingThread } from '../../src/tournament/threads.ts';
import { standings, type StandingGame } from '../../src/tournament/standings.ts';
import { pngSize } from '../../render/kit.ts';
import type { Embed } from '../../src/messages/types.ts';
import { field } from './helpers.ts';

/** Discord's embed limits: description 4,096, 25 fields of 1,024 (names 256), title 256, 6,000 in all. */
function withinLimits(e: Embed) {
  expect(e.title.length).toBeLessThanOrEqual(256);
  expect((e.description ?? '').length).toBeLessThanOrEqual(4096);
  expect((e.fields ?? []).length).toBeLessThanOrEqual(25);
  for (const f of e.fields ?? []) {
    expect(f.name.length).toBeLessThanOrEqual(256);
    expect(f.value.length).toBeLessThanOrEqual(1024);
  }
  const total =
    e.title.length +
    (e.description ?? '').length +
    (e.footer ?? '').length +
    (e.fields ?? []).reduce((s, f) => s + f.name.length + f.value.length, 0);
  expect(total).toBeLessThanOrEqual(6000);
}

describe('match threads', () => {
  it('each match game waits under a placeholder home until its thread opens, then moves there (issue 13)', async () => {
    const h = harness({ seed: 'threads' });
    await h.say('mod', '/tournament create name:Cup system:duel format:knockout');
    await field(h, ['ann', 'ben']);
    const start = await h.say('mod', '/tournament start');
    const m = repoOf(h.svc).matches(1, 1)[0];
    const row = h.svc.store.game(m.gameId!)!;
    expect(row.channelId).toBe('c1:t1-r1-m1');
    expect(h.svc.store.homes.get(row.id).parentId).toBe('c1');
    // The first post in it mentions both players (which adds them to a Discord thread) and has the Follow button.
    const opening = start.posts.find((p) => p.channelId === row.channelId)!;
    expect(opening.mentions!.sort()).toEqual(['ann', 'ben']);
    expect(opening.buttons!.map((b) => b.label)).toEqual(['Follow']);
    expect(pendingThread(h.svc, row.channelId)).toEqual({ parent: 'c1', name: 'Cup R1 T1: ann v ben', slug: 't1-r1-m1' });
    h.router.threadCreated!(row.channelId, '999');
    expect(h.svc.store.game(row.id)!.channelId).toBe('999');
    expect(h.router.pendingThread!('999')).toBeNull();
    // The hub now links the thread.
    expect(hubEmbed(h.svc, repoOf(h.svc).get(1)!).fields![0].value).toContain('<#999>');
  });

  it('at the offline table the thread is `#parent/t1-r1-m1`, games are played there and the hub and standings follow', async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-tourney-'));
    const svc = openServices({ dbPath: tempDb(), outDir, consoleModerators: ['mod'] });
    const out: string[] = [];
    const table = new Table(svc, { outDir, print: (l) => out.push(l) });
    for (const l of [
      'mod: /tournament create name:Cup system:kpw format:knockout',
      'ann: /tournament signup',
      'ann: /tournament checkin',
      'bob: /press 2',
      'mod: /tournament start',
      '/goto #table/t1-r1-m1',
      'bob: /game resign',
    ])
      expect(await table.run(l)).toBe(true);
    const all = out.join('\n');
    expect(all).toContain('[thread created] "Cup R1 T1: ann v bob" — #table/t1-r1-m1');
    expect(all).toMatch(/\[post #table\/t1-r1-m1\] ⚔️ \*\*Cup\*\*, round 1, table 1 \(R1 · T1\): @ann v @bob/);
    expect(all).toMatch(/\[hub\] 🏆 Cup \(#1\)[^\n]*\n\s+🏁 Finished after 1 round\. Winner: @ann/);
    expect(all).toContain('🥇 **Cup** winner: @ann');
    expect(svc.store.game(1)!.channelId).toBe('table/t1-r1-m1');
    svc.store.close();
  });
});

describe('hub and standings within Discord limits', () => {
  it('500 entrants: the hub, every standings page and the image alt text fit; pages of 20', async () => {
    const h = harness({ seed: 'big' });
    await h.say('mod', '/tournament create name:Huge system:duel format:swiss rounds:9');
    const repo = repoOf(h.svc);
    for (let i = 1; i <= 500; i++) {
      repo.addEntrant(1, `u${i}`, `Player number ${i} with a long display name`);
      repo.setEntrant(1, `u${i}`, { checkedIn: true });
    }
    withinLimits(hubEmbed(h.svc, repo.get(1)!));
    await h.say('mod', '/tournament start');
    const t = repo.get(1)!;
    const hub = hubEmbed(h.svc, t);
    withinLimits(hub);
    expect(hub.fields!.map((f) => f.value).join('\n')).toContain('more: /tournament pairings');
    // Finish round 1 by hand (organiser results) and page the standings.
    for (const m of repo.matches(1, 1)) if (m.b) repo.setOutcome(m.id, m.board % 3 ? 'a' : 'draw', 'organiser');
    const first = standingsPage(h.svc, t, 1);
    expect(first.pages).toBe(25);
    for (const p of [1, 13, 25]) withinLimits(standingsPage(h.svc, t, p).embed);
    expect(standingsPage(h.svc, t, 99).page).toBe(25);
    const img = standingsImage(h.svc, t);
    expect(img.description!.length).toBeLessThanOrEqual(1024);
    expect(img.description).toMatch(/^Standings table of Huge after round 1, 500 players: 1\. /);
    expect(pngSize(img.data)).toEqual({ width: 800, height: 84 + 28 * 64 + 34 });
    const btn = await h.router.button({
      customId: 'tstand:1:2',
      caller: { id: 'x', name: 'x', isModerator: false },
      where: { guildId: 'g1', channelId: 'c1' },
    });
    expect(btn.replies[0].ephemeral).toBe(true);
    expect(btn.replies[0].embed!.footer).toMatch(/^Page 2 of 25/);
    expect(btn.replies[0].buttons!.map((b) => b.customId)).toEqual(['tstand:1:1', 'tstand:1:3']);
  }, 60_000);
});

describe('win rates and leaderboard', () => {
  it('per side, from finished games between people only (a bot game does not count)', async () => {
    const h = harness({ seed: 'rates' });
    const game = async (winner: string, withBot = false) => {
      await h.say('ann', '/game new system:duel');
      await h.say('ann', '/game join side:a');
      await h.say('ben', withBot ? '/game bot side:b' : '/game join side:b');
      await h.say('ann', '/game start');
      await h.say('mod', `/game result winner:${winner}`);
    };
    await game('a');
    await game('a');
    await game('b');
    await game('draw');
    await game('b', true);
    const out = text(await h.say('eve', '/rating winrates system:duel'));
    // Four games between people: a won 2, b won 1, one draw.
    expect(out).toContain('(4 games between people)');
    expect(out).toContain('Player A: 50.0 % won, 25.0 % drawn (2 won, 1 drawn, 1 lost of 4)');
    expect(out).toContain('Player B: 25.0 % won, 25.0 % drawn (1 won, 1 drawn, 2 lost of 4)');
    const top = text(await h.say('eve', '/rating top system:duel side:a'));
    expect(top).toContain('Player A');
    expect(top).toMatch(/1\. ann/);
    expect(top).toContain('Win rates (4 games): Player A 50.0 % · Player B 25.0 %');
  });
});

describe('FIDE tie-breaks (Handbook C.02 §13.15, 2009 rules for unplayed games)', () => {
  it('Buchholz, median Buchholz and Sonneborn-Berger with a forfeit, worked by hand', () => {
    // R1: A beats B; C wins by forfeit against D. R2: A draws C; B beats D. R3: A beats D; C beats B.
    const games: StandingGame[] = [
      { round: 1, a: 'A', b: 'B', pa: 1, pb: 0, played: true },
      { round: 1, a: 'C', b: 'D', pa: 1, pb: 0, played: false },
      { round: 2, a: 'A', b: 'C', pa: 0.5, pb: 0.5, played: true },
      { round: 2, a: 'B', b: 'D', pa: 1, pb: 0, played: true },
      { round: 3, a: 'A', b: 'D', pa: 1, pb: 0, played: true },
      { round: 3, a: 'C', b: 'B', pa: 1, pb: 0, played: true },
    ];
    const s = new Map(standings(['A', 'B', 'C', 'D'], games).map((r) => [r.id, r]));
    // Opponents' scores, unplayed rounds as draws: A 2.5, B 1, C 1.5 + 0.5 = 2, D 0 + 0.5 = 0.5.
    // Virtual opponents (n = 3): C's forfeit win in R1: 0 + (1 − 1) + 0.5 × 2 = 1; D's forfeit loss: 0 + (1 − 0) + 0.5 × 2 = 2.
    expect([...'ABCD'].map((p) => s.get(p)!.score)).toEqual([2.5, 1, 2.5, 0]);
    expect([...'ABCD'].map((p) => s.get(p)!.buchholz)).toEqual([1 + 2 + 0.5, 2.5 + 0.5 + 2, 1 + 2.5 + 1, 2 + 1 + 2.5]);
    // Median of three: the middle one.
    expect([...'ABCD'].map((p) => s.get(p)!.medianBuchholz)).toEqual([1, 2, 1, 2]);
    expect([...'ABCD'].map((p) => s.get(p)!.sonnebornBerger)).toEqual([1 + 0.5 * 2 + 0.5, 0.5, 1 + 0.5 * 2.5 + 1, 0]);
    // C and A tie on 2.5: C's Buchholz 4.5 beats A's 3.5.
    expect(standings(['A', 'B', 'C', 'D'], games).map((r) => r.id)).toEqual(['C', 'A', 'B', 'D']);
  });
});
