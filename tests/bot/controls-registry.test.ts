// Issue 19.5: the registry of live controls never loses a message registered
// while a refresh is awaiting (the list used to be written back from a copy
// read before the await), and what it keeps is stored, so a restart still
// disables it.
import { describe, expect, it } from 'vitest';
import type { Client } from 'discord.js';
import type { Router } from '../../commands/types.ts';
import { ControlRegistry } from '../../src/bot/controls.ts';
import { ControlMessages } from '../../src/store/control-messages.ts';
import { Outbox } from '../../src/store/outbox.ts';

const row = (...ids: string[]) => [{ type: 1, components: ids.map((id) => ({ type: 2, style: 1, label: id, custom_id: id })) }];
const silent = { debug() {}, info() {}, warn() {}, error() {} };

describe('ControlRegistry (issue 19.5)', () => {
  it('a message registered while a refresh awaits is kept, in memory and in the database; the stale one is edited and forgotten', async () => {
    const patched: string[] = [];
    const client = { rest: { patch: async (route: string) => void patched.push(route) } } as unknown as Client;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const router = {
      staleControls: async (ids: string[]) => {
        await gate;
        return ids.filter((id) => id.startsWith('old'));
      },
    } as unknown as Router;
    const saved = new ControlMessages(Outbox.memory().db);
    const reg = new ControlRegistry(client, router, silent, saved);
    reg.add('c1', 'm1', row('old-1'));
    const refreshing = reg.refresh(['c1']);
    // Delivered during the refresh's await: a new decision's buttons.
    reg.add('c1', 'm2', row('new-1'));
    release();
    await refreshing;
    expect(patched).toEqual(['/channels/c1/messages/m1']);
    expect(reg.size('c1')).toBe(1);
    expect(saved.all().map((m) => m.messageId)).toEqual(['m2']);
    // After a restart the kept message is still known, and disabled once its decision closes.
    const again = new ControlRegistry(client, { staleControls: async (ids: string[]) => ids } as unknown as Router, silent, saved);
    await again.refresh(again.channels());
    expect(patched.at(-1)).toBe('/channels/c1/messages/m2');
    expect(saved.all()).toEqual([]);
  });

  it('an edit that fails keeps the message remembered, so the next refresh tries again', async () => {
    let fail = true;
    const patched: string[] = [];
    const client = {
      rest: {
        patch: async (route: string) => {
          if (fail) throw new Error('503');
          patched.push(route);
        },
      },
    } as unknown as Client;
    const saved = new ControlMessages(Outbox.memory().db);
    const reg = new ControlRegistry(client, { staleControls: async (ids: string[]) => ids } as unknown as Router, silent, saved);
    reg.add('c1', 'm1', row('a'));
    await reg.refresh(['c1']);
    expect(reg.size('c1')).toBe(1);
    fail = false;
    await reg.refresh(['c1']);
    expect(patched).toEqual(['/channels/c1/messages/m1']);
    expect(reg.size('c1')).toBe(0);
  });
});
