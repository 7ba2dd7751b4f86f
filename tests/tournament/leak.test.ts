// Spectators never see hidden information through a tournament's surfaces
// (issue 13, spectators): a Swiss of Rifle and Axe (secret plans) played by
// its bot through the session, while a spectator reads everything the
// tournament shows — pairings and standings posts, the hub, match thread
// posts, /tournament and /rating views, and the chronicle when the organiser
// ends the game in the middle of the plans. Needles as in tests/engine/leak.ts:
// each settlement's plan (from the game itself) and the labels of secret actions.
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { harness } from '../app/harness.ts';
import { envOf, isBotSeat, moduleOf } from '../../src/app/session.ts';
import { canonical } from '../../src/engine/runner.ts';
import type { Action } from '../../src/engine/types.ts';
import { planOf, planText } from '../../src/games/rifle/plan.ts';
import { stageOf, type RifleState } from '../../src/games/rifle/state.ts';
import { currentHub } from '../../src/tournament/hub.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import { cardText } from '../../commands/card.ts';
import type { Message, Outcome } from '../../src/messages/types.ts';
import { field } from './helpers.ts';

/** The plans being written now, in every form a surface could carry them. */
const plans = (s: RifleState) =>
  stageOf(s) !== 'plan'
    ? []
    : s.settlements
        .filter((st) => planOf(s, st).length)
        .flatMap((st) => [planText(planOf(s, st)), `"plan":${JSON.stringify(planText(planOf(s, st)))}`]);

const shown = (m: Message) =>
  [
    m.content,
    m.embed ? cardText(m.embed) : '',
    ...(m.buttons ?? []).map((b) => b.label),
    ...(m.files ?? []).map((f) => f.description ?? ''),
  ].join('\n');

/** What everyone (a spectator) sees of an outcome: its public replies and posts not addressed to someone. */
const publicText = (o: Outcome) => [...o.replies.filter((r) => !r.ephemeral), ...o.posts.filter((p) => !p.to)].map(shown).join('\n');

describe('tournament surfaces and hidden information (issue 13: spectators; leak property)', () => {
  it('a Swiss of Rifle and Axe: no plan or secret action reaches a spectator through the hub, posts, views or chronicle', async () => {
    const h = harness({ seed: 'tour-leak' });
    const rand = seedrandom('tour-leak:bot');
    const seen: { source: string; text: string }[] = [];
    const look = async (source: string, user: string, line: string, channel?: string) =>
      seen.push({ source: `${source}: ${line}`, text: publicText(await h.say(user, line, channel)) });
    await h.say('mod', '/tournament create name:Plans system:rifle format:swiss rounds:1 options:players=2');
    await field(h, ['alice', 'bob']);
    await look('start', 'mod', '/tournament start');
    const m = repoOf(h.svc).matches(1, 1)[0];
    let row = h.svc.store.game(m.gameId!)!;
    // Its thread opens (the adapter does this when the first post is delivered).
    h.router.threadCreated!(row.channelId, 'thread1');
    row = h.svc.store.game(m.gameId!)!;
    const mod = moduleOf(row);
    const secrets = new Set<string>();
    let checks = 0;
    let planSteps = 0;

    /** Everything seen since the last look must hold no secret live now. */
    const check = (live: string[]) => {
      for (const s of seen.splice(0))
        for (const needle of live) {
          checks++;
          expect(s.text.includes(needle), `${s.source} shows "${needle}"`).toBe(false);
        }
    };
    const spectate = async () => {
      await look('spectator', 'eve', '/tournament pairings');
      await look('spectator', 'eve', '/tournament standings');
      await look('spectator', 'eve', '/tournament log');
      await look('spectator', 'eve', '/rating winrates system:rifle');
      await look('spectator', 'eve', '/rating show user:alice');
      const hub = currentHub(h.svc, 1)!;
      seen.push({ source: 'hub', text: shown(hub.post) });
    };

    // Play on until plans have been written for a while, then the organiser ends the game mid-plan.
    for (let step = 0; step < 400 && planSteps < 6; step++) {
      row = h.svc.store.game(m.gameId!)!;
      if (row.status !== 'active') break;
      const env = envOf(row);
      const live = [...plans(env.game), ...secrets];
      if (live.length) planSteps++;
      await spectate();
      check(live);
      const seats = h.svc.store.seats(row.id);
      const asked = mod.prompts(env.game).filter((p) => seats.some((s) => s.role === p.role && !isBotSeat(s)));
      if (!asked.length) break;
      const p = asked[Math.floor(rand.quick() * asked.length)];
      const user = seats.find((s) => s.role === p.role)!.userId;
      const legal = mod.legal(env.game, p.role);
      const pick = mod.bot!(env.game, p.role, legal, { rand: () => rand.quick() });
      const res = h.svc.sessions.act(row, user, p.role, [pick.action]);
      res.applied.forEach((a, i) => {
        if (a.secret) {
          secrets.add(a.label);
          if (i === 0) secrets.add(canonical(pick.action as Action));
        }
        if (res.events[i].events.some((e) => e.reveal)) secrets.clear();
      });
    }
    row = h.svc.store.game(m.gameId!)!;
    const live = [...plans(envOf(row).game), ...secrets];
    expect(planSteps, 'the game reached its secret plans').toBeGreaterThan(0);
    expect(live.length, 'a plan is still secret when the organiser ends the game').toBeGreaterThan(0);
    // The organiser's result ends the game: the thread's post, the chronicle with its final map, standings, the hub.
    const end = await h.say('mod', `/tournament result match:${m.id} outcome:a reason:time`);
    // The chronicle names the tournament, round and table (issue 20).
    expect(end.posts.find((p) => p.content.includes('📜'))?.content).toMatch(/📜 \*\*[^*]+\*\* #\d+ — \w+, round 1, table 1 /);
    seen.push({ source: 'result', text: publicText(end) });
    await spectate();
    check(live);
    expect(repoOf(h.svc).get(1)!.status).toBe('finished');
    expect(checks).toBeGreaterThan(50);
  }, 120_000);

  it('side bids stay secret until both are in: the bidder alone hears theirs; hub, pairings and log do not show it', async () => {
    const h = harness({ seed: 'bid-leak' });
    await h.say('mod', '/tournament create name:Bids system:duel format:swiss rounds:1 bidding:true');
    await field(h, ['alice', 'bob']);
    await h.say('mod', '/tournament start');
    const m = repoOf(h.svc).matches(1, 1)[0];
    const bid = await h.say(m.a, `/tournament bid match:${m.id} side:a vp:17`);
    expect(bid.replies.every((r) => r.ephemeral)).toBe(true);
    expect(bid.replies[0].content).toContain('Player A for 17 VP');
    const spectator = [
      publicText(bid),
      ...(await Promise.all(['/tournament pairings', '/tournament standings', '/tournament log'].map((l) => h.say('eve', l)))).map(
        publicText,
      ),
      shown(currentHub(h.svc, 1)!.post),
    ].join('\n');
    expect(spectator).toContain('bidding for sides');
    expect(spectator).not.toMatch(/17 VP|for 17/);
    // Both bids in: the reveal is public.
    expect(publicText(await h.say(m.b!, `/tournament bid match:${m.id} side:b vp:0`))).toContain('a for 17 VP');
  });
});
