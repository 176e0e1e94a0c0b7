// The house plan, measured: reads the imports of server/src and web/src (TypeScript's own pre-processor, so
// `import type`, re-exports and dynamic `import()` count), places every file in a room, and prints one JSON
// line: imports that point up (from a lower room to a higher one), import circles, imports between two
// areas of the same layer, and the `as never` casts of server/src.
// Usage: npm run graph:imports [-- --list]   (--list adds every upward and cross-area import, by room pair)
// The rooms and their order are docs/ARCHITECTURE.md's; ROOMS below is the one place they are written.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * Rooms per tree, bottom-up: a file may import its own room and the rooms below it. A room is a folder or a
 * file below the tree's root; `areas` are rooms of one layer that must not import each other: `modules/*`
 * is every folder under modules/, `*` every folder not named on another layer.
 */
export const ROOMS = {
  server: {
    root: 'server/src',
    layers: [
      ['config.ts', 'errors.ts'],
      ['db'],
      ['auth'],
      ['live'],
      ['services'],
      ['protocols'],
      ['processing'],
      ['events'],
      ['jobs'],
      ['track'],
      ['reports'],
      ['manifest'],
      ['modules/*'],
      ['api', 'edge'],
      ['moduleList.ts', 'app.ts', 'server.ts', 'main.ts'],
    ],
  },
  web: {
    root: 'web/src',
    layers: [
      ['i18n', 'icons'],
      ['api'],
      ['session'],
      ['common'],
      ['map'],
      // the areas: every other folder of web/src (a new area is its folder and its line in app/areas.ts)
      ['*'],
      ['app'],
      ['main.tsx'],
    ],
    areasLayer: 5,
  },
};

const SOURCE = /\.(ts|tsx|mts)$/;
const SKIP = /(\.test\.(ts|tsx)|\.d\.ts|testSetup\.ts)$/;

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name === 'node_modules' || name === 'testing' || name === 'dist') continue;
      out.push(...sourceFiles(path));
    } else if (SOURCE.test(name) && !SKIP.test(name)) out.push(path);
  }
  return out;
}

export function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** The room of a file (path relative to the tree's root, with '/') and its layer, by the table. */
export function roomOf(tree, path) {
  const parts = path.split('/');
  for (let layer = 0; layer < tree.layers.length; layer++) {
    for (const room of tree.layers[layer]) {
      if (room.endsWith('/*')) {
        const prefix = room.slice(0, -2);
        if (parts[0] === prefix && parts.length > 2)
          return { room: `${prefix}/${parts[1]}`, layer, area: true };
      } else if (parts[0] === room) {
        return { room, layer, area: tree.areasLayer === layer || false };
      }
    }
  }
  const rest = tree.layers.findIndex((rooms) => rooms.includes('*'));
  if (rest >= 0 && parts.length > 1) return { room: parts[0], layer: rest, area: true };
  return { room: parts.length > 1 ? parts[0] : path, layer: -1, area: false };
}

/** Strongly connected components with more than one file (Tarjan), largest first. */
export function circles(graph) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const idx = new Map();
  const low = new Map();
  const found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found.sort((a, b) => b.length - a.length);
}

/** Measures one tree below `repo`: its upward and cross-area imports, and its circles. */
export function measureTree(repo, tree) {
  const rootDir = join(repo, tree.root);
  const files = sourceFiles(rootDir);
  const rel = (file) => relative(rootDir, file).split(sep).join('/');
  const graph = new Map();
  const upward = [];
  const cross = [];
  const unplaced = new Set();
  for (const file of files) {
    const from = rel(file);
    const imports = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles;
    const targets = new Set();
    for (const { fileName } of imports) {
      const target = resolveImport(file, fileName);
      if (!target || !target.startsWith(rootDir + sep)) continue;
      const to = rel(target);
      if (SKIP.test(to)) continue;
      targets.add(to);
      const a = roomOf(tree, from);
      const b = roomOf(tree, to);
      if (a.layer < 0) unplaced.add(a.room);
      if (b.layer < 0) unplaced.add(b.room);
      if (a.room === b.room || a.layer < 0 || b.layer < 0) continue;
      if (b.layer > a.layer) upward.push({ from, to, pair: `${a.room} -> ${b.room}` });
      else if (b.layer === a.layer && a.area && b.area)
        cross.push({ from, to, pair: `${a.room} -> ${b.room}` });
    }
    graph.set(from, [...targets]);
  }
  const found = circles(graph);
  return { files: files.length, upward, cross, circles: found, unplaced: [...unplaced].sort() };
}

function countAsNever(dir) {
  return sourceFiles(dir).reduce(
    (n, file) => n + (readFileSync(file, 'utf8').match(/\bas never\b/g) ?? []).length,
    0,
  );
}

const pairs = (list) => {
  const byPair = new Map();
  for (const i of list) byPair.set(i.pair, [...(byPair.get(i.pair) ?? []), `${i.from} -> ${i.to}`]);
  return Object.fromEntries([...byPair].sort());
};

/** The JSON line (and, with `list`, the imports behind each figure). */
export function measure(repo, { list = false } = {}) {
  const server = measureTree(repo, ROOMS.server);
  const web = measureTree(repo, ROOMS.web);
  const figures = (t) => ({
    files: t.files,
    upward: t.upward.length,
    upwardPairs: new Set(t.upward.map((i) => i.pair)).size,
    crossArea: t.cross.length,
    circles: t.circles.length,
    largestCircle: t.circles[0]?.length ?? 0,
    ...(t.unplaced.length ? { unplaced: t.unplaced } : {}),
  });
  const line = {
    graph: 'imports',
    server: figures(server),
    web: figures(web),
    crossArea: web.cross.length,
    asNever: countAsNever(join(repo, ROOMS.server.root)),
  };
  if (list)
    line.details = Object.fromEntries(
      Object.entries({ server, web }).map(([name, t]) => [
        name,
        { upward: pairs(t.upward), crossArea: pairs(t.cross), circles: t.circles },
      ]),
    );
  return line;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const repo = resolve(dirname(new URL(import.meta.url).pathname), '..');
  const list = process.argv.includes('--list');
  console.log(list ? JSON.stringify(measure(repo, { list }), null, 2) : JSON.stringify(measure(repo)));
}
