// A refusal that is not a game rule; every layer that checks input throws it.

/** Bad input that is not a game rule (unknown name, malformed option, permissions). */
export class UserError extends Error {
  override name = 'UserError';
}
