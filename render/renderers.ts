// Each system's snapshot renderer by game id: the one list both the game
// registration (src/app/games.ts) and the render worker threads
// (src/app/render-task.ts) draw from, so a worker loads renderers only, not
// the rules.
import type { Json } from '../src/engine/types.ts';
import type { KpwView } from '../src/games/kpw/view-types.ts';
import type { AtkmView } from '../src/games/atkm/view.ts';
import { renderAtkm, renderAtkmZoom } from './atkm.ts';
import { renderKpw } from './kpw.ts';
import { renderKpwZoom } from './kpw-zoom.ts';
import { renderRifle } from './rifle.ts';
import { renderRiflePreview } from './rifle-preview.ts';
import { renderWog } from './wog.ts';
import { renderWk4, renderWk4Zoom } from './wk4.ts';
import type { Wk4View } from '../src/games/wk4/view.ts';
import { renderWogZoom } from './wog-zoom.ts';

export const renderers: Readonly<Record<string, (view: Json) => Buffer>> = {
  kpw: (view) => renderKpw(view as unknown as KpwView),
  // A close-up posted after the map (GameTable.renderZoom), readable at preview size.
  'kpw:zoom': (view) => renderKpwZoom(view as unknown as KpwView),
  rifle: renderRifle,
  // Rifle's table is a tall page: its preview is a summary made for Discord's ~550 px (issue 19).
  'rifle:zoom': renderRiflePreview,
  // ATKM: the tabletop picture the view carries (render/atkm.ts), and a close-up of the last action.
  atkm: (view) => renderAtkm((view as unknown as AtkmView).picture),
  'atkm:zoom': (view) => renderAtkmZoom((view as unknown as AtkmView).picture),
  wog: renderWog,
  // Each viewer's picture (fog of war applied by the rules' view); the renderer draws nothing else.
  wk4: (view) => renderWk4((view as unknown as Wk4View).picture),
  'wk4:zoom': (view) => renderWk4Zoom((view as unknown as Wk4View).picture),
  'wog:zoom': renderWogZoom,
};
