// King Philip's War balance against our authored charts (data/kpw/README.md,
// "Balance"): how often the English win when both sides play alike (both at
// random, both the built-in bot), with the charts as authored and with each
// authored chart changed the way the published facts leave room for. If a
// chart made the game one-sided, changing it would move these rates.
// `npx tsx tests/bench/kpw-balance.ts [games] [--bots]` (default 100 games a
// variant at random; --bots adds as many bot-against-bot games).
import { kpwData } from '../../src/games/kpw/data.ts';
import { kpw } from '../../src/games/kpw/index.ts';
import { playout } from '../games/playout.ts';

type Charts = ReturnType<typeof kpwData>['charts'];

interface Variant {
  name: string;
  options?: Record<string, string | number | boolean>;
  /** Changes the (cached) charts for this variant; the original is restored after. */
  change?(charts: Charts): void;
}

const VARIANTS: Variant[] = [
  { name: 'as authored' },
  {
    // The facts file's other candidate that fits all eight worked results: floor((SP x die + 2) / 12).
    name: 'gentler CRT',
    change(charts) {
      for (const die of ['1', '2', '3', '4', '5', '6'] as const)
        charts.crt.rows[die] = charts.crt.columns.map((sp) => Math.floor((sp * Number(die) + 2) / 12));
    },
  },
  {
    // Tribes ready later (every threshold +2; Mohawk stays 7, 11.2).
    name: 'alliance thresholds +2',
    change(charts) {
      for (const row of charts.alliance) if (row.tribe !== 'MO') row.razedNeeded += 2;
    },
  },
  {
    // Tribes surrender earlier (every VP-track position -4).
    name: 'surrender positions -4',
    change(charts) {
      for (const row of charts.surrender) row.vp -= 4;
    },
  },
  { name: "Church on turn 3 (9.0 developer's note)", options: { church3: true } },
];

function englishWins(options: Record<string, string | number | boolean>, games: number, bots: string[]): number {
  let wins = 0;
  for (let i = 0; i < games; i++) {
    const { env } = playout(kpw, options, `kpw-balance:${bots.length}:${i}`, { bots });
    const r = kpw.result(env.game);
    if (r.status === 'over' && !r.draw && r.winners.includes('english')) wins++;
  }
  return wins;
}

const games = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 100);
const charts = kpwData().charts;
for (const v of VARIANTS) {
  const saved = structuredClone(charts);
  v.change?.(charts);
  const random = englishWins(v.options ?? {}, games, []);
  const bots = process.argv.includes('--bots') ? englishWins(v.options ?? {}, games, ['english', 'indian']) : null;
  Object.assign(charts, saved);
  const pct = (n: number) => `${((100 * n) / games).toFixed(0)} %`;
  console.log(
    `kpw.balance.${v.name}: English win ${pct(random)} random vs random` +
      `${bots === null ? '' : `, ${pct(bots)} bot vs bot`} (${games} games each)`,
  );
}
