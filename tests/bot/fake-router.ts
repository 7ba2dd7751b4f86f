// A small Router standing in for commands/router.ts: one /game command whose
// subcommands exercise each adapter path (fast, slow, private, failing,
// throwing, new thread), plus versioned buttons and autocomplete.
import type { AutocompleteRequest, ButtonPress, CommandDef, Invocation, Router } from '../../commands/types.ts';
import type { Outcome } from '../../src/messages/types.ts';
import { BOB } from './payloads.ts';

// A valid 1×1 PNG (made with canvas): the adapter only needs real PNG bytes.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABmJLR0QA/wD/AP+gvaeTAAAAC0lEQVQImWNgAAIAAAUAAWJVMogAAAAASUVORK5CYII=',
  'base64',
);

export const BOARD_VERSION = 7;

export class FakeRouter implements Router {
  invocations: Invocation[] = [];
  presses: ButtonPress[] = [];
  autocompletes: AutocompleteRequest[] = [];
  threads: [string, string][] = [];
  tickOutcomes: Outcome[] = [];
  /** Delay for /game slowfast (not flagged slow, but overruns ackAfterMs). */
  lag = 0;
  /** /game private declared as answering privately (its deferral is then private too). */
  privateDeclared = false;
  /** Delay before a current button's answer (a map being drawn). */
  buttonLag = 0;

  definitions(opts: { includeConsoleOnly?: boolean } = {}): CommandDef[] {
    const defs: CommandDef[] = [
      {
        name: 'game',
        description: 'Play and manage the game in this channel',
        subcommands: [
          {
            name: 'status',
            description: 'Show whose turn it is',
            options: [{ name: 'detail', description: 'Show more', type: 'boolean', required: false }],
          },
          {
            name: 'map',
            description: 'Draw the map',
            options: [
              {
                name: 'scale',
                description: 'Zoom level',
                type: 'integer',
                required: false,
                choices: [
                  { name: 'x1', value: '1' },
                  { name: 'x2', value: '2' },
                ],
              },
            ],
          },
          { name: 'fail', description: 'Always refused', options: [] },
          { name: 'boom', description: 'Handler throws', options: [] },
          { name: 'private', description: 'Slow, private answer', options: [] },
          { name: 'slowfail', description: 'Slow on paper, refused at once', options: [] },
          { name: 'slowfast', description: 'Fast on paper, slow in practice', options: [] },
          { name: 'new', description: 'Start a game in a new thread', options: [] },
          {
            name: 'join',
            description: 'Join a side',
            options: [
              { name: 'side', description: 'Which side', type: 'string', required: true, autocomplete: true },
              { name: 'invite', description: 'Invite a friend', type: 'user', required: false },
            ],
          },
          { name: 'dice', description: 'Console only', options: [], consoleOnly: true },
        ],
      },
    ];
    if (opts.includeConsoleOnly)
      defs.push({
        name: 'dev',
        description: 'Developer tools',
        consoleOnly: true,
        subcommands: [{ name: 'dice', description: 'Roll', options: [] }],
      });
    return defs;
  }

  isSlow(inv: Pick<Invocation, 'command' | 'sub'>): boolean {
    return inv.command === 'game' && ['map', 'private', 'slowfail'].includes(inv.sub);
  }

  answersPrivately(inv: Pick<Invocation, 'command' | 'sub'>): boolean {
    return this.privateDeclared && inv.command === 'game' && inv.sub === 'private';
  }

  /** The pure checks: /game slowfail is refused before it runs. */
  refusal(inv: Invocation): Outcome | null {
    if (inv.command === 'game' && inv.sub === 'slowfail')
      return { replies: [{ content: 'There is no game in this channel.', ephemeral: true }], posts: [] };
    return null;
  }

  async dispatch(inv: Invocation, progress?: (line: string) => void): Promise<Outcome> {
    this.invocations.push(inv);
    switch (inv.sub) {
      case 'status':
        return { replies: [{ content: `Turn 3: ${inv.caller.name} to move.`, ephemeral: false }], posts: [] };
      case 'map':
        for (let n = 1; n <= 20; n++) {
          progress?.(`Rendering ${n}/20…`);
          await sleep(10);
        }
        return {
          replies: [{ content: 'The map', ephemeral: false, files: [{ name: 'map.png', data: PNG, description: 'Map of the front' }] }],
          posts: [
            {
              channelId: inv.where.channelId,
              content: `Phase over. <@${BOB.id}>, your move.`,
              files: [{ name: 'board.png', data: PNG }],
              buttons: [1, 2, 3, 4, 5, 6].map((k) => ({
                customId: `act:${BOARD_VERSION}:${k}`,
                label: `Move ${k}`,
                style: 'primary' as const,
              })),
              mentions: [BOB.id],
            },
          ],
        };
      case 'fail':
      case 'slowfail':
        return { replies: [{ content: 'There is no game in this channel.', ephemeral: true }], posts: [] };
      case 'boom':
        throw new Error('kaboom');
      case 'private':
        await sleep(Math.max(150, this.lag));
        return { replies: [{ content: 'Only you can see this.', ephemeral: true }], posts: [] };
      case 'slowfast':
        await sleep(this.lag);
        return { replies: [{ content: 'Finally.', ephemeral: false }], posts: [] };
      case 'new':
        return {
          replies: [{ content: 'Game created.', ephemeral: false }],
          posts: [{ channelId: inv.where.channelId, content: 'Setup', files: [{ name: 'setup.png', data: PNG }] }],
          newThread: { name: 'Kursk 1943' },
        };
      case 'join':
        return { replies: [{ content: `Joined ${inv.options.side}.`, ephemeral: false }], posts: [] };
      default:
        return { replies: [{ content: `Unknown /${inv.command} ${inv.sub}`, ephemeral: true }], posts: [] };
    }
  }

  async autocomplete(req: AutocompleteRequest) {
    this.autocompletes.push(req);
    if (req.partial === 'explode') throw new Error('autocomplete broke');
    return Array.from({ length: 30 }, (_, n) => ({ name: `${req.partial || 'side'} ${n} ${'long '.repeat(30)}`, value: `side-${n}` }));
  }

  async button(press: ButtonPress): Promise<Outcome> {
    this.presses.push(press);
    const [kind, version, choice] = press.customId.split(':');
    if (kind === 'crash') throw new Error('button handler crashed');
    if (kind !== 'act' || Number(version) !== BOARD_VERSION) {
      return { replies: [{ content: 'That button is from an older position; use the latest message.', ephemeral: true }], posts: [] };
    }
    if (this.buttonLag) await sleep(this.buttonLag);
    return {
      replies: [],
      posts: [{ channelId: press.where.channelId, content: `<@${press.caller.id}> chose ${choice}.`, mentions: [press.caller.id] }],
    };
  }

  threadCreated(gameChannelId: string, threadId: string): void {
    this.threads.push([gameChannelId, threadId]);
  }

  async tick(): Promise<Outcome[]> {
    const out = this.tickOutcomes;
    this.tickOutcomes = [];
    return out;
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
