// The charts (/kpw charts, and in /game help): the Combat Results Table, the Alliance Chart and the surrender
// positions as text, from the validated data (our adaptation; see data/kpw).
import { kpwData } from './data.ts';
import { tribeName } from './common.ts';

export function chartsText(): string {
  const { charts } = kpwData();
  const cols = charts.crt.columns;
  const pad = (x: string | number, n = 3) => String(x).padStart(n);
  const crt = [
    `die |${cols.map((c) => pad(c === cols.length ? `${c}+` : c, c === cols.length ? 4 : 3)).join('')}   ← SP of the firing side`,
    ...Object.entries(charts.crt.rows).map(
      ([die, row]) => `${pad(die)} |${row.map((v, i) => pad(v, i === row.length - 1 ? 4 : 3)).join('')}`,
    ),
  ];
  const alliance = charts.alliance.map(
    (r) =>
      `• ${tribeName(r.tribe)}: ready when ${r.razedNeeded} settlements are razed; ` +
      `${r.initialUnits ? `enters with ${r.initialUnits} Warriors` : 'its Warriors are on the map from the start (7.0)'}, then ` +
      `${r.reinforcements} a turn`,
  );
  const surrender = charts.surrender.map((r) => `${tribeName(r.tribe)} ${r.vp}`).join(' · ');
  return [
    "**King Philip's War charts** (our adaptation of charts the rules text lacks; data/kpw says what is ours and why)",
    "**Combat Results Table (13.4):** SP of losses inflicted, by die roll and the firing side's SP",
    '```',
    ...crt,
    '```',
    '**Indian Alliance Chart (11.1):**',
    ...alliance,
    `**Tribes surrender (13.6) at English VP:** ${surrender}`,
  ].join('\n');
}
