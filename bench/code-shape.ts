/**
 * Prints the figures that say how the server code is shaped, so a refactor can be judged by
 * numbers rather than by feel: error checks outside the one mapping, infrastructure imported by
 * rule files, import cycles between domain features, the composition root's largest function,
 * console.error calls in production source and effects in the purchase flow.
 *
 * Usage: node bench/code-shape.ts [repository root]
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parse } from "@babel/parser";

const root = resolve(process.argv[2] ?? ".");

function walk(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "build" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(walk(path));
    else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

const isTest = (path: string) => /\.test\.tsx?$|\/test\/|\/e2e\/|test-|-stub\./.test(relative(root, path));
const production = ["packages", "apps"]
  .flatMap((dir) => walk(join(root, dir)))
  .filter((path) => !isTest(path) && !/\/(scripts|bench)\//.test(relative(root, path)));
const text = (path: string) => readFileSync(path, "utf8");
const count = (paths: string[], pattern: RegExp) =>
  paths.reduce((sum, path) => sum + (text(path).match(pattern)?.length ?? 0), 0);

const mappingFile = /known-failure\.ts$/;
const knownErrors = /instanceof\s+(DomainError|Gateway\w*Error|OrderMismatchError|SplitError)\b/g;
const transports = production.filter((path) => /^(apps\/web|packages\/api)\//.test(relative(root, path)));
const errorChecks = count(
  transports.filter((path) => !mappingFile.test(path)),
  knownErrors,
);

const domainSrc = join(root, "packages/domain/src");
const domainFiles = walk(domainSrc).filter((path) => !isTest(path));
const ruleFiles = domainFiles.filter((path) => !/\.server\.tsx?$/.test(path));
// Value imports only: a type brings no I/O with it.
const infrastructure =
  /^import (?!type )[^;]*?from\s+"(drizzle-orm[^"]*|@sentry\/[^"]*|nodemailer|pg-boss|@kinderready\/db[^"]*)"/gm;
const infrastructureImports = count(ruleFiles, infrastructure);
const drizzleFiles = domainFiles.filter((path) => /from\s+"(drizzle-orm|@kinderready\/db)/.test(text(path))).length;

/** A domain file's feature: its first folder under src, or the file itself at the top. */
const feature = (path: string) => relative(domainSrc, path).split("/")[0] ?? path;
const edges = new Map<string, Set<string>>();
for (const path of domainFiles) {
  const from = feature(path);
  if (!edges.has(from)) edges.set(from, new Set());
  for (const match of text(path).matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)) {
    const target = resolve(dirname(path), match[1] as string);
    if (!target.startsWith(domainSrc)) continue;
    const to = feature(target.replace(/\.js$/, ".ts"));
    if (to !== from) edges.get(from)?.add(to);
  }
}
const cycles = stronglyConnected(edges).filter((component) => component.length > 1);

function stronglyConnected(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, indices.get(next) as number));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return components;
}

type SyntaxNode = { type: string; loc?: { start: { line: number }; end: { line: number } }; id?: { name?: string } };

/** The longest function (in lines) among the files that assemble the server at start-up. */
function longestFunction(paths: string[]): { name: string; lines: number } {
  let best = { name: "-", lines: 0 };
  for (const path of paths) {
    const program = parse(text(path), { sourceType: "module", plugins: ["typescript", "jsx"] });
    const visit = (node: unknown, name: string) => {
      if (!node || typeof node !== "object") return;
      if (Array.isArray(node)) {
        for (const child of node) visit(child, name);
        return;
      }
      const syntax = node as SyntaxNode & Record<string, unknown>;
      let own = name;
      if (syntax.type === "VariableDeclarator" && syntax.id?.name) own = syntax.id.name;
      if (/Function|ArrowFunction|ObjectMethod|ClassMethod/.test(syntax.type) && syntax.loc) {
        own = syntax.id?.name ?? own;
        const lines = syntax.loc.end.line - syntax.loc.start.line + 1;
        if (lines > best.lines) best = { name: `${relative(root, path)} ${own}`, lines };
      }
      for (const [key, child] of Object.entries(syntax)) if (key !== "loc") visit(child, own);
    };
    visit(program.program, "(anonymous)");
  }
  return best;
}
const serverDir = join(root, "apps/web/server");
const compositionRoot = longestFunction(walk(serverDir).filter((path) => !isTest(path)));

const consoleErrors = count(production, /console\.error\(/g);
const purchaseFlow = join(root, "apps/web/app/components/purchase/purchase-flow.tsx");
const effects = count([purchaseFlow], /\buse(Layout)?Effect\(/g);

const rows: [string, string | number][] = [
  ["instanceof checks of domain/gateway errors in the API and pages, outside the mapping", errorChecks],
  ["domain files importing drizzle or @kinderready/db", `${drizzleFiles} of ${domainFiles.length}`],
  [
    "drizzle/Sentry/nodemailer/pg-boss/db value imports from rule files (domain, not .server.ts)",
    infrastructureImports,
  ],
  [
    "import cycles between domain features (largest)",
    cycles.length === 0 ? "0" : `${cycles.length} (${Math.max(...cycles.map((c) => c.length))} features)`,
  ],
  ["composition root's largest function, lines", `${compositionRoot.lines} (${compositionRoot.name})`],
  ["console.error calls in production source", consoleErrors],
  ["effects in PurchaseFlow", effects],
];
for (const [label, value] of rows) console.log(`${label.padEnd(86)} ${value}`);
for (const cycle of cycles) console.log(`  cycle: ${cycle.join(" ↔ ")}`);
