// The plannable actions: the 30 Action Board spaces, with the "X or Y"
// actions split into one plannable per choice (Milk / Butcher, Weave Clothes /
// Containers, the five gift types, Make Tool / Implement) and Build split by
// structure. Trade Convoys are planned with sell/buy, not here.
import {
  lookup,
  RULES,
  STRUCTURE,
  type ActionDef,
  type Factor,
  type FreeKind,
  type ResourceId,
  type Season,
  type StructureId,
} from '../data.ts';

export interface Plannable {
  key: string;
  action: ActionDef;
  name: string;
  factors: Factor[];
  max?: { fixed: number } | { per: ResourceId; every: number };
  /** Counter the hard maximum applies to (the action, or the variant when the variant has its own). */
  maxKey: string;
  inputs: Partial<Record<ResourceId, number>>;
  outputs: Partial<Record<ResourceId, number>>;
  only?: Season[];
  notIn?: Season[];
  specialist?: 'carpenter' | 'blacksmith';
  free?: FreeKind;
  noFolk: boolean;
  structure?: StructureId;
  aliases: string[];
}

function build(): Plannable[] {
  const out: Plannable[] = [];
  for (const a of RULES.actions) {
    if (a.kind === 'trade') continue;
    const base = {
      action: a,
      only: a.only,
      notIn: a.notIn,
      specialist: a.specialist,
      free: a.free ?? a.specialist,
      noFolk: !!a.noFolk,
    };
    if (a.kind === 'build') {
      for (const s of RULES.structures) {
        if (s.buildable === false) continue;
        out.push({
          ...base,
          key: `build:${s.id}`,
          name: `Build ${s.name}`,
          factors: ['tools', 'horses'],
          maxKey: `build:${s.id}`,
          inputs: { wood: s.wood, lumber: s.lumber },
          outputs: {},
          structure: s.id,
          aliases: [
            `build ${s.id}`,
            `build ${s.name.toLowerCase()}`,
            `build ${s.name.toLowerCase().replace(/s$/, '')}`,
            `build ${s.id.replace(/s$/, '')}`,
          ],
        });
      }
      continue;
    }
    if (a.variants) {
      for (const v of a.variants) {
        out.push({
          ...base,
          key: `${a.id}:${v.id}`,
          name: v.name,
          factors: v.factors ?? a.factors ?? [],
          max: v.max ?? a.max,
          maxKey: v.max ? `${a.id}:${v.id}` : a.id,
          inputs: v.inputs ?? {},
          outputs: v.outputs ?? {},
          aliases: v.aliases,
        });
      }
      continue;
    }
    out.push({
      ...base,
      key: a.id,
      name: a.name,
      factors: a.factors ?? [],
      max: a.max,
      maxKey: a.id,
      inputs: a.inputs ?? {},
      outputs: a.outputs ?? {},
      aliases: a.aliases ?? [a.id],
    });
  }
  return out;
}

export const PLANNABLES: Plannable[] = build();
export const PLANNABLE: Record<string, Plannable> = lookup(PLANNABLES.map((p) => [p.key, p]));
export const TRADE_ACTION = RULES.actions.find((a) => a.kind === 'trade')!;

/** Outputs of one unit in the given season (Fishing in Winter, Gathering in Summer). */
export function outputsIn(p: Plannable, season: Season): Partial<Record<ResourceId, number>> {
  if (season === 'winter' && p.action.winterOutputs && !p.action.variants) return p.action.winterOutputs;
  if (season === 'summer' && p.action.summerOutputs && !p.action.variants) return p.action.summerOutputs;
  return p.outputs;
}

export function seasonAllows(p: Plannable, season: Season): boolean {
  if (p.only && !p.only.includes(season)) return false;
  if (p.notIn?.includes(season)) return false;
  return true;
}

export function structureName(id: StructureId): string {
  return STRUCTURE[id].name;
}

const norm = (t: string) =>
  t
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\band\b/g, '&');

/** Find a plannable by id, name or alias ("fishing", "build cabin", "weave clothes"). */
export function findPlannable(text: string): Plannable | undefined {
  const t = norm(text);
  return PLANNABLE[t] ?? PLANNABLES.find((p) => norm(p.name) === t) ?? PLANNABLES.find((p) => p.aliases.some((a) => norm(a) === t));
}
