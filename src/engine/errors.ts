/** A broken rule: the action is refused, nothing changes. */
export class RuleError extends Error {
  /** Rule reference, e.g. 'KPW 12.1' or 'game'. */
  readonly rule: string;
  /** What is allowed instead, for the private error reply. */
  readonly allowed: string[];

  constructor(rule: string, message: string, allowed: string[] = []) {
    // A refusal is an answer, not a fault: it carries no stack trace. Legality
    // code builds many to word its refusals, and capturing each one's stack
    // cost more than the check (11 % of a WoG commit).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = limit;
    }
    this.rule = rule;
    this.allowed = allowed;
    this.name = 'RuleError';
  }

  describe(maxAllowed = 15): string {
    let text = `${this.message}${this.rule && this.rule !== 'game' ? ` (rule ${this.rule})` : ''}`;
    if (this.allowed.length) {
      const shown = this.allowed.slice(0, maxAllowed);
      text += `\nAllowed now: ${shown.join('; ')}`;
      if (this.allowed.length > shown.length) text += ` … and ${this.allowed.length - shown.length} more`;
    }
    return text;
  }
}

export function fail(rule: string, message: string, allowed: string[] = []): never {
  throw new RuleError(rule, message, allowed);
}

export function check(cond: unknown, rule: string, message: string, allowed: string[] = []): asserts cond {
  if (!cond) throw new RuleError(rule, message, allowed);
}
