// Buttons more than one layer posts (a game's lobby, a tournament match thread).
import type { Button } from './types.ts';

/** Join the game's thread as a spectator (handled by commands/follow.ts). */
export const followButton = (gameId: number): Button => ({ customId: `follow:${gameId}`, label: 'Follow', style: 'secondary' });
