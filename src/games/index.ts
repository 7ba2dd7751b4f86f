// Registers every game system with its renderer (the table's part: rules
// modules import no renderer). Idempotent.
import { getGame, registerGame } from './registry.ts';
import { kpw } from './kpw/index.ts';
import { rifle } from './rifle/index.ts';
import { wog } from './wog/index.ts';
import { renderKpw } from '../../render/kpw.ts';
import { renderRifle } from '../../render/rifle.ts';
import { renderWog } from '../../render/wog.ts';
import type { KpwView } from './kpw/view-types.ts';

export function registerAllGames(): void {
  if (!getGame(kpw.id)) registerGame({ ...kpw, render: (view) => renderKpw(view as unknown as KpwView) });
  if (!getGame(rifle.id)) registerGame({ ...rifle, render: renderRifle });
  if (!getGame(wog.id)) registerGame({ ...wog, render: renderWog });
}
