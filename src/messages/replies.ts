// Replies: private (ephemeral in Discord) or public, and an outcome of one reply.
// Text is never clipped here: a reply too long for one message is split into
// several where the outcome is queued (splitMessage, issue 19 §6).
import type { Outcome, Reply } from './types.ts';

export function privateReply(content: string, extra: Partial<Reply> = {}): Reply {
  return { content, ephemeral: true, ...extra };
}

export function publicReply(content: string, extra: Partial<Reply> = {}): Reply {
  return { content, ephemeral: false, ...extra };
}

export function only(reply: Reply): Outcome {
  return { replies: [reply], posts: [] };
}
