// placeholder, replaced below
import type { Json } from '../src/engine/types.ts';
export function renderRifle(_view: Json): Buffer { return Buffer.alloc(0); }
export function renderRifleChart(_view: Json): Buffer { return Buffer.alloc(0); }
