// `npm run test:quick`: the rules and unit tests, for a quick loop while
// developing. The whole-game files (fuzz, leak, contract, snapshot replay) and
// the Discord layer's are left out; `npm test` runs everything.
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base, { discordFiles, wholeGameFiles } from './vitest.config.ts';

export default mergeConfig(base, defineConfig({ test: { exclude: [...configDefaults.exclude, ...wholeGameFiles, ...discordFiles] } }));
