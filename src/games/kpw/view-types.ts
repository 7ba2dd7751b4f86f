// The King Philip's War view: everything a renderer or message may draw.
// KPW has no hidden information, but views are still built per viewer so the
// contract holds (and private prompts stay private).

export type KpwSide = 'english' | 'indian';

export type SiteCondition = 'undamaged' | 'raided' | 'razed' | 'damaged' | 'breached';

export interface KpwUnitView {
  id: string;
  kind: 'soldier' | 'warrior' | 'allied' | 'captain' | 'sachem' | 'key';
  /** Display name, e.g. 'Philip', 'MA Captain', 'NA Warrior'. */
  name: string;
  /** Colony id (MA/PL/RI/CT), tribe id (WA/SK/…), or 'AL' for Allied Indians. */
  owner: string;
  /** Infantry only: 2 full strength, 1 weakened. */
  strength?: 1 | 2;
  spy?: boolean;
  guide?: boolean;
}

export interface KpwStackView {
  space: string;
  side: KpwSide;
  units: KpwUnitView[];
  musket: boolean;
  /** Moved (or was dropped off) this movement phase. */
  moved?: boolean;
}

export interface KpwBattleView {
  id: string;
  side: KpwSide;
  from: string;
  to: string;
  fought: boolean;
}

export interface KpwView {
  viewer: 'english' | 'indian' | 'spectator' | 'moderator' | 'umpire';
  turn: number;
  lastTurn: number;
  winter: boolean;
  short: boolean;
  /** e.g. 'Turn 2 · Indian Movement'. */
  phase: string;
  /** Who must act and what they are asked. */
  prompts: { role: KpwSide; text: string }[];
  vp: Record<KpwSide, number>;
  provisionsLost: Record<KpwSide, number>;
  church: { status: 'waiting' | 'arriving' | 'on-map' | 'returning' | 'dead'; space?: string; returnTurn?: number };
  /** Condition of every settlement/village/fort that is not undamaged. */
  sites: Record<string, SiteCondition>;
  stacks: KpwStackView[];
  battles: KpwBattleView[];
  tribes: Record<string, 'neutral' | 'allied' | 'surrendered' | 'devastated' | 'removed'>;
  colonies: Record<string, 'active' | 'devastated'>;
  /** What waits on the turn track: muskets, returning leaders, delayed reinforcements. */
  turnTrack: { turn: number; items: string[] }[];
  /** English VP at which each tribe surrenders. */
  surrender: { tribe: string; vp: number }[];
  eliminated: { warriors: Record<string, number>; leaders: string[] };
  /** Short log of the last events, newest last. */
  recent: string[];
  result: { status: 'ongoing' } | { status: 'over'; summary: string };
}
