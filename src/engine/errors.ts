/** A broken rule: the action is refused, nothing changes. */
export class RuleError extends Error {
  constructor(
    /** Rule reference, e.g. 'KPW 12.1' or 'game'. */
    readonly rule: string,
    message: string,
    /** What is allowed instead, for the private error reply. */
    readonly allowed: string[] = [],
  ) {
    super(message);
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
