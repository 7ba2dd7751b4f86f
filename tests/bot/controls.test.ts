// Issue 9, Discord's own controls: dropdowns for long choice lists, a modal
// for a whole Rifle plan, buttons and dropdowns disabled once used or once
// their decision closes, and a stale press answered privately with fresh
// choices. The real router and engine behind discord.js's real client,
// against the loopback stand-in for Discord's HTTP API.
import { bootServiceRig, closeServiceRigs, forgetServiceRig, type ServiceRig } from './setup.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { createRouter } from '../../commands/router.ts';
import { decisionControls, optionText } from '../../commands/present.ts';
import { envOf, moduleOf } from '../../src/app/session.ts';
import { openServices } from '../../src/app/services.ts';
import { getGame, registerGame } from '../../src/games/registry.ts';
import type { GameModule, LegalAction } from '../../src/engine/types.ts';
import { duel, type DuelState } from '../fixtures/duel.ts';
import { duoTable } from '../app/harness.ts';
import { tempDb } from '../setup/test-db.ts';
import { type Delivered } from './fake-discord.ts';
import { ALICE, BOB, CHANNEL_ID, commandPayload, feed, modalPayload, pressOn, selectPayload } from './payloads.ts';

const EPHEMERAL = 64;
const CAROL = { ...ALICE, id: '1300000000000000003', username: 'carol', global_name: 'Carol' };
const s = (name: string, value: string) => ({ name, type: 3, value });

// A duel whose player may also mark any of 160 numbers: more choices than five rows of controls hold.
const many: GameModule<DuelState, { target: number }> = {
  ...duel,
  id: 'duelmany',
  command: 'duelmany',
  title: 'Duel (many marks)',
  legal(st, role) {
    const base = duel.legal.call(this, st, role);
    if (!base.length) return base;
    const marks: LegalAction[] = Array.from({ length: 160 }, (_, n) => ({
      action: { type: 'mark', n: n + 3 },
      label: `Mark ${n + 3}`,
      sub: 'mark',
      args: { n: String(n + 3) },
    }));
    return [...base, ...marks];
  },
};
if (!getGame('duel')) registerGame(duel);
if (!getGame('duelmany')) registerGame(many);

type Table = ServiceRig;
afterEach(closeServiceRigs);

const boot = (): Promise<Table> => bootServiceRig({ seed: 'controls-seed', maxSnapshots: 1 });

async function send(t: Table, payload: unknown): Promise<void> {
  t.fake.requests.length = 0;
  feed(t.bot.client, payload);
  await t.bot.idle();
  await t.bot.outbox.settle();
}

const callback = (t: Table) => t.fake.find('POST', /^\/interactions\/\d+\/[^/]+\/callback$/)[0];
const followUps = (t: Table) => t.fake.find('POST', /^\/webhooks\/\d+\/[^/]+$/);
const components = (m: { components: any[] }) => m.components.flatMap((r: any) => r.components);

/** The last edit of the start post disabled bob's dropdown (the second) and left alice's and carol's live. */
function onlyBobsDisabled(t: Table, startId: string): void {
  const edit = t.fake.find('PATCH', `/channels/${CHANNEL_ID}/messages/${startId}`).at(-1)!;
  const [a, b, c] = components(edit.body);
  expect(b.disabled).toBe(true);
  expect(a.disabled ?? false).toBe(false);
  expect(c.disabled ?? false).toBe(false);
}

/** A Rifle game for alice, bob and carol, started: each is asked for a leader. */
async function rifleForThree(): Promise<{ t: Table; start: Delivered }> {
  const t = await boot();
  await send(t, commandPayload('game', 'new', [s('system', 'rifle'), s('options', 'players=3')]));
  for (const [n, user] of [ALICE, BOB, CAROL].entries()) await send(t, commandPayload('game', 'join', [s('side', `p${n + 1}`)], { user }));
  await send(t, commandPayload('game', 'start'));
  const start = t.fake.messages(CHANNEL_ID).find((m) => /begins/.test(m.content))!;
  return { t, start };
}

