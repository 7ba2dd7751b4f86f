// Channel options the bot will open threads in (/tournament create
// threads_in:) are checked before the command runs (issue 19 §9): the channel
// is of a kind that holds threads and the bot may view it, send, create public
// threads and send in them. Otherwise the caller is told privately what is
// missing, and nothing is created: a tournament whose every match then failed
// to open its thread, retried for ever, is what this prevents. A boolean
// option that opens a thread of the channel the command runs in (/game new
// thread:true) is checked the same way, for that channel, when true. A
// wrapper, as router-metrics.ts is, so commands/ knows nothing of Discord permissions.
import { ChannelType, PermissionFlagsBits, PermissionsBitField, type Client, type GuildBasedChannel } from 'discord.js';
import type { CommandDef, Invocation, OptionDef, Router } from '../../commands/types.ts';
import type { Outcome } from '../messages/types.ts';
import { CHANNEL_TYPES } from './commands-json.ts';

/** What opening and using a match thread takes, in the words of Discord's permission settings. */
const NEEDED: [bigint, string][] = [
  [PermissionFlagsBits.ViewChannel, 'View Channel'],
  [PermissionFlagsBits.SendMessages, 'Send Messages'],
  [PermissionFlagsBits.CreatePublicThreads, 'Create Public Threads'],
  [PermissionFlagsBits.SendMessagesInThreads, 'Send Messages in Threads'],
];

const KIND_NAMES: Record<string, string> = { text: 'a text channel', announcement: 'an announcement channel', forum: 'a forum' };

const refusal = (text: string): Outcome => ({ replies: [{ content: `❌ ${text} Nothing was created.`, ephemeral: true }], posts: [] });

/**
 * Why the bot cannot open threads in the channel an option names, or null
 * when it can or cannot tell. From the cache only (the Guilds intent keeps
 * every channel of a server and the bot's own member there), so the check
 * answers at once, before any deferral, and a refusal is never first shown to
 * everyone as a placeholder (issue 19 §3). Not cached: the thread's creation
 * reports it, as before.
 */
export function threadChannelRefusal(client: Client, option: OptionDef, channelId: string): string | null {
  // A flag (thread:true) opens one thread of the command's own channel; a channel option names where matches go.
  const flag = option.type === 'boolean';
  const named = flag ? `\`${option.name}:true\`` : `\`${option.name}:\``;
  const threads = flag ? 'a thread' : 'match threads';
  const kinds = option.channelKinds ?? ['text'];
  const allowed = kinds.map((k) => CHANNEL_TYPES[k]);
  const names = kinds.map((k) => KIND_NAMES[k]);
  const wanted = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0];
  const channel = client.channels.cache.get(channelId);
  if (!channel) return null;
  if (!('guild' in channel)) return flag ? null : `<#${channelId}> (${named}) cannot hold match threads: pick ${wanted}.`;
  if (!allowed.includes(channel.type as ChannelType))
    return flag
      ? `I cannot open a thread in <#${channelId}> (${named}): it is not a text channel. Start the game here without \`${option.name}:\`.`
      : `<#${channelId}> (${named}) cannot hold match threads: pick ${wanted}.`;
  const guildChannel = channel as GuildBasedChannel;
  const me = client.user ? guildChannel.guild.members.me : null;
  if (!me) return null;
  const perms = guildChannel.permissionsFor(me) ?? new PermissionsBitField();
  const missing = NEEDED.filter(([bit]) => !perms.has(bit)).map(([, name]) => name);
  if (!missing.length) return null;
  if (missing.includes('View Channel')) {
    const rest = missing.filter((m) => m !== 'View Channel');
    const also = rest.length ? ` (and ${rest.join(', ')})` : '';
    return `I cannot see <#${channelId}> (${named}): give me View Channel there${also}, or pick another channel.`;
  }
  return (
    `I cannot open ${threads} in <#${channelId}> (${named}): I lack ${missing.join(', ')} there. ` +
    (flag
      ? `Give my role those permissions in this channel, or start the game here without \`${option.name}:\`.`
      : `Give my role those permissions in that channel, or pick another.`)
  );
}

const isTrue = (value: unknown) => value === true || value === 'true';

/** The router with its thread-channel options checked among the refusals that come before any deferral. */
export function channelCheckedRouter(router: Router, client: Client): Router {
  let defs: CommandDef[] | undefined;
  const threadOptions = (inv: Invocation): OptionDef[] => {
    const def = (defs ??= router.definitions({ includeConsoleOnly: true })).find((d) => d.name === inv.command);
    const sub = def?.subcommands.find((s) => s.name === inv.sub && (inv.group === undefined || s.group === inv.group));
    return (sub?.options ?? []).filter((o) => o.type === 'channel' && o.opensThreads && typeof inv.options[o.name] === 'string');
  };
  /** The flags set (thread:true) open a thread of the command's own channel; none inside a thread (the game stays there). */
  const threadFlags = (inv: Invocation): OptionDef[] => {
    const def = (defs ??= router.definitions({ includeConsoleOnly: true })).find((d) => d.name === inv.command);
    const sub = def?.subcommands.find((s) => s.name === inv.sub && (inv.group === undefined || s.group === inv.group));
    if (inv.where.parentId) return [];
    return (sub?.options ?? []).filter((o) => o.type === 'boolean' && o.opensThreads && isTrue(inv.options[o.name]));
  };
  const refusalOf: Router['refusal'] = (inv) => {
    const first = router.refusal?.(inv) ?? null;
    if (first) return first;
    for (const option of threadOptions(inv)) {
      const why = threadChannelRefusal(client, option, String(inv.options[option.name]));
      if (why) return refusal(why);
    }
    for (const option of threadFlags(inv)) {
      const why = threadChannelRefusal(client, option, inv.where.channelId);
      if (why) return refusal(why);
    }
    return null;
  };
  return new Proxy(router, {
    get(target, prop) {
      if (prop === 'refusal') return refusalOf;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
