// Commands as a table (issue 18 item 3): every command Discord registers and
// every line the offline table parses come from one declaration per
// subcommand; permission refusals are derived from it; and every command a
// reply or help text names exists in Discord (issue 19 item 9).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandsJson } from '../../src/bot/commands-json.ts';
import { parseLine } from '../../src/console/parse.ts';
import { commandTable } from '../../commands/router.ts';
import { coerceOptions, findSub } from '../../commands/options.ts';
import { definitionOf } from '../../commands/table.ts';
import { refusalText, WHO_KINDS } from '../../commands/permission.ts';
import type { CommandDef, OptionDef } from '../../commands/types.ts';
import { harness, text } from './harness.ts';

type Path = string;

/** command [group] sub option, one string per registered option (and per option-less subcommand). */
function jsonPaths(json: ReturnType<typeof commandsJson>): Set<Path> {
  const out = new Set<Path>();
  type Opt = { name: string; type: number; options?: Opt[] };
  const walk = (prefix: string, opts: Opt[]) => {
    for (const o of opts) {
      // 1: subcommand, 2: group; anything else is a value option.
      if (o.type === 2) walk(`${prefix} ${o.name}`, o.options ?? []);
      else if (o.type === 1) {
        out.add(`${prefix} ${o.name}`);
        walk(`${prefix} ${o.name}`, o.options ?? []);
      } else out.add(`${prefix} ${o.name}:`);
    }
  };
  for (const c of json) walk(`/${c.name}`, (c.options ?? []) as Opt[]);
  return out;
}

function declaredPaths(defs: CommandDef[], discordOnly: boolean): Set<Path> {
  const out = new Set<Path>();
  for (const d of defs) {
    if (discordOnly && d.consoleOnly) continue;
    for (const s of d.subcommands) {
      if (discordOnly && s.consoleOnly) continue;
      const at = `/${d.name}${s.group ? ` ${s.group}` : ''} ${s.name}`;
      out.add(at);
      for (const o of s.options) out.add(`${at} ${o.name}:`);
    }
  }
  return out;
}

/** A value the table should accept for this option. */
const sample = (o: OptionDef): string =>
  o.choices?.length ? o.choices[0].value : o.type === 'integer' ? String(o.min ?? 1) : o.type === 'boolean' ? 'true' : 'word';

/** The "/command sub" mentions in a text, and those that are no registered command path. */
function mentions(source: string, defs: CommandDef[]): { all: number; unknown: string[] } {
  const names = defs.map((d) => d.name).join('|');
  // "/game join", "/kpw move step", "`/mod modrole`": a command, then its group or subcommand.
  const mention = new RegExp(`(?<![\\w/.])/(${names}) ([a-z_]+)(?: ([a-z_]+))?`, 'g');
  const unknown: string[] = [];
  let all = 0;
  for (const m of source.matchAll(mention)) {
    all++;
    const def = defs.find((d) => d.name === m[1])!;
    const visible = def.subcommands.filter((s) => !s.consoleOnly);
    const ok = visible.some((s) =>
      s.group ? s.group === m[2] && (!m[3] || visible.some((x) => x.group === m[2] && x.name === m[3])) : s.name === m[2],
    );
    if (!ok) unknown.push(m[0]);
  }
  return { all, unknown };
}

describe('commands as a table (issue 18 item 3)', () => {
  const { router } = harness();
  const table = commandTable();
  const defs = table.map(definitionOf);

  it('every declared subcommand has its handler, who may use it, and nothing else dispatches', () => {
    for (const c of table)
      for (const s of c.subcommands) {
        expect(typeof s.run, `/${c.name} ${s.name}`).toBe('function');
        expect(WHO_KINDS).toContain(s.who);
      }
    // The router serves exactly the table's declarations.
    expect(router.definitions({ includeConsoleOnly: true })).toEqual(defs);
  });

  it("Discord's registered commands, subcommands and options are exactly the declared ones", () => {
    const json = commandsJson(router.definitions());
    expect(jsonPaths(json)).toEqual(declaredPaths(defs, true));
  });

  it('the table parser accepts exactly the declared set: every path and option, and refuses others', () => {
    const isGroup = (command: string, word: string) => defs.some((d) => d.name === command && d.subcommands.some((s) => s.group === word));
    for (const d of defs)
      for (const s of d.subcommands) {
        const opts = s.options.map((o) => `${o.name}:"${sample(o)}"`).join(' ');
        const line = `alice: /${d.name} ${s.group ? `${s.group} ` : ''}${s.name} ${opts}`;
        const parsed = parseLine(line, isGroup)!;
        expect(parsed.command).toBe(d.name);
        expect(parsed.group).toBe(s.group);
        const found = findSub(d, parsed.group, parsed.sub);
        expect(found, line).toBe(s);
        expect(() => coerceOptions(d.name, found!, parsed.options), line).not.toThrow();
        expect(() => coerceOptions(d.name, found!, { ...parsed.options, bogus: 'x' })).toThrow(/has no option `bogus`/);
      }
    // Together: the set the parser accepts is the declared set.
    const accepted = new Set<Path>();
    for (const p of declaredPaths(defs, false)) {
      const [command, ...words] = p.slice(1).split(' ');
      if (words[words.length - 1].endsWith(':')) continue;
      const parsed = parseLine(`/${command} ${words.join(' ')}`, isGroup)!;
      const def = defs.find((d) => d.name === parsed.command)!;
      const sub = findSub(def, parsed.group, parsed.sub)!;
      accepted.add(`/${def.name}${sub.group ? ` ${sub.group}` : ''} ${sub.name}`);
      for (const o of sub.options) accepted.add(`/${def.name}${sub.group ? ` ${sub.group}` : ''} ${sub.name} ${o.name}:`);
    }
    expect(accepted).toEqual(declaredPaths(defs, false));
  });

  it('an undeclared subcommand is refused, naming the declared ones', async () => {
    const h = harness();
    const out = await h.say('alice', '/remind sometimes');
    expect(text(out)).toMatch(/Unknown \/remind subcommand "sometimes". Try: on, off, interval, quiet, pairings, status/);
  });
});

