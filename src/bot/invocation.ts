// Discord interaction → the command layer's Caller / Where / options.
import {
  ApplicationCommandOptionType,
  GuildMember,
  PermissionFlagsBits,
  type APIInteractionGuildMember,
  type BaseInteraction,
  type Channel,
  type CommandInteractionOption,
} from 'discord.js';
import type { Caller, Where } from '../../commands/types.ts';

export type OptionValues = Record<string, string | number | boolean>;

/**
 * Subcommand group (when the command has groups: /kpw move step), subcommand
 * name, option values (a user or role option is its id) and the display
 * names of user/role options from Discord's resolved data.
 */
export function subAndOptions(data: readonly CommandInteractionOption[]): {
  group?: string;
  sub: string;
  options: OptionValues;
  names: Record<string, string>;
} {
  let group: string | undefined;
  let sub = '';
  let opts = data;
  const top = data[0];
  if (top?.type === ApplicationCommandOptionType.SubcommandGroup) {
    group = top.name;
    const inner = top.options?.[0];
    sub = inner?.name ?? '';
    opts = inner?.options ?? [];
  } else if (top?.type === ApplicationCommandOptionType.Subcommand) {
    sub = top.name;
    opts = top.options ?? [];
  }
  const options: OptionValues = {};
  const names: Record<string, string> = {};
  for (const o of opts) {
    if (o.value !== undefined && o.value !== null) options[o.name] = o.value;
    const name = nameOf(o);
    if (name) names[o.name] = name;
  }
  return { ...(group ? { group } : {}), sub, options, names };
}

// A seat shows a name, not a raw id: the member's display name, else the user's.
function nameOf(o: CommandInteractionOption): string | undefined {
  if (o.type === ApplicationCommandOptionType.User) {
    const m = o.member;
    if (m instanceof GuildMember) return m.displayName;
    return (m as { nick?: string | null } | null | undefined)?.nick || o.user?.globalName || o.user?.username || undefined;
  }
  if (o.type === ApplicationCommandOptionType.Role) return o.role?.name;
  return undefined;
}

/** Who pressed: moderator = Manage Server (Administrator implies it) or a configured role. */
export function callerOf(i: BaseInteraction, moderatorRoleIds: readonly string[]): Caller {
  const member = i.member;
  const roleIds = roleIdsOf(member, i.guildId);
  const byPermission = i.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
  const byRole = roleIds.some((r) => moderatorRoleIds.includes(r));
  return { id: i.user.id, name: displayNameOf(i), isModerator: byPermission || byRole, roleIds };
}

// The member is a cached GuildMember when the guild is cached, otherwise the raw API object.
function roleIdsOf(member: GuildMember | APIInteractionGuildMember | null, guildId: string | null): string[] {
  if (!member) return [];
  if (member instanceof GuildMember) {
    // roles.cache only lists roles present in the guild cache; discord.js keeps
    // the member's raw role ids in _roles, which is what we want when available.
    const raw = (member as unknown as { _roles?: unknown })._roles;
    if (Array.isArray(raw)) return raw.map(String);
    return [...member.roles.cache.keys()].filter((id) => id !== guildId);
  }
  return Array.isArray(member.roles) ? [...member.roles] : [];
}

function displayNameOf(i: BaseInteraction): string {
  const m = i.member;
  if (m instanceof GuildMember) return m.displayName;
  return m?.nick || i.user.globalName || i.user.username;
}

/**
 * Where the interaction happened. A thread's parent comes from the channel
 * cache (the Guilds intent keeps active threads there); when the channel isn't
 * cached and `fetch` is allowed, one GET resolves it.
 */
export async function whereOf(i: BaseInteraction, fetch: boolean): Promise<Where> {
  const channelId = i.channelId ?? '';
  let channel: Channel | null = i.channel;
  if (!channel && fetch && channelId) channel = await i.client.channels.fetch(channelId, { allowUnknownGuild: true }).catch(() => null);
  const parentId = channel?.isThread() ? channel.parentId : null;
  return { guildId: i.guildId, channelId, parentId };
}

/** Where, synchronously from cache only (autocomplete must answer fast). */
export function whereCached(i: BaseInteraction): Where {
  const channel = i.channel;
  return { guildId: i.guildId, channelId: i.channelId ?? '', parentId: channel?.isThread() ? channel.parentId : null };
}
