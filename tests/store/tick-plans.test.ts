// Issue 21 §4, on both backends (each vitest project runs it on its own): a tick with nothing due reads through
// indexes only, never the whole of a table that grows with the games. The
// tick's statements are caught as it runs them, with their values, and the
// database explains each: EXPLAIN QUERY PLAN on SQLite; EXPLAIN (FORMAT JSON)
// on PostgreSQL with sequential scans priced out (enable_seqscan off), so a
// table a test keeps small is not read whole merely for being small, and a
// whole read left in the plan means no index serves the query.
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../src/store/database.ts';
import { harness } from '../app/harness.ts';
import { tempDb, testBackend } from '../setup/test-db.ts';

/** Tables that grow with the games played: the tick must never read one of them whole. */
const GROWING = new Set([
  'games',
  'seats',
  'actions',
  'snapshots',
  'decision_deadlines',
  'reminders_sent',
  'game_finished',
  'finished_logs',
  'turn_messages',
  'outbox',
  'game_homes',
  'seat_threads',
  'clock_banks',
  'tournament_matches',
  'tournament_entrants',
]);

interface Caught {
  sql: string;
  params: unknown[];
}

/** Every statement run through `database.prepare` from now on, with its values. */
function catchStatements(database: StoreDatabase): Caught[] {
  const caught: Caught[] = [];
  const prepare = database.prepare.bind(database);
  const seen = new WeakSet<object>();
  (database as unknown as { prepare: (sql: string) => unknown }).prepare = (sql: string) => {
    const statement = prepare(sql);
    if (!seen.has(statement)) {
      seen.add(statement);
      const methods = statement as unknown as Record<string, (...args: unknown[]) => unknown>;
      for (const name of ['run', 'get', 'all', 'iterate']) {
        const call = methods[name]!.bind(statement);
        methods[name] = (...params: unknown[]) => {
          caught.push({ sql, params });
          return call(...params);
        };
      }
    }
    return statement;
  };
  return caught;
}

/** Table name by the name a query gives it (its alias, or itself). */
function tablesByAlias(sql: string): Map<string, string> {
  const aliases = new Map<string, string>();
  const keywords = /^(WHERE|ON|JOIN|LEFT|INNER|ORDER|GROUP|LIMIT|SET|USING|AND|OR)$/i;
  for (const [, table, alias] of sql.matchAll(/\b(?:FROM|JOIN|UPDATE)\s+(\w+)(?:\s+(?:AS\s+)?(\w+))?/gi)) {
    aliases.set(table!, table!);
    if (alias && !keywords.test(alias)) aliases.set(alias, table!);
  }
  return aliases;
}

/** The growing tables a statement reads whole, by SQLite's plan. */
function sqliteWholeReads(database: StoreDatabase, { sql, params }: Caught, partial: Set<string>): string[] {
  const plan = database.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
  const aliases = tablesByAlias(sql);
  return plan.flatMap(({ detail }) => {
    const scan = /^SCAN (\w+)(?: USING (?:COVERING )?INDEX (\w+))?/.exec(detail);
    if (!scan) return []; // SEARCH …: through an index, by its key
    const table = aliases.get(scan[1]!) ?? scan[1]!;
    return GROWING.has(table) && !(scan[2] && partial.has(scan[2])) ? [`${table} (${detail})`] : [];
  });
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** The growing tables a statement reads whole, by PostgreSQL's plan: a sequential scan, or an index read end to end. */
function postgresWholeReads(database: StoreDatabase, { sql, params }: Caught, partial: Set<string>): string[] {
  const [row] = database.prepare(`EXPLAIN (FORMAT JSON) ${sql}`).all(...params) as Record<string, unknown>[];
  const json = Object.values(row!)[0];
  const [{ Plan: root }] = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }];
  const whole: string[] = [];
  const walk = (node: PlanNode) => {
    const table = node['Relation Name'];
    if (table && GROWING.has(table)) {
      if (node['Node Type'] === 'Seq Scan') whole.push(`${table} (Seq Scan)`);
      const byIndex = node['Node Type'] === 'Index Scan' || node['Node Type'] === 'Index Only Scan';
      if (byIndex && !node['Index Cond'] && !partial.has(node['Index Name']!))
        whole.push(`${table} (${node['Node Type']} on ${node['Index Name']} end to end)`);
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(root);
  return whole;
}

/** Indexes with a WHERE clause: read end to end, they hold only the rows the query wants. */
function partialIndexes(database: StoreDatabase): Set<string> {
  const sql =
    database.dialect === 'postgres'
      ? `SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND indexdef LIKE '% WHERE %'`
      : `SELECT name FROM sqlite_master WHERE type = 'index' AND sql LIKE '% WHERE %'`;
  return new Set(database.prepare(sql).pluck().all() as string[]);
}

const backends = [{ backend: testBackend(), location: tempDb }];

describe.each(backends)('the tick reads only what is due, by its plans on $backend (issue 21 §4)', ({ location }) => {
  const opened: ReturnType<typeof harness>[] = [];
  afterEach(async () => {
    for (const table of opened.splice(0)) await table.svc.close();
  });

  it('after the start-up sweep, no statement of a tick reads a growing table whole', async () => {
    const table = harness({ dbPath: location() });
    opened.push(table);
    const { say, svc, router } = table;
    // A game with a clock (every decision gets a deadline), one finished, a lobby waiting.
    await say('alice', '/game new system:duel');
    await say('alice', '/game join side:a');
    await say('bob', '/game join side:b');
    await say('alice', '/game start');
    await say('mod', '/game clock hours:24');
    await say('mod', '/game deadline hours:24');
    await say('carol', '/game new system:duel', 'c2');
    await say('carol', '/game join side:a', 'c2');
    await say('dave', '/game join side:b', 'c2');
    await say('carol', '/game start', 'c2');
    await say('mod', '/game abandon', 'c2');
    await say('erin', '/game new system:duel', 'c3');
    expect(svc.store.deadlines.ofGame(svc.store.liveGame('c1')!.id)).not.toEqual([]);
    await router.tick!(); // the start-up sweep: every active game with a bot seat, once
    const caught = catchStatements(svc.store.db);
    for (let tick = 0; tick < 2; tick++) expect((await router.tick!()).flatMap((outcome) => outcome.posts)).toEqual([]);
    const reads = caught.filter(({ sql }) => /^\s*(SELECT|WITH|UPDATE|DELETE)\b/i.test(sql));
    // The tick asks its questions (deadlines, reminders, lobbies, tournaments, ratings): the check has something to check.
    expect(reads.some(({ sql }) => /decision_deadlines/.test(sql))).toBe(true);
    expect(reads.some(({ sql }) => /status = 'lobby'/.test(sql))).toBe(true);
    const database = svc.store.db;
    const partial = partialIndexes(database);
    const whole: string[] = [];
    if (database.dialect === 'postgres') database.exec('SET enable_seqscan = off');
    try {
      for (const statement of reads) {
        const found =
          database.dialect === 'postgres'
            ? postgresWholeReads(database, statement, partial)
            : sqliteWholeReads(database, statement, partial);
        whole.push(...found.map((what) => `${what}: ${statement.sql.replace(/\s+/g, ' ')}`));
      }
    } finally {
      if (database.dialect === 'postgres') database.exec('SET enable_seqscan = on');
    }
    expect([...new Set(whole)]).toEqual([]);
  });
});
