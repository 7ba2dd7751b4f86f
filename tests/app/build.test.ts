// Issue 9 (load: RSS): `npm start` runs the bot built into dist/ by esbuild
// (src/build.ts) with package.json's node flags. The build must behave as the
// sources do: it finds data/ from its own folder, its render threads load the
// bundled worker, and no bundled module runs as if it were the script.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { botNodeFlags, buildDist } from '../../src/build.ts';
import { RenderPool } from '../../src/app/render-pool.ts';
import { registerAllGames } from '../../src/app/games.ts';
import { getGame } from '../../src/games/registry.ts';
import { createGame } from '../../src/engine/runner.ts';
import { renderers } from '../../render/renderers.ts';
import { imageExtension } from '../../src/messages/image-names.ts';

const root = path.resolve(__dirname, '../..');
const out = path.join(root, 'dist', `test-${process.pid}`);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-build-'));

/**
 * Run node on `args` and collect its output. Asynchronously: a spawnSync would hold this worker's event loop
 * for the child's whole run, idle but unable to read vitest's replies (why that fails a green run:
 * tests/setup/event-loop.ts).
 */
function runNode(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { ...options, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

afterAll(() => {
  fs.rmSync(out, { recursive: true, force: true });
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the built bot (issue 9)', () => {
  it('plays a KPW script at the offline table from dist/, with its maps', async () => {
    await buildDist({}, out);
    expect(fs.existsSync(path.join(out, 'main.mjs'))).toBe(true);
    expect(fs.existsSync(path.join(out, 'render-worker.mjs'))).toBe(true);
    const script = path.join(tmp, 'play.txt');
    fs.writeFileSync(
      script,
      [
        'alice: /game new system:kpw',
        'alice: /game join side:english',
        'bob: /game join side:indian',
        'alice: /game start',
        'alice: /game status',
      ].join('\n'),
    );
    const run = await runNode(
      [...botNodeFlags(), path.join(out, 'main.mjs'), '--script', script, '--db', path.join(tmp, 'g.sqlite'), '--out', tmp],
      { cwd: tmp, env: { ...process.env, DISCORD_TOKEN: '', MUSTER_RENDER_THREADS: '1' } },
    );
    expect(run.stderr).not.toMatch(/Error|ENOENT/);
    expect(run.status).toBe(0);
    // Started once (a bundled cli.ts acting as the script would play it twice).
    expect(run.stdout.match(/Started\. Use `\/kpw` commands/g)?.length ?? 0).toBe(1);
    expect(run.stdout).toMatch(/English/);
    // The KPW map is a JPEG, its close-up a PNG: each file named for its bytes.
    const pictures = fs.readdirSync(tmp).filter((f) => /\.(png|jpg)$/.test(f));
    expect(pictures.length).toBeGreaterThan(0);
    for (const name of pictures) expect(name.slice(-3)).toBe(imageExtension(fs.readFileSync(path.join(tmp, name))));
  }, 90_000);

  it('its render-worker.mjs draws in a render thread the PNG the sources draw', async () => {
    if (!fs.existsSync(path.join(out, 'render-worker.mjs'))) await buildDist({}, out);
    registerAllGames();
    const mod = getGame('kpw')!;
    const view = mod.view(createGame(mod, {}, 'built').env.game, { kind: 'spectator' });
    const pool = new RenderPool({ threads: 1, filename: path.join(out, 'render-worker.mjs') });
    try {
      expect(await pool.ready()).toBe(true);
      const png = await pool.render('kpw', view);
      expect(png).toBeInstanceOf(Buffer);
      expect(png!.equals(renderers.kpw(view) as Buffer)).toBe(true);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("the service unit starts node with npm start's flags", () => {
    const unit = fs.readFileSync(path.join(root, 'deploy/muster.service'), 'utf8');
    const exec = /^ExecStart=\S*node((?:\s+--\S+)*)\s+dist\/main\.mjs$/m.exec(unit);
    expect(exec).not.toBeNull();
    expect(exec![1].trim().split(/\s+/)).toEqual(botNodeFlags());
    expect(botNodeFlags()).toEqual(['--max-semi-space-size=4', '--heap-growing-percent=30']);
  });
});
