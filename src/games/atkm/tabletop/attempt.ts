// Asking a check only for its yes or no (bots, listed targets, bisections):
// a refusal answers no. Refusals are thrown by the thousand there, and
// capturing their stack traces was the dearest part, so none is captured
// while the check runs; the answers are the same.
import { RuleError } from '../../../engine/errors.ts';

/** fn's result, or null when it throws a RuleError (any other error is rethrown). */
export function attempt<T>(fn: () => T): T | null {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return fn();
  } catch (e) {
    if (e instanceof RuleError) return null;
    throw e;
  } finally {
    Error.stackTraceLimit = limit;
  }
}
