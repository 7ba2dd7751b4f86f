// A Discord interaction with a subcommand group (/kpw move step) reaches the
// router with its group, subcommand and typed options; user and role options
// carry display names, so seats show names rather than ids.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOB, autocompletePayload, commandPayload } from './payloads.ts';
import { startRig, type Rig } from './setup.ts';

let rig: Rig;
beforeAll(async () => {
  rig = await startRig({ ackAfterMs: 300, progressEveryMs: 50 });
});
afterAll(async () => rig.close());
beforeEach(() => rig.fake.reset());

/** Wrap a payload's subcommand in a group. */
function grouped<P extends { data: { options: unknown[] } }>(group: string, p: P): P {
  return { ...p, data: { ...p.data, options: [{ name: group, type: 2, options: p.data.options }] } };
}

describe('subcommand groups from Discord', () => {
  it('a command carries its group and subcommand (getSubcommandGroup), options typed', async () => {
    await rig.send(grouped('move', commandPayload('game', 'status', [{ name: 'detail', type: 5, value: true }])));
    expect(rig.router.invocations.at(-1)).toMatchObject({ command: 'game', group: 'move', sub: 'status', options: { detail: true } });
  });

  it('an ungrouped command has no group', async () => {
    await rig.send(commandPayload('game', 'status'));
    expect(rig.router.invocations.at(-1)!.group).toBeUndefined();
  });

  it('autocomplete carries the group too', async () => {
    await rig.send(grouped('seat', autocompletePayload('game', 'join', [{ name: 'side', type: 3, value: 'ger', focused: true }])));
    expect(rig.router.autocompletes.at(-1)).toMatchObject({ group: 'seat', sub: 'join', focused: 'side', partial: 'ger' });
  });

  it('user and role options bring their display names (member nick, else global name; role name)', async () => {
    const p = commandPayload('game', 'join', [
      { name: 'side', type: 3, value: 'red' },
      { name: 'invite', type: 6, value: BOB.id },
      { name: 'role', type: 8, value: '1700000000000000009' },
    ]);
    const data = p.data as Record<string, any>;
    data.resolved = {
      users: { [BOB.id]: BOB },
      members: { [BOB.id]: { roles: [], nick: 'Captain Bob', joined_at: '2024-01-01T00:00:00.000Z', permissions: '0', flags: 0 } },
      roles: {
        '1700000000000000009': {
          id: '1700000000000000009',
          name: 'Umpires',
          color: 0,
          hoist: false,
          position: 1,
          permissions: '0',
          managed: false,
          mentionable: false,
          flags: 0,
        },
      },
    };
    await rig.send(p);
    const inv = rig.router.invocations.at(-1)!;
    expect(inv.options).toMatchObject({ invite: BOB.id, role: '1700000000000000009' });
    expect(inv.names).toEqual({ invite: 'Captain Bob', role: 'Umpires' });
  });
});
