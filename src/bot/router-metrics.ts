// The router as the bot sees it, with every command and button press counted
// and timed (issue 21 §7). A wrapper, so commands/ knows nothing of metrics:
// whatever the router returns or throws passes through unchanged.
import type { Router } from '../../commands/types.ts';
import type { CommandResult, Metrics } from '../app/metrics.ts';
import type { Outcome } from '../messages/types.ts';

/**
 * A refusal is what commands/present.ts's errorOutcome makes of a rule,
 * stale-version or user error: only private replies, opening ❌ or ⏳, and
 * nothing posted. Anything thrown is an error of ours.
 */
export function resultOf(outcome: Outcome): CommandResult {
  const refused =
    outcome.posts.length === 0 &&
    outcome.replies.length > 0 &&
    outcome.replies.every((r) => r.ephemeral) &&
    /^(❌|⏳)/u.test(outcome.replies[0].content);
  return refused ? 'refused' : 'ok';
}

/** A button's kind from its custom id (`md:…`, `follow:…`): a few fixed prefixes, never ids, as the label. */
export function buttonKind(customId: string): string {
  const m = /^([a-z]{1,16})[:_-]/i.exec(customId);
  return m ? m[1].toLowerCase() : 'other';
}

async function measured(metrics: Metrics, command: string, sub: string, work: () => Promise<Outcome>): Promise<Outcome> {
  const start = process.hrtime.bigint();
  const seconds = () => Number(process.hrtime.bigint() - start) / 1e9;
  try {
    const outcome = await work();
    metrics.command(command, sub, resultOf(outcome), seconds());
    return outcome;
  } catch (e) {
    metrics.command(command, sub, 'error', seconds());
    throw e;
  }
}

export function measuredRouter(router: Router, metrics: Metrics): Router {
  const dispatch: Router['dispatch'] = (inv, progress) =>
    measured(metrics, inv.command, inv.group ? `${inv.group} ${inv.sub}` : inv.sub, () => router.dispatch(inv, progress));
  const button: Router['button'] = (press) => measured(metrics, 'button', buttonKind(press.customId), () => router.button(press));
  // A proxy rather than a copy: the router may be a class whose methods use `this`.
  return new Proxy(router, {
    get(target, prop) {
      if (prop === 'dispatch') return dispatch;
      if (prop === 'button') return button;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
