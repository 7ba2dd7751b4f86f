// CommandDef[] → Discord JSON, and validation against Discord's limits.
import { describe, expect, it } from 'vitest';
import { CommandJsonError, commandsJson } from '../../src/bot/commands-json.ts';
import type { CommandDef, OptionDef } from '../../commands/types.ts';
import { FakeRouter } from './fake-router.ts';
import { tempDb } from '../setup/test-db.ts';

const cmd = (subOptions: OptionDef[], over: Partial<CommandDef> = {}): CommandDef => ({
  name: 'game',
  description: 'Games',
  subcommands: [{ name: 'play', description: 'Play', options: subOptions }],
  ...over,
});
const problemsOf = (defs: CommandDef[]): string[] => {
  try {
    commandsJson(defs);
    return [];
  } catch (e) {
    expect(e).toBeInstanceOf(CommandJsonError);
    return (e as CommandJsonError).problems;
  }
};

describe('commandsJson', () => {
  const json = commandsJson(new FakeRouter().definitions({ includeConsoleOnly: true }));

  it('emits chat input commands with subcommands, skipping console-only ones', () => {
    expect(json.map((c) => c.name)).toEqual(['game']);
    const game = json[0];
    expect(game).toMatchObject({ type: 1, name: 'game', contexts: [0], integration_types: [0] });
    const subs = game.options!.map((o) => o.name);
    expect(subs).toContain('map');
    expect(subs).not.toContain('dice');
    for (const s of game.options!) expect(s.type).toBe(1);
  });

  it('maps option types, required, choices and autocomplete', () => {
    const sub = (name: string) => json[0].options!.find((o) => o.name === name) as any;
    expect(sub('join').options).toEqual([
      { name: 'side', description: 'Which side', type: 3, required: true, autocomplete: true },
      { name: 'invite', description: 'Invite a friend', type: 6, required: false },
    ]);
    expect(sub('map').options[0]).toEqual({
      name: 'scale',
      description: 'Zoom level',
      type: 4,
      required: false,
      choices: [
        { name: 'x1', value: 1 },
        { name: 'x2', value: 2 },
      ],
    });
    expect(sub('status').options[0]).toMatchObject({ type: 5, required: false });
  });

  it('rejects bad names', () => {
    expect(problemsOf([cmd([], { name: 'Game' })])[0]).toMatch(/name "Game"/);
    expect(problemsOf([cmd([], { name: 'has space' })])).toHaveLength(1);
    expect(problemsOf([cmd([], { name: 'x'.repeat(33) })])).toHaveLength(1);
    expect(problemsOf([cmd([{ name: 'Side', description: 'd', type: 'string', required: true }])])[0]).toMatch(/Side/);
  });

  it('rejects bad descriptions', () => {
    expect(problemsOf([cmd([], { description: '' })])[0]).toMatch(/description/);
    expect(problemsOf([cmd([], { description: 'x'.repeat(101) })])[0]).toMatch(/1-100/);
  });

  it('requires required options before optional ones', () => {
    const p = problemsOf([
      cmd([
        { name: 'a', description: 'a', type: 'string', required: false },
        { name: 'b', description: 'b', type: 'string', required: true },
      ]),
    ]);
    expect(p[0]).toMatch(/required options must come before optional/);
  });

  it('checks choices and autocomplete', () => {
    const many = Array.from({ length: 26 }, (_, n) => ({ name: `c${n}`, value: `${n}` }));
    expect(problemsOf([cmd([{ name: 'a', description: 'a', type: 'string', required: true, choices: many }])])[0]).toMatch(/26 choices/);
    expect(
      problemsOf([cmd([{ name: 'a', description: 'a', type: 'integer', required: true, choices: [{ name: 'x', value: 'x' }] }])])[0],
    ).toMatch(/not an integer/);
    expect(problemsOf([cmd([{ name: 'a', description: 'a', type: 'boolean', required: true, autocomplete: true }])])[0]).toMatch(
      /string or integer/,
    );
  });

  it('rejects duplicate names and commands with nothing visible', () => {
    expect(problemsOf([cmd([]), cmd([])])[0]).toMatch(/duplicate command/);
    expect(
      problemsOf([{ name: 'x', description: 'x', subcommands: [{ name: 's', description: 's', options: [], consoleOnly: true }] }])[0],
    ).toMatch(/no Discord-visible/);
  });
});

