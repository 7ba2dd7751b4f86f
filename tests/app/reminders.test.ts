// Issue 9: reminders before a decision's deadline, at half time and one hour
// before by default, per-user settings, computed from the stored deadlines in
// the tick (a fake clock here), never sent twice, restarts included.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRouter } from '../../commands/router.ts';
import type { Outcome, Post } from '../../src/messages/types.ts';
import { openServices } from '../../src/app/services.ts';
import { Table } from '../../src/console/table.ts';
import { getGame, registerGame } from '../../src/games/registry.ts';
import { duel } from '../fixtures/duel.ts';
import { duoTable, harness } from './harness.ts';
import { tempDb } from '../setup/test-db.ts';

if (!getGame('duel')) registerGame(duel);

const HOUR = 3_600_000;
/** 2030-01-01 08:00 UTC. */
const T0 = Date.UTC(2030, 0, 1, 8, 0);
const reminders = (os: Outcome[]): Post[] => os.flatMap((o) => o.posts).filter((p) => /reminder/.test(p.content));

async function clocked() {
  const h = await duoTable();
  let now = T0;
  h.svc.now = () => now;
  return { ...h, at: (ms: number) => (now = T0 + ms) };
}

describe('reminders before a deadline (issue 9)', () => {
  it('at half time and one hour before, to the waiting seat only, each once', async () => {
    const h = await clocked();
    await h.say('mod', '/game deadline hours:10');
    h.at(5 * HOUR - 60_000);
    expect(reminders(await h.router.tick!())).toEqual([]);
    h.at(5 * HOUR);
    const [half] = reminders(await h.router.tick!());
    expect(half.to).toEqual({ roles: ['a'], userIds: ['alice'], names: ['alice'] });
    expect(half.content).toMatch(/^⏰ <@alice> reminder: \*\*Player A\*\* .* must decide <t:\d+:R>/);
    expect(half.content).toContain(`<t:${(T0 + 10 * HOUR) / 1000}:R>`);
    expect(half.mentions).toEqual(['alice']);
    // Same moment again: nothing new.
    expect(reminders(await h.router.tick!())).toEqual([]);
    h.at(9 * HOUR - 1);
    expect(reminders(await h.router.tick!())).toEqual([]);
    h.at(9 * HOUR);
    const [hour] = reminders(await h.router.tick!());
    expect(hour.to?.userIds).toEqual(['alice']);
    h.at(9.5 * HOUR);
    expect(reminders(await h.router.tick!())).toEqual([]);
  });

  it('a restart loses none and repeats none: the marks and the deadline are in SQLite', async () => {
    const dbPath = tempDb();
    const h = harness({ dbPath });
    await h.say('alice', '/game new system:duel');
    await h.say('alice', '/game join side:a');
    await h.say('bob', '/game join side:b');
    await h.say('alice', '/game start');
    h.svc.now = () => T0;
    await h.say('mod', '/game deadline hours:4');
    h.svc.now = () => T0 + 2 * HOUR;
    expect(reminders(await h.router.tick!())).toHaveLength(1);
    h.svc.store.close();
    // A new process: the half-time reminder is not sent again; the one-hour one comes (once) after the downtime.
    const svc = openServices({ dbPath, outDir: path.join(os.tmpdir(), 'muster-img'), seed: 'test-seed', consoleModerators: ['mod'] });
    const router = createRouter(svc);
    svc.now = () => T0 + 2 * HOUR + 60_000;
    expect(reminders(await router.tick!())).toEqual([]);
    svc.now = () => T0 + 3.5 * HOUR;
    const late = reminders(await router.tick!());
    expect(late).toHaveLength(1);
    expect(reminders(await router.tick!())).toEqual([]);
    svc.store.close();
  });

  it('/remind off silences a player; /remind interval and /remind quiet (UTC) shape the schedule', async () => {
    const h = await clocked();
    expect((await h.say('alice', '/remind off')).replies[0]).toMatchObject({ ephemeral: true, content: expect.stringMatching(/off/) });
    await h.say('mod', '/game deadline hours:10');
    h.at(9 * HOUR);
    expect(reminders(await h.router.tick!())).toEqual([]);
    // On again, every 3 hours, quiet from 12:00 to 14:00 UTC (T0 is 08:00).
    const set = await h.say('alice', '/remind interval hours:3');
    expect(set.replies[0].content).toMatch(/every 3 h/);
    expect((await h.say('alice', '/remind quiet from:12 to:14')).replies[0].content).toMatch(/12:00 and 14:00 UTC/);
    await h.say('mod', '/game deadline hours:10'); // set again at T0 + 9 h: due 19 h, reminders at 12 h, 15 h, 18 h
    h.at(12 * HOUR); // 20:00 UTC: not quiet
    expect(reminders(await h.router.tick!())).toHaveLength(1);
    h.at(13 * HOUR);
    expect(reminders(await h.router.tick!())).toEqual([]);
    h.at(15 * HOUR);
    expect(reminders(await h.router.tick!())).toHaveLength(1);
    // 18 h is 02:00 UTC the next day: make that quiet, and the reminder waits.
    await h.say('alice', '/remind quiet from:1 to:3');
    h.at(18 * HOUR);
    expect(reminders(await h.router.tick!())).toEqual([]);
    h.at(18.99 * HOUR); // 02:59: still quiet
    expect(reminders(await h.router.tick!())).toEqual([]);
    expect((await h.say('alice', '/remind status')).replies[0].content).toMatch(/every 3 h.*1:00 and 3:00 UTC/);
  });

  it('at the offline table a reminder prints as [to bob] ⏰ …', async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-remind-'));
    const svc = openServices({ dbPath: tempDb(), outDir, consoleModerators: ['mod'] });
    // Real time to start with: a lobby opened in the fake future would look expired.
    const start = Date.now();
    let now = start;
    svc.now = () => now;
    const lines: string[] = [];
    const table = new Table(svc, { outDir, print: (l) => lines.push(l) });
    for (const l of ['alice: /game new system:duel', 'alice: /game join side:b', 'bob: /game join side:a', 'alice: /game start'])
      await table.run(l);
    // Side a moves first: bob holds it.
    expect(JSON.parse(svc.store.liveGame(table.channel)!.state!).game.turn).toBe('a');
    await table.run('mod: /game deadline hours:2');
    now = start + HOUR;
    lines.length = 0;
    await table.run('alice: /game status');
    expect(lines.filter((l) => /reminder/.test(l))).toEqual([expect.stringMatching(/^\s*\[to bob\] ⏰ .*reminder: \*\*Player A\*\*/)]);
    svc.store.close();
  });
});
