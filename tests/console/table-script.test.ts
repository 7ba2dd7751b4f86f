// The offline table plays the rules' Extended Examples of Play (turn 1 and
// turn 2's reinforcements) from a script, with forced dice, and every battle
// comes out as printed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openServices } from '../../src/app/services.ts';
import { Table } from '../../src/console/table.ts';
import { parseLine } from '../../src/console/parse.ts';
import { tempDb } from '../setup/test-db.ts';
import { breathe } from '../setup/breathe.ts';

async function runScript(file: string): Promise<{ out: string; ok: boolean; images: number }> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-table-'));
  const svc = openServices({ dbPath: tempDb(), outDir, maxSnapshots: 1000 });
  const lines: string[] = [];
  const table = new Table(svc, { outDir, print: (l) => lines.push(l) });
  let ok = true;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    ok = (await table.run(line)) && ok;
    await breathe();
  }
  svc.store.close();
  return { out: lines.join('\n'), ok, images: fs.readdirSync(outDir).filter((f) => f.endsWith('.png')).length };
}

describe('offline table script (issue 2 §5): KPW Extended Examples of Play', () => {
  it('every command of the example is accepted and each battle comes out as printed', async () => {
    const { out, ok, images } = await runScript('tests/scripts/kpw-extended-example.txt');
    expect(ok).toBe(true);
    expect(out).not.toMatch(/❌|internal error/);
    // 12.5 interception from Dedham: needs 5, a 1 fails.
    expect(out).toMatch(/Interception from Dedham into Bridgewater: rolled 1 \(-1 pips, \+1 Captain\) = 1, needs 5\+ → failure/);
    // Portsmouth: 3 SP vs 7 SP, red 1 → 0, green 5 → 3; Guide on the English has no leader.
    expect(out).toMatch(/Event Guide affects the English: no leader present, no effect/);
    expect(out).toMatch(/Battle of Portsmouth: English 3 SP on red 1 → Indians lose 0; Indians 7 SP on green 5 → English lose 3/);
    expect(out).toMatch(/Indians \+1 VP \(RI Soldier 1 defeated\)/);
    expect(out).toMatch(/Portsmouth is raided/);
    // Wickford: raided, then the English massacre Soldier.
    expect(out).toMatch(/Battle of Wickford: English 1 SP on red 1 → Indians lose 0; Indians 4 SP on green 3 → English lose 1/);
    expect(out).toMatch(/Wickford is raided/);
    expect(out).toMatch(/RI Soldier 1 placed in Wickford/);
    // Swansea: Panic leaves the Sakonnets 2 SP → 0.
    expect(out).toMatch(/Battle of Swansea: English 3 SP on red 2 → Indians lose 0; Indians 2 SP on green 3 → English lose 0/);
    // Bridgewater: Massacre on the Indians, a Warrior joins the war band.
    expect(out).toMatch(/Battle of Bridgewater: English 1 SP on red 2 → Indians lose 0; Indians 4 SP on green 1 → English lose 0/);
    expect(out).toMatch(/PC Warrior 3 placed in Titicut/);
    // English turn: sea move, evasion 6 +1 Sachem, doubles 3-3 cancel.
    expect(out).toMatch(/CT Soldier 1 sails to Warwick \(ocean movement\)/);
    expect(out).toMatch(/Evasion from Titicut to Winnecunnet: rolled 6 \(\+1 Sachem\) = 7, needs 5\+ → success/);
    expect(out).toMatch(/Doubles \(3-3\): fate stops the battle at Titicut/);
    // Turn 2: five English reinforcements, two Indian.
    expect(out).toMatch(/English reinforcements due: MA Soldier 6, MA Soldier 7, PL Soldier 3, RI Soldier 3, CT Soldier 3/);
    expect(out).toMatch(/Indian reinforcements due: SK Warrior 3, PC Warrior 4/);
    // A snapshot per phase was written.
    expect(images).toBeGreaterThanOrEqual(8);
  });

  it('script lines parse as "user: /command sub name:value name:\\"two words\\"" with comments', () => {
    expect(parseLine('# note')).toBeNull();
    expect(parseLine('bob: /game new system:kpw options:"short=true, ferocity=limited"')).toEqual({
      user: 'bob',
      command: 'game',
      sub: 'new',
      options: { system: 'kpw', options: 'short=true, ferocity=limited' },
    });
    expect(() => parseLine('bob: /kpw step swansea')).toThrow(/name:value/);
    expect(() => parseLine('hello')).toThrow(/slash command/);
    // Unquoted words continue the previous value, as the bot's own hints are written.
    expect(parseLine('alice: /kpw place unit:Musket marker to:Titicut')!.options).toEqual({ unit: 'Musket marker', to: 'Titicut' });
    expect(parseLine('alice: /rifle leader name:James Harrod')!.options).toEqual({ name: 'James Harrod' });
  });
});

describe('offline table script (issue 3): a hand-computed Rifle and Axe turn', () => {
  it('plays the solo first turn of tests/rifle/turn.test.ts with forced dice, every table as the rules give it', async () => {
    const { out, ok } = await runScript('tests/scripts/rifle-first-turn.txt');
    expect(ok).toBe(true);
    expect(out).not.toMatch(/❌|internal error/);
    // Action phase: Cooking +1, no Soap Making −2 (the Soapmaking rule).
    expect(out).toMatch(/Plans revealed — Settlement 1: Cooking, Fishing ×6, Gathering ×3 \(no Soap Making: −2 Happiness\)/);
    // Hardship 7 Old Age, Mishaps 8 Breakage and 10 Wear Down.
    expect(out).toMatch(/Hardship d10=7 — Old Age: −1 Folk/);
    expect(out).toMatch(/Mishap 1 d10=8 — Breakage: −1 Tools/);
    expect(out).toMatch(/Mishap 2 d10=10 — Wear Down: −1 Housewares/);
    // Indian Fighting: Fight 8 > 5 gives +1; 3+1 = 4 succeeds; 2 Gunpowder per violent encounter.
    expect(out).toMatch(/rolled 3 \(\+1 Fight level above the Indians\) = 4, needs 4\+ → success; 2 Gunpowder used; 0 Folk killed/);
    // Consume 9 Food; Storage 28 goods vs 10 Containers.
    expect(out).toMatch(/Consume — 9 Food eaten/);
    // Which 18 spoil is the player's choice (Storage Phase): all the Grain by command, then Food by its button.
    expect(out).toMatch(/Storage — 28 stored goods, room for 10: 18 must be lost \(the player chooses which\)/);
    expect(out).toMatch(/\[1\] Lose 8 Food \(of 12\)/);
    expect(out).toMatch(/Storage — 28 stored goods, room for 10: −10 Grain, −8 Food/);
    expect(out).toMatch(/Happiness \+6 \(2d6 3\+4: \+7, 1 Folk lost: -1\) → 17/);
    expect(out).toMatch(/Settlement 1 \(George Rogers Clark\): Folk 9, Food 4, Housing 10, Clothing 10, Happiness 19, Money 5, Fight 8/);
  });
});
