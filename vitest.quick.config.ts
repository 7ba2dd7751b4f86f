// `npm run test:quick`: the rules and unit tests, for a quick loop while
// developing, on SQLite only. The whole-game files (fuzz, leak, contract,
// snapshot replay) and the Discord layer's are left out; `npm test` runs
// everything, on both backends (vitest.config.ts).
import { discordFiles, suite, wholeGameFiles } from './vitest.config.ts';

export default suite({ exclude: [...wholeGameFiles, ...discordFiles], backends: ['sqlite'] });
