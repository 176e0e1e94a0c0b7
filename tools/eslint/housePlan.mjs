// ESLint rule `frota/house-plan`: an import in server/src or web/src may point to its own room or a room
// below it, never up, and an area never imports another area (docs/ARCHITECTURE.md). The rooms are
// tools/import-graph.mjs's ROOMS table (the same one `npm run graph:imports` measures with); the imports
// that break the plan today are listed, each with its reason, in tools/house-plan-exceptions.json.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOMS, resolveImport, roomOf } from '../import-graph.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const exceptions = JSON.parse(readFileSync(join(repo, 'tools/house-plan-exceptions.json'), 'utf8'));
const allowed = new Set(
  ['server', 'web'].flatMap((tree) => exceptions[tree].flatMap((e) => e.imports.map((i) => `${tree}:${i}`))),
);

const posix = (path) => path.split(sep).join('/');

/** The rule, for a repository at `root` (tests point it at their own tree). */
export function housePlanRule(root = repo, allow = allowed) {
  return {
    meta: {
      type: 'problem',
      docs: { description: 'imports point down the house plan; areas do not import each other' },
      schema: [],
      messages: {
        upward:
          '{{from}} ({{fromRoom}}) imports {{to}} ({{toRoom}}), a room above it: move the shared part down (docs/ARCHITECTURE.md)',
        crossArea:
          '{{from}} ({{fromRoom}}) imports {{to}} from another area ({{toRoom}}): move the shared part to a ground room (docs/ARCHITECTURE.md)',
      },
    },
    create(context) {
      const file = context.filename;
      const treeName = Object.keys(ROOMS).find((name) => file.startsWith(join(root, ROOMS[name].root) + sep));
      if (!treeName || /\.test\.(ts|tsx)$/.test(file)) return {};
      const tree = ROOMS[treeName];
      const treeRoot = join(root, tree.root);
      const from = posix(relative(treeRoot, file));
      const check = (node, source) => {
        if (typeof source !== 'string') return;
        const target = resolveImport(file, source);
        if (!target || !target.startsWith(treeRoot + sep)) return;
        const to = posix(relative(treeRoot, target));
        const a = roomOf(tree, from);
        const b = roomOf(tree, to);
        if (a.room === b.room || a.layer < 0 || b.layer < 0) return;
        const kind =
          b.layer > a.layer ? 'upward' : b.layer === a.layer && a.area && b.area ? 'crossArea' : null;
        if (!kind || allow.has(`${treeName}:${from} -> ${to}`)) return;
        context.report({ node, messageId: kind, data: { from, to, fromRoom: a.room, toRoom: b.room } });
      };
      return {
        ImportDeclaration: (node) => check(node, node.source.value),
        ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
        ExportAllDeclaration: (node) => check(node, node.source.value),
        ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      };
    },
  };
}

export default { rules: { 'house-plan': housePlanRule() } };
