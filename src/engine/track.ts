// Numeric tracks (VP, provisions lost, turn) with bounds and thresholds crossed.

export interface TrackSpec {
  name: string;
  min: number;
  max: number;
}

/** Move a value along a track, clamped; returns the new value and the marks passed on the way up. */
export function advance(
  spec: TrackSpec,
  value: number,
  delta: number,
  marks: { at: number; id: string }[] = [],
): { value: number; crossed: string[] } {
  const next = Math.max(spec.min, Math.min(spec.max, value + delta));
  const crossed = delta > 0 ? marks.filter((m) => m.at > value && m.at <= next).map((m) => m.id) : [];
  return { value: next, crossed };
}

/** Marks at or below a value: "has moved to or past". */
export function marksReached(value: number, marks: { at: number; id: string }[]): string[] {
  return marks.filter((m) => value >= m.at).map((m) => m.id);
}