describe('the real router', () => {
  it("registers definitions that pass Discord's limits", async () => {
    const { createRouter } = await import('../../commands/router.ts');
    const { openServices } = await import('../../src/app/services.ts');
    const defs = createRouter(openServices({ dbPath: tempDb() })).definitions();
    const json = commandsJson(defs);
    expect(json.map((c) => c.name)).toContain('game');
  });
});

describe('commandsJson: subcommand groups and typed limits (issue 8 item 11)', () => {
  const subs = (n: number, group?: string) =>
    Array.from({ length: n }, (_, i) => ({ ...(group ? { group } : {}), name: `${group ?? 's'}${i}`, description: 'd', options: [] }));
  const groups = (...names: string[]) => names.map((name) => ({ name, description: `The ${name} group` }));

  it('groups and ungrouped subcommands share the 25 places at the top level', () => {
    expect(problemsOf([{ name: 'g', description: 'd', subcommands: [...subs(24), ...subs(25, 'move')], groups: groups('move') }])).toEqual(
      [],
    );
    expect(
      problemsOf([{ name: 'g', description: 'd', subcommands: [...subs(25), ...subs(1, 'move')], groups: groups('move') }])[0],
    ).toMatch(/26 subcommands and groups at the top level \(max 25\)/);
  });

  it('at most 25 subcommands per group; groups need a valid name and a description; names do not clash', () => {
    expect(problemsOf([{ name: 'g', description: 'd', subcommands: subs(26, 'move'), groups: groups('move') }])[0]).toMatch(
      /\/g move: 26 subcommands \(max 25\)/,
    );
    expect(problemsOf([{ name: 'g', description: 'd', subcommands: subs(1, 'move') }])[0]).toMatch(/\/g move \(group\) description/);
    expect(problemsOf([{ name: 'g', description: 'd', subcommands: subs(1, 'Move'), groups: groups('Move') }])[0]).toMatch(/name "Move"/);
    expect(
      problemsOf([
        {
          name: 'g',
          description: 'd',
          subcommands: [{ name: 'move', description: 'd', options: [] }, ...subs(1, 'move')],
          groups: groups('move'),
        },
      ])[0],
    ).toMatch(/duplicate .* name "move"/);
  });

  it('emits type-2 groups holding type-1 subcommands, integer ranges and role options', () => {
    const [json] = commandsJson([
      {
        name: 'g',
        description: 'd',
        groups: groups('move'),
        subcommands: [
          {
            group: 'move',
            name: 'step',
            description: 'Step',
            options: [{ name: 'n', description: 'How far', type: 'integer', required: true, min: 1, max: 6 }],
          },
          { name: 'mods', description: 'Mods', options: [{ name: 'role', description: 'Who', type: 'role', required: false }] },
        ],
      },
    ]);
    expect(json.options).toEqual([
      {
        type: 2,
        name: 'move',
        description: 'The move group',
        options: [
          {
            type: 1,
            name: 'step',
            description: 'Step',
            options: [{ type: 4, name: 'n', description: 'How far', required: true, min_value: 1, max_value: 6 }],
          },
        ],
      },
      { type: 1, name: 'mods', description: 'Mods', options: [{ type: 8, name: 'role', description: 'Who', required: false }] },
    ]);
    expect(problemsOf([cmd([{ name: 'a', description: 'a', type: 'string', required: true, min: 1 }])])[0]).toMatch(
      /min\/max need an integer/,
    );
  });
});

describe("moderator tools in their own menu (issue 9: Discord's own controls)", () => {
  it('/mod carries default_member_permissions (Manage Server) and /game shows no moderator-only subcommand in Discord', async () => {
    const { openServices } = await import('../../src/app/services.ts');
    const { createRouter } = await import('../../commands/router.ts');
    const json = commandsJson(createRouter(openServices({ dbPath: tempDb() })).definitions());
    const mod = json.find((c) => c.name === 'mod')!;
    expect(mod.default_member_permissions).toBe(String(1 << 5));
    expect((mod.options ?? []).map((o) => o.name).sort()).toEqual(['clock', 'deadline', 'modrole', 'result']);
    const game = json.find((c) => c.name === 'game')!;
    expect(game.default_member_permissions).toBeUndefined();
    expect((game.options ?? []).map((o) => o.name)).not.toContain('deadline');
    expect((game.options ?? []).map((o) => o.name)).toContain('join');
  });
});
