// Engine v2 §12: rules apart from the table. Rules modules (src/games/<game>)
// and the engine import no renderer, no command layer, no Discord, no store,
// and do no I/O but loading their own data; they use no Math.random or clock.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? files(path.join(dir, d.name)) : d.name.endsWith('.ts') ? [path.join(dir, d.name)] : []));
}

const rulesFiles = () => [
  ...files(path.join(root, 'src/engine')),
  ...files(path.join(root, 'src/games')).filter((f) => !/src\/games\/(index|registry)\.ts$/.test(f)),
];

/** Imports and calls a rules file may not make; data loaders (data.ts) may read their own files. */
export function boundaryProblems(file: string, text: string): string[] {
  const out: string[] = [];
  const imports = [...text.matchAll(/^import\s[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]);
  for (const spec of imports) {
    if (/(^|\/)render\//.test(spec) || /(^|\/)commands\//.test(spec) || /\/(store|bot|console|app)\//.test(spec))
      out.push(`imports ${spec}`);
    if (['discord.js', 'canvas', 'better-sqlite3', 'pino'].includes(spec)) out.push(`imports ${spec}`);
    if (/^node:(fs|http|https|net|child_process)$/.test(spec) && !/\/data\.ts$/.test(file))
      out.push(`imports ${spec} outside its data loader`);
    if (/(^|\/)data-files\.ts$/.test(spec) && !/\/data\.ts$/.test(file)) out.push(`imports ${spec} outside its data loader`);
  }
  const code = text.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
  for (const bad of ['Math.random', 'Date.now', 'new Date(', 'performance.now', 'process.env'])
    if (code.includes(bad)) out.push(`uses ${bad}`);
  return out;
}

describe('rules apart from the table (Engine v2 §12)', () => {
  it('no rules or engine file imports a renderer, the command layer, Discord or the store, or reads the clock or Math.random', () => {
    const problems = rulesFiles().flatMap((f) =>
      boundaryProblems(f, fs.readFileSync(f, 'utf8')).map((p) => `${path.relative(root, f)}: ${p}`),
    );
    expect(problems).toEqual([]);
  });

  it('the check catches data read outside a data loader', () => {
    const planted = "import { readDataJson } from '../../data-files.ts';\n";
    expect(boundaryProblems('src/games/kpw/moves.ts', planted)).toEqual(['imports ../../data-files.ts outside its data loader']);
    expect(boundaryProblems('src/games/kpw/data.ts', planted)).toEqual([]);
  });

  it('the check catches a planted renderer import and a clock read', () => {
    const planted = "import { renderRifle } from '../../../render/rifle.ts';\nconst t = Date.now();\n";
    expect(boundaryProblems('src/games/rifle/index.ts', planted)).toEqual(['imports ../../../render/rifle.ts', 'uses Date.now']);
  });
});
