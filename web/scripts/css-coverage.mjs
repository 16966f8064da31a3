// Every Mantine class the built JavaScript uses has its style in the built CSS. The app imports
// Mantine's styles per component (web/src/app/mantine-styles.ts) rather than the whole sheet; a
// component added without its file would render unstyled, and this names the file to add.
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

const styled = new Set(sheets.flatMap(([, css]) => css.match(MANTINE_CLASS) ?? []));
// Each class's per-component file in @mantine/core, to say which import is missing.
const stylesDir = join(
  dirname(createRequire(join(import.meta.dirname, '..', 'package.json')).resolve('@mantine/core/styles.css')),
  'styles',
);
const fileOf = new Map();
for (const file of readdirSync(stylesDir).filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css')))
  for (const cls of readFileSync(join(stylesDir, file), 'utf8').match(MANTINE_CLASS) ?? []) fileOf.set(cls, file);

const missing = new Map();
for (const [chunk, js] of scripts)
  for (const cls of new Set(js.match(MANTINE_CLASS) ?? [])) {
    // Classes of other Mantine packages (notifications, dates, ...) come with their own sheets.
    if (styled.has(cls) || !fileOf.has(cls)) continue;
    const file = fileOf.get(cls);
    missing.set(file, [...(missing.get(file) ?? []), chunk]);
  }

const css = sheets.reduce((sum, [, text]) => sum + Buffer.byteLength(text), 0);
const gz = sheets.reduce((sum, [, text]) => sum + gzipSync(text, { level: 9 }).length, 0);
console.log(`${(css / 1024).toFixed(1)} KB CSS in ${sheets.length} files (${(gz / 1024).toFixed(1)} KB gzipped)`);
for (const [file, chunks] of missing)
  console.log(`missing: import '@mantine/core/styles/${file}' (used by ${[...new Set(chunks)].join(', ')})`);
if (missing.size) {
  console.log('Add them to web/src/app/mantine-styles.ts, in the order of @mantine/core/styles.css.');
  process.exitCode = 1;
} else console.log('Every Mantine component the app uses has its styles.');