describe('permission refusals are derived from the declaration', () => {
  it('a member calling a moderator-only subcommand is told which command and why, with /mod named as Discord has it', async () => {
    const h = harness();
    await h.say('alice', '/game new system:duel');
    await h.say('alice', '/game join side:a');
    await h.say('bob', '/game join side:b');
    await h.say('alice', '/game start');
    const result = await h.say('alice', '/mod result winner:a');
    expect(result.replies[0].ephemeral).toBe(true);
    expect(result.replies[0].content).toBe(
      '❌ Only a moderator may use `/mod result`: record a result by hand (forfeit, adjudication). ' +
        "Moderators have the Manage Server permission or the server's moderator role (set with `/mod modrole`).",
    );
    // At the table /game result is the same declaration: the refusal names the command Discord shows.
    expect(text(await h.say('alice', '/game result winner:a'))).toMatch(/Only a moderator may use `\/mod result`/);
    expect(text(await h.say('bob', '/rating recompute'))).toMatch(/Only a moderator may use `\/rating recompute`: rebuild every rating/);
    expect(text(await h.say('bob', '/tournament start'))).toMatch(/may use `\/tournament start`: close sign-up/);
    expect(h.svc.store.liveGame('c1')!.status).toBe('active');
    // The same text the table derives.
    const mod = commandTable().find((c) => c.name === 'mod')!;
    expect(result.replies[0].content).toBe(
      `❌ ${refusalText(
        mod,
        mod.subcommands.find((s) => s.name === 'result')!,
      )}`,
    );
    expect(text(await h.say('mod', '/mod result winner:a'))).toMatch(/Result recorded/);
  });
});

/** Options written after a command path ("/tournament create threads_in:…") that the subcommand does not declare. */
function unknownOptions(source: string, defs: CommandDef[]): { all: number; unknown: string[] } {
  const names = defs.map((d) => d.name).join('|');
  const mention = new RegExp(`(?<![\\w/.])/(${names})((?: [a-z_]+)+)((?: [a-z_]+:[^\\s\`'"]*)+)`, 'g');
  const unknown: string[] = [];
  let all = 0;
  for (const m of source.matchAll(mention)) {
    const def = defs.find((d) => d.name === m[1])!;
    const words = m[2].trim().split(' ');
    const sub =
      def.subcommands.find((x) => !x.consoleOnly && x.group === words[0] && x.name === words[1]) ??
      def.subcommands.find((x) => !x.consoleOnly && !x.group && x.name === words[0]);
    if (!sub) continue;
    for (const option of m[3]
      .trim()
      .split(' ')
      .map((o) => o.slice(0, o.indexOf(':')))) {
      all++;
      if (!sub.options.some((o) => o.name === option)) unknown.push(`/${m[1]}${m[2]} ${option}:`);
    }
  }
  return { all, unknown };
}

describe('every command a reply or help text names exists in Discord (issue 19 item 9)', () => {
  it('each "/command sub" written in the sources is a registered command path', () => {
    const defs = commandTable()
      .map(definitionOf)
      .filter((d) => !d.consoleOnly);
    // The bot's own notices (src/bot, issue 19 §9) and the games' data (help and rules texts in JSON) too.
    const files = [
      'commands',
      'src/app',
      'src/tournament',
      'src/messages',
      'src/games',
      'render',
      'src/bot',
      'src/console',
      'data',
    ].flatMap((dir) =>
      fs
        .readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts') || f.endsWith('.json'))
        .map((f) => path.join(dir, f)),
    );
    const wrong: string[] = [];
    const wrongOptions: string[] = [];
    let seen = 0;
    let options = 0;
    for (const file of files) {
      // What people read: the code without its comments (which speak of commands in general).
      const source = fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
        .map((line) => line.replace(/\s\/\/ .*$/, ''))
        .join('\n');
      const found = mentions(source, defs);
      seen += found.all;
      wrong.push(...found.unknown.map((m) => `${file}: ${m}`));
      const opts = unknownOptions(source, defs);
      options += opts.all;
      wrongOptions.push(...opts.unknown.map((m) => `${file}: ${m}`));
    }
    // And the options written after them exist on that subcommand (a planted one is caught).
    expect(options).toBeGreaterThan(30);
    expect(unknownOptions('Use `/tournament create threads_in:#x team:` or /game join side:a.', defs).unknown).toEqual([
      '/tournament create team:',
    ]);
    expect(wrongOptions).toEqual([]);
    expect(seen).toBeGreaterThan(100);
    // A planted mention of a command Discord does not have is caught.
    expect(mentions("'Moderators set it with /game modrole; see /mod modrole.'", defs).unknown).toEqual(['/game modrole']);
    expect(wrong).toEqual([]);
  });
});
