// CommandDef[] (the command layer's one definition) → Discord application
// command JSON. Plain JSON, validated against Discord's documented limits so a
// bad definition fails here with a readable message instead of a 400 at deploy.
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ChannelType,
  ApplicationIntegrationType,
  InteractionContextType,
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandSubcommandGroupOption,
  type APIApplicationCommandSubcommandOption,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { ChannelKind, CommandDef, OptionDef, OptionType, SubcommandDef } from '../../commands/types.ts';

export type CommandJson = RESTPostAPIChatInputApplicationCommandsJSONBody;

/** Discord's limits for chat input commands (docs: Application Commands). */
export const LIMITS = {
  name: 32,
  description: 100,
  choices: 25,
  choiceName: 100,
  choiceValue: 100,
  options: 25,
  commands: 100,
  /** Sum of names, descriptions and choice names/values of one command. */
  totalChars: 4000,
} as const;

// Lower-case letters/digits, '-' and '_' (Discord also allows other scripts;
// our commands are English, and upper case would be rejected anyway).
const NAME_RE = /^[-_\p{Ll}\p{Lo}\p{N}]{1,32}$/u;

const OPTION_TYPE: Record<OptionType, ApplicationCommandOptionType> = {
  string: ApplicationCommandOptionType.String,
  integer: ApplicationCommandOptionType.Integer,
  boolean: ApplicationCommandOptionType.Boolean,
  user: ApplicationCommandOptionType.User,
  role: ApplicationCommandOptionType.Role,
  channel: ApplicationCommandOptionType.Channel,
};

/** The channel types Discord's picker offers for each kind a channel option names. */
export const CHANNEL_TYPES: Record<ChannelKind, ChannelType> = {
  text: ChannelType.GuildText,
  announcement: ChannelType.GuildAnnouncement,
  forum: ChannelType.GuildForum,
};

