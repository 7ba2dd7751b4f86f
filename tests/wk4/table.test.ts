// Warrior Kings IV played at the offline table from a script: orders by
// command and by pasted sheet (each line checked, refusals naming the rule),
// autocomplete from the nation's own view, private orders, the human umpire's
// note, publication, a challenge and its ruling, official results, verify;
// and the umpire ordering the movement of nations tied on actions spent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openServices } from '../../src/app/services.ts';
import { Table } from '../../src/console/table.ts';
import { registerAllGames } from '../../src/app/games.ts';
import { tempDb } from '../setup/test-db.ts';

type Render = (mod: unknown, view: unknown) => Promise<Buffer | null>;

async function playScript(
  file: string,
  render: Render = async () => null,
): Promise<{ out: string; at: (cmd: string) => string; proposal: (what: string) => string }> {
  registerAllGames();
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-wk4-'));
  const svc = openServices({ dbPath: tempDb(), outDir, maxSnapshots: 1000, seed: 'wk4-table' });
  svc.render = render as typeof svc.render;
  const lines: string[] = [];
  const table = new Table(svc, { outDir, print: (l) => lines.push(l) });
  // A proposal is named by what it is, not by its id: the id is looked up in what the table has listed so far.
  const proposal = (what: string) => {
    const hit = lines
      .flatMap((l) => [...l.matchAll(/\b(p\d+) \[\w+\] ([^\n]*)/g)])
      .reverse()
      .find((x) => x[2].includes(what));
    return hit ? hit[1] : expect.fail(`no proposal listed as "${what}"`);
  };
  for (const line of fs.readFileSync(file, 'utf8').split('\n'))
    await table.run(line.startsWith('#') ? line : line.replace(/\{proposal "([^"]+)"\}/g, (_, w) => proposal(w)));
  svc.store.close();
  if (process.env.WK4_PRINT) console.log(lines.join('\n'));
  const blocks = new Map<string, string>();
  let cur = '';
  for (const l of lines) {
    if (/^\w+> /.test(l)) {
      cur = blocks.has(l) ? `${l} #2` : l;
      blocks.set(cur, '');
    } else blocks.set(cur, `${blocks.get(cur) ?? ''}${l}\n`);
  }
  return { out: lines.join('\n'), at: (cmd) => blocks.get(cmd) ?? expect.fail(`no output for "${cmd}"`), proposal };
}

describe('WK4 at the offline table (Turn Results and Challenges, Order sheet, fog of war)', () => {
  it('a season with a human umpire, from orders to official results', async () => {
    const { out, at } = await playScript('tests/wk4/table.txt');
    expect(out).not.toMatch(/internal error/i);
    expect(at('alice> /wk4 order move army:alm3 to:?')).toMatch(/6,7/);
    expect(at('alice> /wk4 order move army:alm3 to:6,7')).toMatch(/\[private to alice\] 🔒 Move alm3 → 6,7/);
    // A secret order alone is not announced (others could count the announcements).
    expect(at('alice> /wk4 order move army:alm3 to:6,7')).not.toMatch(/\[public reply\]/);
    expect(at('alice> /wk4 order move army:alm1 to:8,6')).toMatch(/cannot reach 8,6 this season \(it moves 1 more hex/);
    const sheet = at('alice> /wk4 order sheet text:"war capetan; militia almagora; buy 2 infantry; move alm2 to Zama"');
    expect(sheet).toMatch(/✔ war capetan/);
    expect(sheet).toMatch(/✘ buy 2 infantry — New battle groups and ships are purchased in the Winter turn\. \(rule WK4 Reinforcements\)/);
    expect(at('alice> /wk4 orders review')).toMatch(/1\. Move alm3 → 6,7\n\s+2\. Declare war on Capetan/);
    expect(at('bob> /wk4 orders review')).not.toMatch(/alm3/);
    expect(at('eve> /game status')).not.toMatch(/alm3|Declare war/);
    expect(at('eve> /wk4 info forces')).toMatch(/Spectators see the official results only/);
    expect(at('uma> /wk4 orders review')).toMatch(/Almagora: Move alm3 → 6,7; Declare war on Capetan/);
    // Almagora spent more actions than Capetan: the initiative needs no umpire determination, and nothing else is proposed.
    expect(at('uma> /wk4 info proposals')).toMatch(/No proposals you may see/);
    const note = at('uma> /wk4 umpire note text:"Storms in the south" to:capetan');
    expect(note).toMatch(/\[to bob\] 🔒[^\n]*\n\s+• Umpire's note to Capetan: Storms in the south/);
    // A note to one nation is announced without its text.
    expect(note).toMatch(/\[public reply\] \*\*uma\*\* \(umpire\): A note to Capetan\n/);
    const prelim = at('uma> /wk4 umpire publish');
    expect(prelim).toMatch(/Preliminary results of the Spring of year 1/);
    expect(prelim).not.toMatch(/\[post[^\n]*\n[^[]*Storms in the south/);
    expect(at('alice> /wk4 results challenge reason:"I should have had the initiative"')).toMatch(/hidden until revealed|🔒/);
    const official = at('uma> /wk4 umpire publish #2');
    expect(official).toMatch(/Official results of the Spring of year 1/);
    expect(at('alice> /wk4 info report')).toMatch(/dismissed: Initiative follows the AP spent/);
    const ruling = at('uma> /wk4 umpire rule challenge:1 verdict:dismissed note:"Initiative follows the AP spent"');
    // Who challenged, and how many did, is for the umpire and the challenger (docs/wk4-visibility.md): no public line names it.
    expect(ruling).not.toMatch(/\[public reply\]/);
    expect(ruling).toMatch(/\[private to uma\] 🔒 Rules on challenge 1/);
    expect(ruling).toMatch(/\[to alice\] 🔒[\s\S]*Umpire rules on the challenge of Almagora/);
    expect(at('bob> /wk4 info forces')).toMatch(/cap2 army of/);
    expect(at('mod> /game verify')).toMatch(/matches the stored state/);
    // Each nation's own fog-of-war map, privately; a spectator gets the official public map.
    expect(at('alice> /wk4 info map')).toMatch(
      /\[private to alice\] Summer of year 1 · orders: \d+ hexes in sight, 4 armies and fleets shown/,
    );
    expect(at('eve> /wk4 info map')).toMatch(
      /\[private to eve\] Spring of year 1 · official results: the whole map, 0 armies and fleets shown/,
    );
  }, 120_000);

  it('Order of Battle / Turn Sequence: tied nations wait for the umpire, whose choice and note stay the umpire’s; the order is published', async () => {
    const { out, at, proposal } = await playScript('tests/wk4/table-initiative.txt');
    expect(out).not.toMatch(/internal error/i);
    expect(at('bob> /wk4 orders final')).toMatch(/determine the order of movement among nations tied on actions spent/);
    const id = proposal('Order of movement among Almagora, Capetan');
    expect(at('uma> /wk4 info proposals')).toMatch(
      new RegExp(`${id} \\[proposed\\] Order of movement among Almagora, Capetan \\(each spent 1 AP`),
    );
    const chose = at(`uma> /wk4 umpire choose id:${id} option:capetan>almagora note:"Couriers arrived together"`);
    // A tie tells each tied nation what the others spent (docs/wk4-visibility.md): the ruling and its note are the umpire's.
    expect(chose).toMatch(/\[private to uma\] 🔒[\s\S]*→ Capetan > Almagora\. Note: Couriers arrived together/);
    expect(chose).not.toMatch(/\[(public reply|to alice|to bob|post)/);
    expect(at('uma> /wk4 umpire publish')).toMatch(/the orders are in and adjudicated/);
    const report = at('alice> /wk4 info report');
    expect(report).toMatch(/Spring of year 1: initiative Capetan, Almagora\./);
    expect(report).not.toMatch(/each spent|Order of movement among/);
  }, 120_000);

  it('Fog of War: a listed initiative ruling without a note is announced to nobody but the umpire', async () => {
    const script = fs
      .readFileSync('tests/wk4/table-initiative.txt', 'utf8')
      .replace('option:capetan>almagora note:"Couriers arrived together"', 'option:capetan>almagora');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'muster-wk4-')), 'plain.txt');
    fs.writeFileSync(file, script);
    const { at, proposal } = await playScript(file);
    const chose = at(`uma> /wk4 umpire choose id:${proposal('Order of movement among Almagora, Capetan')} option:capetan>almagora`);
    expect(chose).toMatch(/\[private to uma\] 🔒/);
    expect(chose).not.toMatch(/\[public reply\]/);
    expect(chose).not.toMatch(/\[(public reply|post)[^\]]*\][^[]*Capetan > Almagora/);
    expect(chose).not.toMatch(/\[to (alice|bob)\]/);
  }, 120_000);

  it("Fog of War: each nation's preliminary report carries its own map, drawn from its own view", async () => {
    const drawn: { viewer: unknown }[] = [];
    const { at } = await playScript('tests/wk4/table.txt', async (_mod, view) => {
      drawn.push({ viewer: (view as { viewer?: unknown }).viewer });
      return Buffer.from('png');
    });
    const prelim = at('uma> /wk4 umpire publish');
    expect(prelim).toMatch(/\[to alice\][^[]*Report for Almagora[^[]*📎 [^\n]*almagora[^\n]*\.png/);
    expect(prelim).toMatch(/\[to bob\][^[]*Report for Capetan[^[]*📎 [^\n]*capetan[^\n]*\.png/);
    // Its close-up first, as in a public map post (issue 19), drawn from the same view.
    expect(prelim).toMatch(/\[to alice\][^[]*📎 [^\n]*almagora[^\n]*-zoom\.png\n\s*📎 [^\n]*almagora-d\d+\.png/);
    // No public post carries a nation's own map.
    expect(prelim).not.toMatch(/\[post[^[]*(almagora|capetan)-d\d+\.png/);
    expect(JSON.stringify(drawn)).toMatch(/almagora/);
    expect(JSON.stringify(drawn)).toMatch(/capetan/);
  });
});
