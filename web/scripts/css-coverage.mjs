// Every Mantine class the built JavaScript uses has its style in the built CSS. The app imports
// Mantine's styles per component rather than the whole sheet; a component added without its file
// would render unstyled, and this names the file to add. Two sheets: what the first screens draw
// (web/src/app/mantine-styles.ts, linked from index.html) and the rest (web/src/lib/mantine-styles-later.ts,
// loaded after the first screen). The first screens' code (the entry, what it imports, and the
// pages the early script preloads: a fund page) must find its classes in the first sheet and the
// CSS preloaded with it, for it renders before the rest arrives.
// Run after `npm run build -w web`: `node web/scripts/css-coverage.mjs [build dir]` (exit code 1 when
// one lacks; the build dir defaults to web/dist).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

// Mantine's static class names: `m_` and a short hash (m_d08caa0, m_77c9d27d).
const MANTINE_CLASS = /\bm_[0-9a-f]{5,8}\b/g;
const dist = process.argv[2] ?? join(import.meta.dirname, '..', 'dist');
const assets = readdirSync(join(dist, 'assets'));
const read = (suffix) =>
  assets.filter((f) => f.endsWith(suffix)).map((f) => [f, readFileSync(join(dist, 'assets', f), 'utf8')]);
const scripts = read('.js');
const sheets = read('.css');

const classesOf = (files) => new Set(files.flatMap(([, text]) => text.match(MANTINE_CLASS) ?? []));
// Each class's per-component file in @mantine/core, to say which import is missing.
const stylesDir = join(
  dirname(createRequire(join(import.meta.dirname, '..', 'package.json')).resolve('@mantine/core/styles.css')),
  'styles',
);
const fileOf = new Map();
for (const file of readdirSync(stylesDir).filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css')))
  for (const cls of readFileSync(join(stylesDir, file), 'utf8').match(MANTINE_CLASS) ?? []) fileOf.set(cls, file);

/** The @mantine/core style files whose classes `chunks` use and `styled` lacks, each with the chunks using it. */
const unstyled = (chunks, styled) => {
  const lacking = new Map();
  for (const [chunk, js] of chunks)
    for (const cls of new Set(js.match(MANTINE_CLASS) ?? [])) {
      // Classes of other Mantine packages (notifications, dates, ...) come with their own sheets.
      if (styled.has(cls) || !fileOf.has(cls)) continue;
      const file = fileOf.get(cls);
      lacking.set(file, [...(lacking.get(file) ?? []), chunk]);
    }
  return lacking;
};
const missing = unstyled(scripts, classesOf(sheets));

// The first screens: index.html's entry and stylesheets, the chunks the entry imports statically,
// and the chunks and sheets the early script preloads for the pages it knows.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const early = scripts.find(([f]) => f.startsWith('early-preload-'))?.[1] ?? '';
const named = (text, pattern) => [...text.matchAll(pattern)].map((m) => m[1]);
const firstSheets = new Set([
  ...named(html, /<link rel="stylesheet"[^>]*href="[^"]*\/assets\/([^"]+\.css)"/g),
  ...named(early, /"\/assets\/([^"]+\.css)"/g),
]);
const byName = new Map(scripts);
const firstChunks = new Set();
const visit = (file) => {
  if (firstChunks.has(file) || !byName.has(file)) return;
  firstChunks.add(file);
  // Static imports only (`from"./x.js"`, `import"./x.js"`), not `import("./x.js")`.
  for (const next of named(byName.get(file), /(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(next);
};
for (const file of [
  ...named(html, /<script type="module"[^>]*src="[^"]*\/assets\/([^"]+\.js)"/g),
  ...named(early, /"\/assets\/([^"]+\.js)"/g),
])
  visit(file);
if (!firstSheets.size || firstChunks.size < 2) {
  console.log(`The first screens' files were not found in ${dist} (index.html, early-preload-*.js).`);
  process.exitCode = 1;
}
// What no sheet has is reported as missing above, not again here.
const late = unstyled(
  scripts.filter(([f]) => firstChunks.has(f)),
  classesOf(sheets.filter(([f]) => firstSheets.has(f))),
);
for (const file of missing.keys()) late.delete(file);

const css = sheets.reduce((sum, [, text]) => sum + Buffer.byteLength(text), 0);
const gz = sheets.reduce((sum, [, text]) => sum + gzipSync(text, { level: 9 }).length, 0);
console.log(`${(css / 1024).toFixed(1)} KB CSS in ${sheets.length} files (${(gz / 1024).toFixed(1)} KB gzipped)`);
for (const [file, chunks] of missing)
  console.log(`missing: import '@mantine/core/styles/${file}' (used by ${[...new Set(chunks)].join(', ')})`);
for (const [file, chunks] of late)
  console.log(
    `first screen: '@mantine/core/styles/${file}' is in the later sheet, but ${[...new Set(chunks)].join(', ')} draw(s) it first`,
  );
if (missing.size || late.size) {
  console.log(
    'Add them to web/src/app/mantine-styles.ts (first screens; moved from web/src/lib/mantine-styles-later.ts) or to the later one, in the order of @mantine/core/styles.css.',
  );
  process.exitCode = 1;
} else
  console.log(
    `Every Mantine component the app uses has its styles; the first screens' ${firstChunks.size} scripts find theirs in the first sheet.`,
  );
