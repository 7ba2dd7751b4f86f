// What of a KPW view the snapshot's board shows, for "has the board changed?"
// (issue 9). Leaves out the phase name, prompts, recent log and the moved
// chevrons: a phase that changes only those needs no new picture.
import type { Json } from '../../engine/types.ts';
import type { KpwView } from './view-types.ts';

export function boardKey(v: KpwView): Json {
  const stacks = v.stacks.map(({ moved: _moved, ...s }) => s);
  const { sites, battles, vp, provisionsLost, church, tribes, colonies, turnTrack, eliminated, result } = v;
  return { stacks, sites, battles, vp, provisionsLost, church, tribes, colonies, turnTrack, eliminated, result } as unknown as Json;
}