export class CommandJsonError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid command definitions:\n- ${problems.join('\n- ')}`);
    this.name = 'CommandJsonError';
  }
}

/** Convert (and validate) the Discord-visible commands; consoleOnly ones are skipped. */
export function commandsJson(defs: CommandDef[]): CommandJson[] {
  const problems: string[] = [];
  const visible = defs.filter((d) => !d.consoleOnly);
  if (visible.length > LIMITS.commands) problems.push(`${visible.length} commands (max ${LIMITS.commands})`);
  checkUnique(
    visible.map((d) => d.name),
    'command',
    problems,
  );
  const out = visible.map((d) => commandJson(d, problems));
  if (problems.length) throw new CommandJsonError(problems);
  return out;
}

function commandJson(def: CommandDef, problems: string[]): CommandJson {
  const at = `/${def.name}`;
  checkName(def.name, at, problems);
  checkDescription(def.description, at, problems);
  const subs = def.subcommands.filter((s) => !s.consoleOnly);
  if (subs.length === 0) problems.push(`${at}: no Discord-visible subcommands`);
  // Top level: ungrouped subcommands and groups, in declaration order; Discord counts both toward 25.
  const top: (APIApplicationCommandSubcommandOption | APIApplicationCommandSubcommandGroupOption)[] = [];
  const groups = new Map<string, APIApplicationCommandSubcommandGroupOption>();
  for (const s of subs) {
    if (!s.group) {
      top.push(subcommandJson(s, at, problems));
      continue;
    }
    let g = groups.get(s.group);
    if (!g) {
      const description = def.groups?.find((x) => x.name === s.group)?.description ?? '';
      checkName(s.group, `${at} ${s.group}`, problems);
      checkDescription(description, `${at} ${s.group} (group)`, problems);
      g = { type: ApplicationCommandOptionType.SubcommandGroup, name: s.group, description, options: [] };
      groups.set(s.group, g);
      top.push(g);
    }
    g.options!.push(subcommandJson(s, `${at} ${s.group}`, problems));
  }
  if (top.length > LIMITS.options) problems.push(`${at}: ${top.length} subcommands and groups at the top level (max ${LIMITS.options})`);
  checkUnique(
    top.map((s) => s.name),
    `${at} subcommand or group`,
    problems,
  );
  for (const g of groups.values()) {
    if (g.options!.length > LIMITS.options) problems.push(`${at} ${g.name}: ${g.options!.length} subcommands (max ${LIMITS.options})`);
    checkUnique(
      g.options!.map((s) => s.name),
      `${at} ${g.name} subcommand`,
      problems,
    );
  }
  const json: CommandJson = {
    type: ApplicationCommandType.ChatInput,
    name: def.name,
    description: def.description,
    options: top,
    // Games live in server channels: no DMs, guild installs only.
    contexts: [InteractionContextType.Guild],
    integration_types: [ApplicationIntegrationType.GuildInstall],
    ...(def.defaultMemberPermissions ? { default_member_permissions: def.defaultMemberPermissions } : {}),
  };
  const chars = charCount(json);
  if (chars > LIMITS.totalChars) problems.push(`${at}: ${chars} characters in names/descriptions/choices (max ${LIMITS.totalChars})`);
  return json;
}

function subcommandJson(sub: SubcommandDef, parent: string, problems: string[]): APIApplicationCommandSubcommandOption {
  const at = `${parent} ${sub.name}`;
  checkName(sub.name, at, problems);
  checkDescription(sub.description, at, problems);
  if (sub.options.length > LIMITS.options) problems.push(`${at}: ${sub.options.length} options (max ${LIMITS.options})`);
  checkUnique(
    sub.options.map((o) => o.name),
    `${at} option`,
    problems,
  );
  const firstOptional = sub.options.findIndex((o) => !o.required);
  if (firstOptional >= 0 && sub.options.slice(firstOptional).some((o) => o.required)) {
    problems.push(`${at}: required options must come before optional ones`);
  }
  return {
    type: ApplicationCommandOptionType.Subcommand,
    name: sub.name,
    description: sub.description,
    options: sub.options.map((o) => optionJson(o, at, problems)),
  };
}

function optionJson(opt: OptionDef, parent: string, problems: string[]): APIApplicationCommandBasicOption {
  const at = `${parent} ${opt.name}:`;
  checkName(opt.name, at, problems);
  checkDescription(opt.description, at, problems);
  const type = OPTION_TYPE[opt.type];
  if (type === undefined) {
    problems.push(`${at} unknown option type ${String(opt.type)}`);
    return { type: ApplicationCommandOptionType.String, name: opt.name, description: opt.description, required: opt.required };
  }
  const base = { name: opt.name, description: opt.description, required: opt.required };
  const choices = opt.choices ?? [];
  if (opt.autocomplete && choices.length) problems.push(`${at} autocomplete and choices are mutually exclusive`);
  if ((opt.autocomplete || choices.length) && opt.type !== 'string' && opt.type !== 'integer') {
    problems.push(`${at} choices/autocomplete need a string or integer option`);
  }
  if (choices.length > LIMITS.choices) problems.push(`${at} ${choices.length} choices (max ${LIMITS.choices})`);
  for (const c of choices) {
    if (c.name.length < 1 || c.name.length > LIMITS.choiceName)
      problems.push(`${at} choice name "${c.name}" must be 1-${LIMITS.choiceName} chars`);
    if (c.value.length < 1 || c.value.length > LIMITS.choiceValue)
      problems.push(`${at} choice value "${c.value}" must be 1-${LIMITS.choiceValue} chars`);
    if (opt.type === 'integer' && !Number.isSafeInteger(Number(c.value)))
      problems.push(`${at} choice value "${c.value}" is not an integer`);
  }
  if (opt.type !== 'integer' && (opt.min !== undefined || opt.max !== undefined)) problems.push(`${at} min/max need an integer option`);
  if (opt.type !== 'channel' && opt.channelKinds) problems.push(`${at} channel kinds need a channel option`);
  if (opt.opensThreads && opt.type !== 'channel' && opt.type !== 'boolean')
    problems.push(`${at} opensThreads needs a channel or boolean option`);
  if (opt.type === 'channel') {
    const kinds = opt.channelKinds ?? ['text'];
    return { ...base, type, channel_types: kinds.map((k) => CHANNEL_TYPES[k]) } as APIApplicationCommandBasicOption;
  }
  if (opt.min !== undefined && opt.max !== undefined && opt.min > opt.max) problems.push(`${at} min ${opt.min} is above max ${opt.max}`);
  if (opt.type === 'string') {
    return {
      ...base,
      type: ApplicationCommandOptionType.String,
      ...(choices.length ? { choices: choices.map((c) => ({ name: c.name, value: c.value })) } : {}),
      ...(opt.autocomplete ? { autocomplete: true } : {}),
    } as APIApplicationCommandBasicOption;
  }
  if (opt.type === 'integer') {
    return {
      ...base,
      type: ApplicationCommandOptionType.Integer,
      ...(opt.min !== undefined ? { min_value: opt.min } : {}),
      ...(opt.max !== undefined ? { max_value: opt.max } : {}),
      ...(choices.length ? { choices: choices.map((c) => ({ name: c.name, value: Number(c.value) })) } : {}),
      ...(opt.autocomplete ? { autocomplete: true } : {}),
    } as APIApplicationCommandBasicOption;
  }
  return { ...base, type } as APIApplicationCommandBasicOption;
}

function checkName(name: string, at: string, problems: string[]): void {
  if (!NAME_RE.test(name)) problems.push(`${at} name "${name}" must be 1-${LIMITS.name} lower-case letters, digits, - or _`);
}

function checkDescription(text: string, at: string, problems: string[]): void {
  const n = text?.length ?? 0;
  if (n < 1 || n > LIMITS.description) problems.push(`${at} description must be 1-${LIMITS.description} chars (has ${n})`);
}

function checkUnique(names: string[], what: string, problems: string[]): void {
  const seen = new Set<string>();
  for (const n of names) {
    if (seen.has(n)) problems.push(`duplicate ${what} name "${n}"`);
    seen.add(n);
  }
}

function charCount(cmd: CommandJson): number {
  let n = cmd.name.length + cmd.description.length;
  const walk = (opts: readonly any[] | undefined) => {
    for (const o of opts ?? []) {
      n += o.name.length + o.description.length;
      for (const c of o.choices ?? []) n += c.name.length + String(c.value).length;
      walk(o.options);
    }
  };
  walk(cmd.options);
  return n;
}
