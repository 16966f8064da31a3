/**
 * `npm run screening:check -- <list.csv> [--name "<name>" [--dob YYYY-MM-DD] [--kind person|organisation]]...`
 *
 * For operators loading a sanctions/PEP list (docs/profiles.md, "Loading the real list"): parses the
 * file exactly as screening will (OpenSanctions targets.simple.csv layout), prints its entry count,
 * its version (the content hash a case records) and the time to index it, then screens any
 * names given. Exits 1 if the file would be refused, so a refresh job can stop before swapping lists.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { listScreening } from '../functions/src/screening/screening.port.js';

const usage =
  'Usage: npm run screening:check -- <list.csv> [--name "<name>" [--dob YYYY-MM-DD] [--kind person|organisation]]...';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string', multiple: true },
    dob: { type: 'string', multiple: true },
    kind: { type: 'string', multiple: true },
  },
});
const [path] = positionals;
if (!path) {
  console.error(usage);
  process.exit(2);
}

try {
  const text = readFileSync(path, 'utf8');
  const started = performance.now();
  const port = listScreening({ stamp: async () => 'once', read: async () => text });
  const names = values.name ?? [];
  const run = await port.screen(
    names.map((name, i) => ({
      ref: `name-${i + 1}`,
      name,
      kind: values.kind?.[i] === 'organisation' ? 'organisation' : 'person',
      ...(values.dob?.[i] ? { birthDate: values.dob[i] } : {}),
    })),
  );
  console.log(
    `${path}: ${run.listSize} entries, version ${run.listVersion}, parsed and indexed in ${(performance.now() - started).toFixed(0)} ms`,
  );
  for (const [i, result] of run.results.entries()) {
    console.log(`\n${names[i]}: ${result.rating}`);
    for (const m of result.matches.slice(0, 10)) {
      console.log(
        `  ${m.score.toFixed(3)} ${m.rating.padEnd(6)} ${m.entryId} ${m.entryName} [${m.fields.join(', ')}; dob ${m.birthDate}] ${m.dataset}`,
      );
    }
  }
} catch (error) {
  console.error(`${path}: refused: ${(error as Error).message}`);
  process.exit(1);
}
