// Replies: private (ephemeral in Discord) or public, and an outcome of one reply.
import type { Outcome, Reply } from './types.ts';
import { clip } from './text.ts';

export function privateReply(content: string, extra: Partial<Reply> = {}): Reply {
  return { content: clip(content), ephemeral: true, ...extra };
}

export function publicReply(content: string, extra: Partial<Reply> = {}): Reply {
  return { content: clip(content), ephemeral: false, ...extra };
}

export function only(reply: Reply): Outcome {
  return { replies: [reply], posts: [] };
}
