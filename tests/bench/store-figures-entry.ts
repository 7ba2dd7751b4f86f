// The store figures as the bot runs: bundled by bench.ts like `npm run build` and started with plain node and the start script's flags.
import { runStoreFigures } from './store-figures.ts';

runStoreFigures(process.argv.slice(2)).then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