describe('dropdowns (issue 9: select menus for long choice lists)', () => {
  it('several seats asked at once: one dropdown per seat instead of fifteen buttons, each leader whole', async () => {
    const { start } = await rifleForThree();
    const menus = components(start);
    expect(menus.map((c: any) => c.type)).toEqual([3, 3, 3]);
    expect(menus.map((c: any) => c.placeholder)).toEqual([
      'Settlement 1: Pick your leader (/rifle leader).',
      'Settlement 2: Pick your leader (/rifle leader).',
      'Settlement 3: Pick your leader (/rifle leader).',
    ]);
    expect(menus[0].options).toHaveLength(5);
    for (const o of menus[0].options) expect(o.value).toMatch(/^md:\d+:\d+:p1:[0-9a-f]{12}$/);
  });

  it('a choice is taken like its button; the used dropdown is disabled with the choice shown, the others stay live', async () => {
    const { t, start } = await rifleForThree();
    const [mine] = components(start);
    const boone = mine.options.find((o: any) => /Daniel Boone/.test(o.label));
    await send(t, selectPayload(mine.custom_id, boone.value, { user: ALICE }, start));
    const cb = callback(t);
    // The start post is the turn message: the answer updates it (issue 19 §1) with the choice as a
    // line of its log and the dropdowns of the decisions still open; nothing new is posted.
    expect(cb.body.type).toBe(7);
    expect(cb.body.data.content).toMatch(/Settlement 1\): .*Daniel Boone/);
    const menus = components(cb.body.data);
    expect(menus.map((m: any) => m.placeholder)).toEqual([
      'Settlement 2: Pick your leader (/rifle leader).',
      'Settlement 3: Pick your leader (/rifle leader).',
    ]);
    expect(followUps(t).filter((f) => !(f.body.flags & EPHEMERAL))).toEqual([]);
    const env = envOf(t.svc.store.liveGame(CHANNEL_ID)!);
    expect(JSON.stringify(env.game)).toMatch(/boone/);
  });

  it('a decision closed by a slash command leaves the turn message (an edit of that message), and the command is answered privately', async () => {
    const { t, start } = await rifleForThree();
    await send(t, commandPayload('rifle', 'leader', [s('name', 'clark')], { user: BOB }));
    const stored = t.fake.delivered.find((d) => d.id === start.id)!;
    expect(stored.content).toMatch(/Settlement 2\): .*Clark/);
    expect(components(stored).map((m: any) => m.placeholder)).toEqual([
      'Settlement 1: Pick your leader (/rifle leader).',
      'Settlement 3: Pick your leader (/rifle leader).',
    ]);
    expect(callback(t).body.data.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(t.fake.find('POST', `/channels/${CHANNEL_ID}/messages`)).toEqual([]);
  });

  it("a deadline's default closes a decision: the bot's tick edits the turn message, which loses that seat's dropdown", async () => {
    const { t, start } = await rifleForThree();
    const row = t.svc.store.liveGame(CHANNEL_ID)!;
    const decision = envOf(row).decisions!.open.p2.id;
    t.svc.store.deadlines.set(row.id, 'p2', decision, Date.now() - 1);
    t.fake.requests.length = 0;
    await t.bot.tick();
    await t.bot.outbox.settle();
    // The default continues the turn: a line of the turn message (issue 19 §1), nothing posted.
    const stored = t.fake.delivered.find((d) => d.id === start.id)!;
    expect(stored.content).toMatch(/Deadline passed for Settlement 2/);
    expect(components(stored).map((m: any) => m.placeholder)).toEqual([
      'Settlement 1: Pick your leader (/rifle leader).',
      'Settlement 3: Pick your leader (/rifle leader).',
    ]);
    expect(t.fake.find('POST', `/channels/${CHANNEL_ID}/messages`)).toEqual([]);
  });

  it("a resignation in a game of several settlements is a line of the turn message, which loses that seat's dropdown (issue 19 §1)", async () => {
    const { t, start } = await rifleForThree();
    t.fake.requests.length = 0;
    await send(t, commandPayload('game', 'resign', [], { user: BOB }));
    const stored = t.fake.delivered.find((d) => d.id === start.id)!;
    expect(stored.content).toMatch(new RegExp(`🏳️ <@${BOB.id}> resigns Settlement 2\\. The others play on\\.`));
    expect(components(stored).map((m: any) => m.placeholder)).toEqual([
      'Settlement 1: Pick your leader (/rifle leader).',
      'Settlement 3: Pick your leader (/rifle leader).',
    ]);
    expect(t.fake.find('POST', `/channels/${CHANNEL_ID}/messages`)).toEqual([]);
  });

  it('a decision closed while the bot was down: the next run disables its dropdown (the posts with controls are remembered in the database)', async () => {
    const { t, start } = await rifleForThree();
    await t.bot.stop();
    // Bob picks his leader while the bot is down (through the store, as another process would).
    const row = t.svc.store.liveGame(CHANNEL_ID)!;
    const rifle = getGame('rifle')!;
    t.svc.sessions.act(row, BOB.id, 'p2', [rifle.legal(envOf(row).game, 'p2')[0].action]);
    t.svc.store.close();
    forgetServiceRig(t);
    t.fake.requests.length = 0;
    const again = await bootServiceRig({ seed: 'controls-seed', maxSnapshots: 1, dbPath: t.dbPath, fake: t.fake });
    await again.bot.idle();
    onlyBobsDisabled(again, start.id);
  });

  it("someone else's dropdown: refused privately, nothing disabled, nothing changed", async () => {
    const { t, start } = await rifleForThree();
    const [mine] = components(start);
    const version = t.svc.store.liveGame(CHANNEL_ID)!.version;
    await send(t, selectPayload(mine.custom_id, mine.options[0].value, { user: BOB }, start));
    const cb = callback(t);
    expect(cb.body.type).toBe(4);
    expect(cb.body.data.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(cb.body.data.content).toMatch(/belongs to Settlement 1/);
    expect(t.svc.store.liveGame(CHANNEL_ID)!.version).toBe(version);
  });

  it('more choices than five dropdowns hold: the last option opens the rest privately, page by page', async () => {
    const h = await duoTable('duelmany');
    const row = h.svc.store.liveGame('c1')!;
    const mod = moduleOf(row);
    const env = envOf(row);
    const legal = mod.legal(env.game, 'a');
    expect(legal.length).toBeGreaterThan(125);
    const first = decisionControls(mod, row, env);
    expect(first.buttons).toHaveLength(0);
    expect(first.selects).toHaveLength(5);
    for (const m of first.selects) expect(m.options.length).toBeLessThanOrEqual(25);
    const last = first.selects[4].options.at(-1)!;
    expect(last.value).toMatch(/^mp:/);
    expect(last.label).toMatch(/More choices \(125–/);
    // Every legal choice is reachable: the first pages, then the rest through "More choices".
    const more = await h.router.button({
      customId: last.value,
      caller: { id: 'alice', name: 'alice', isModerator: false },
      where: { guildId: 'g1', channelId: 'c1' },
    });
    expect(more.replies[0].ephemeral).toBe(true);
    const shown = [...first.selects, ...(more.replies[0].selects ?? [])]
      .flatMap((m) => m.options)
      .filter((o) => !o.value.startsWith('mp:'));
    expect(new Set(shown.map((o) => o.value)).size).toBe(legal.length);
  });

  it("KPW: the Indians' war bands come as dropdowns by subcommand (not marked quick, yet listed); choosing one activates it", async () => {
    const t = await boot();
    await send(t, commandPayload('game', 'new', [s('system', 'kpw')]));
    await send(t, commandPayload('game', 'join', [s('side', 'indian')]));
    await send(t, commandPayload('game', 'join', [s('side', 'english')], { user: BOB }));
    await send(t, commandPayload('game', 'start'));
    // The Church roll passes the turn to the Indians' movement (any roll but a 1 on turn 1).
    for (let i = 0; i < 5 && !/Indian Movement/.test(t.svc.store.liveGame(CHANNEL_ID)!.state!); i++)
      await send(t, commandPayload('kpw', 'roll', [], { user: BOB }));
    const handoff = t.fake
      .messages(CHANNEL_ID)
      .filter((m) => m.mentions.includes(ALICE.id))
      .at(-1)!;
    const menus = components(handoff);
    expect(menus.length).toBeGreaterThanOrEqual(2);
    expect(menus.every((m: any) => m.type === 3)).toBe(true);
    expect(menus[0].placeholder).toMatch(/^\/kpw move activate · Move a war band/);
    expect(menus.at(-1).placeholder).toMatch(/^\/kpw end · /);
    const option = menus[0].options[0];
    const version = t.svc.store.liveGame(CHANNEL_ID)!.version;
    await send(t, selectPayload(menus[0].custom_id, option.value, { user: ALICE }, handoff));
    expect(t.svc.store.liveGame(CHANNEL_ID)!.version).toBeGreaterThan(version);
    // The hand-off post is Alice's turn message: the choice is a line of it, in the press's own answer.
    expect(callback(t).body.type).toBe(7);
    expect(callback(t).body.data.content).toContain(option.label);
  });

  it('a label past 100 characters keeps its deciding facts as the option description', () => {
    const label = `Lead with Someone Important Indeed: ${'Gain 1 extra Build, Trade, or Recruit action per turn, '.repeat(2)}`.trim();
    const o = optionText(label);
    expect(o.label).toBe('Lead with Someone Important Indeed');
    expect(o.description).toMatch(/^Gain 1 extra Build/);
    expect(o.description!.length).toBeLessThanOrEqual(100);
  });
});

describe('buttons disabled once used (issue 9)', () => {
  it('a pressed button whose choice is gone turns green and disabled; choices still open stay live', async () => {
    const t = await boot();
    await send(t, commandPayload('game', 'new', [s('system', 'duel')]));
    await send(t, commandPayload('game', 'join', [s('side', 'a')]));
    await send(t, commandPayload('game', 'join', [s('side', 'b')], { user: BOB }));
    await send(t, commandPayload('game', 'start'));
    const start = t.fake.messages(CHANNEL_ID).find((m) => /begins/.test(m.content))!;
    const reveal = components(start).find((c: any) => c.label === 'Reveal secrets');
    // Pressed on another message with these controls (not the turn message): that one is marked.
    await send(t, pressOn(reveal.custom_id, { id: '1499999999999999999', components: start.components }, { user: ALICE }));
    const cb = callback(t);
    expect(cb.body.type).toBe(7); // the acknowledgement updates the pressed message
    const after = components(cb.body.data);
    expect(after.find((c: any) => c.custom_id === reveal.custom_id)).toMatchObject({ disabled: true, style: 3 });
    // The turn goes on: rolling is still open, so that button stays live.
    expect(after.find((c: any) => c.label === 'Roll the die').disabled ?? false).toBe(false);
    // A reveal leads a new message (the next turn message, with the controls open now); the old turn message
    // loses its controls (issue 19 §1).
    const next = t.fake.messages(CHANNEL_ID).find((m) => /Secrets: A/.test(m.content))!;
    expect(next.id).not.toBe(start.id);
    expect(next.content).toMatch(/\(Player A\): Reveal secrets/);
    expect(components(next).find((c: any) => c.label === 'Roll the die').disabled ?? false).toBe(false);
    expect(t.fake.delivered.find((d) => d.id === start.id)!.components).toEqual([]);
  });

  it("a stale press is answered privately with what is wrong and the presser's choices now, as live buttons", async () => {
    const t = await boot();
    await send(t, commandPayload('game', 'new', [s('system', 'duel')]));
    await send(t, commandPayload('game', 'join', [s('side', 'a')]));
    await send(t, commandPayload('game', 'join', [s('side', 'b')], { user: BOB }));
    await send(t, commandPayload('game', 'start'));
    const start = t.fake.messages(CHANNEL_ID).find((m) => /begins/.test(m.content))!;
    // As the message stood when the press was made elsewhere (e.g. before a restart, which forgets what to disable).
    const asSent = { id: start.id, components: structuredClone(start.components) };
    const turn = () => JSON.parse(t.svc.store.liveGame(CHANNEL_ID)!.state!).game as { turn: string; pending: number };
    // Each side plays a turn, so alice's first decision is long closed when she presses its button.
    for (const [user, side] of [
      [ALICE, 'a'],
      [BOB, 'b'],
    ] as const)
      for (let i = 0; i < 20 && turn().turn === side; i++)
        await send(t, commandPayload('duel', turn().pending > 0 ? 'bank' : 'roll', [], { user }));
    expect(turn().turn).toBe('a');
    const version = t.svc.store.liveGame(CHANNEL_ID)!.version;
    const roll = components(asSent).find((c: any) => c.label === 'Roll the die');
    // Meanwhile the bot took the start post's buttons away itself, when alice's turn ended (issue 19 §1: it keeps its lines).
    expect(components(start).filter((c: any) => !c.disabled)).toEqual([]);
    await send(t, pressOn(roll.custom_id, asSent, { user: ALICE }));
    expect(callback(t).body.type).toBe(7);
    expect(components(callback(t).body.data).every((c: any) => c.disabled)).toBe(true);
    const [answer] = followUps(t);
    expect(answer.body.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(answer.body.content).toMatch(/stale: that decision has been taken or has passed\. Nothing was changed/);
    expect(answer.body.content).toMatch(/Your choices now/);
    const fresh = components(answer.body);
    expect(fresh.map((c: any) => c.label)).toContain('Roll the die');
    expect(fresh.every((c: any) => !c.disabled && c.custom_id !== roll.custom_id)).toBe(true);
    expect(t.svc.store.liveGame(CHANNEL_ID)!.version).toBe(version);
  });

  it('a press that continues the turn on its turn message updates that message; its private line stays private', async () => {
    const t = await boot();
    await send(t, commandPayload('game', 'new', [s('system', 'duel')]));
    await send(t, commandPayload('game', 'join', [s('side', 'a')]));
    await send(t, commandPayload('game', 'join', [s('side', 'b')], { user: BOB }));
    await send(t, commandPayload('game', 'start'));
    const start = t.fake.messages(CHANNEL_ID).find((m) => /begins/.test(m.content))!;
    const mark = components(start).find((c: any) => c.label === 'Mark 1');
    await send(t, pressOn(mark.custom_id, start, { user: ALICE }));
    const cb = callback(t);
    expect(cb.body.type).toBe(7);
    expect(cb.body.data.content).toMatch(/\(Player A\): Mark 1/);
    expect(cb.body.data.content).not.toMatch(/marked 1/);
    // Mark 1 is still offered: its button stays live.
    expect(components(cb.body.data).find((c: any) => c.label === 'Mark 1').disabled ?? false).toBe(false);
    const [secret] = followUps(t);
    expect(secret.body.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(secret.body.content).toMatch(/marked 1/);
  });
});

describe('a paragraph option in a modal (issue 9: a modal for a Rifle plan)', () => {
  async function soloPlanning(): Promise<Table> {
    const t = await boot();
    await send(t, commandPayload('game', 'new', [s('system', 'rifle'), s('options', 'players=1')]));
    await send(t, commandPayload('game', 'join', [s('side', 'p1')]));
    await send(t, commandPayload('game', 'start'));
    await send(t, commandPayload('rifle', 'leader', [s('name', 'clark')]));
    return t;
  }

  it('/rifle plans without its text opens a modal with a paragraph field; submitting it plans the whole turn', async () => {
    const t = await soloPlanning();
    const version = t.svc.store.liveGame(CHANNEL_ID)!.version;
    await send(t, commandPayload('rifle', 'plans'));
    const cb = callback(t);
    expect(cb.body.type).toBe(9); // MODAL
    const modal = cb.body.data;
    expect(modal.title).toBe('/rifle plans');
    const [field] = components(modal);
    expect(field).toMatchObject({ type: 4, custom_id: 'text', style: 2, required: true });
    expect(t.svc.store.liveGame(CHANNEL_ID)!.version).toBe(version); // nothing ran yet
    await send(t, modalPayload(modal.custom_id, { text: 'cooking, fishing x6, gathering x3' }));
    const answers = [callback(t).body.data, ...followUps(t).map((f) => f.body)].filter(Boolean);
    const secret = answers.find((a) => a.flags & EPHEMERAL);
    expect(secret?.content).toMatch(/Planned Gathering ×3/);
    // Secret steps only: nothing public (a public line per command would let others count them).
    expect(answers.filter((a) => !(a.flags & EPHEMERAL) && a.content)).toEqual([]);
    expect(t.svc.store.liveGame(CHANNEL_ID)!.version).toBeGreaterThan(version);
  });

  it('a plan the rules refuse is answered privately with what is wrong, and nothing changes', async () => {
    const t = await soloPlanning();
    const version = t.svc.store.liveGame(CHANNEL_ID)!.version;
    await send(t, commandPayload('rifle', 'plans'));
    await send(t, modalPayload(callback(t).body.data.custom_id, { text: 'fishing x99' }));
    const cb = callback(t);
    expect(cb.body.type).toBe(4);
    expect(cb.body.data.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(cb.body.data.content).toMatch(/❌/);
    expect(t.svc.store.liveGame(CHANNEL_ID)!.version).toBe(version);
  });

  it('the text given with the command runs at once, as at the offline table', async () => {
    const t = await soloPlanning();
    await send(t, commandPayload('rifle', 'plans', [s('text', 'cooking')]));
    expect(callback(t).body.type).not.toBe(9);
  });

  it('registers the paragraph option as optional in Discord (so it can be left out), still required by the handler', () => {
    const def = createRouter(openServices({ dbPath: tempDb(), seed: 'x' }))
      .definitions()
      .find((d) => d.name === 'rifle')!
      .subcommands.find((x) => x.name === 'plans')!;
    expect(def.options[0]).toMatchObject({ name: 'text', required: false, paragraph: true });
  });
});

void BOB;
