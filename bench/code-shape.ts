/**
 * Prints the figures that say how the code is shaped, so a refactor is judged by numbers rather
 * than by feel: function sizes, imports per file, statements outside the queries files, error checks outside
 * the one mapping, infrastructure imported by rule files, import cycles between domain features,
 * console.error calls, and the "upsale" spelling outside the wire mapping. code-shape.test.ts
 * holds them to their budgets in npm test, so they cannot drift back.
 *
 * Usage: node bench/code-shape.ts [repository root]
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "@babel/parser";

export type CodeShape = {
  /** Every function of the production source over 100 lines, longest first. */
  longFunctions: { name: string; lines: number }[];
  /** Production files importing more than 20 modules, most first. */
  crowdedFiles: { file: string; imports: number }[];
  errorChecks: number;
  domainFiles: number;
  domainFilesWithQueries: number;
  /** Domain files outside the `*-queries.server.ts` files that import Drizzle or the tables as values. */
  statementsOutsideQueries: string[];
  /** Exported use cases (outside the queries files) whose first parameter is the database. */
  useCasesTakingDb: string[];
  useCasesTakingDeps: number;
  /** Web and API files that run statements or import a queries file instead of calling a use case. */
  transportsReadingQueries: string[];
  infrastructureImports: number;
  cycles: string[][];
  consoleErrors: number;
  /** Places the code spells "upsale" outside the module that maps the wire spellings. */
  upsaleSpellings: { file: string; count: number }[];
};

type SyntaxNode = {
  type: string;
  loc?: { start: { line: number }; end: { line: number } };
  id?: { name?: string } | null;
  key?: { name?: string };
  params?: { type: string; name?: string; left?: { name?: string } }[];
  source?: { value: string };
  declaration?: SyntaxNode | null;
};

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

// Each file is read and parsed once, however many measures look at it.
const sources = new Map<string, string>();
const text = (path: string): string => {
  let source = sources.get(path);
  if (source === undefined) {
    source = readFileSync(path, "utf8");
    sources.set(path, source);
  }
  return source;
};
const bodies = new Map<string, SyntaxNode[]>();
function parsed(path: string): SyntaxNode[] {
  let body = bodies.get(path);
  if (!body) {
    body = parse(text(path), { sourceType: "module", plugins: ["typescript", "jsx"] }).program.body as SyntaxNode[];
    bodies.set(path, body);
  }
  return body;
}

/** Every function with the name it is known by (its own, its variable's or its property's). */
function functionsOf(body: SyntaxNode[]): { name: string; lines: number }[] {
  const found: { name: string; lines: number }[] = [];
  const visit = (node: unknown, name: string) => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child, name);
      return;
    }
    const syntax = node as SyntaxNode & Record<string, unknown>;
    let own = name;
    if (syntax.type === "VariableDeclarator" && syntax.id?.name) own = syntax.id.name;
    if (/^(ObjectProperty|ObjectMethod|ClassMethod)$/.test(syntax.type) && syntax.key?.name) own = syntax.key.name;
    if (/Function|ArrowFunction|ObjectMethod|ClassMethod/.test(syntax.type) && syntax.loc) {
      own = syntax.id?.name ?? own;
      found.push({ name: own, lines: syntax.loc.end.line - syntax.loc.start.line + 1 });
    }
    for (const [key, child] of Object.entries(syntax)) {
      if (key !== "loc" && !key.endsWith("Comments")) visit(child, own);
    }
  };
  visit(body, "(anonymous)");
  return found;
}

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

export function measureCodeShape(root: string): CodeShape {
  const isTest = (path: string) => /\.test\.tsx?$|\/test\/|\/e2e\/|test-|-stub\./.test(relative(root, path));
  const production = ["packages", "apps"]
    .flatMap((dir) => walk(join(root, dir)))
    .filter((path) => !isTest(path) && !/\/(scripts|bench|migrations)\//.test(relative(root, path)));
  const count = (paths: string[], pattern: RegExp) =>
    paths.reduce((sum, path) => sum + (text(path).match(pattern)?.length ?? 0), 0);

  const longFunctions: CodeShape["longFunctions"] = [];
  const crowdedFiles: CodeShape["crowdedFiles"] = [];
  for (const path of production) {
    const body = parsed(path);
    for (const fn of functionsOf(body)) {
      if (fn.lines > 100) longFunctions.push({ name: `${relative(root, path)} ${fn.name}`, lines: fn.lines });
    }
    const modules = new Set(body.filter((node) => node.source).map((node) => node.source?.value));
    if (modules.size > 20) crowdedFiles.push({ file: relative(root, path), imports: modules.size });
  }
  longFunctions.sort((a, b) => b.lines - a.lines);
  crowdedFiles.sort((a, b) => b.imports - a.imports);

  const mappingFile = /known-failure\.ts$/;
  const knownErrors = /instanceof\s+(AppError|Gateway\w*Error|OrderMismatchError)\b/g;
  const transports = production.filter((path) => /^(apps\/web|packages\/api)\//.test(relative(root, path)));
  const errorChecks = count(
    transports.filter((path) => !mappingFile.test(path) && !/\/server\/(main|create-operator)\.ts$/.test(path)),
    knownErrors,
  );

  const domainSrc = join(root, "packages/domain/src");
  const domainFiles = walk(domainSrc).filter((path) => !isTest(path));
  const ruleFiles = domainFiles.filter((path) => !/\.server\.tsx?$/.test(path));
  // Value imports only: a type brings no I/O with it, and neither does describe-error (it only reads
  // a driver's error).
  const infrastructure =
    /^import (?!type )[^;]*?from\s+"(drizzle-orm[^"]*|@sentry\/[^"]*|nodemailer|pg-boss|@kinderready\/db(?!\/describe-error)[^"]*)"/gm;
  const queries = /^import (?!type )[^;]*?from\s+"(drizzle-orm|@kinderready\/db(?!\/describe-error))/m;
  // Reads and writes live in `*-queries.server.ts` files and take the database (or a transaction)
  // first; everything else in the domain is a use case taking its dependencies as `deps`.
  const queriesFile = /-queries\.server\.ts$/;
  const statements = /^import (?!type )[^;]*?from\s+"(drizzle-orm|@kinderready\/db\/schema)"/m;
  const useCaseFiles = domainFiles.filter((path) => /\.server\.ts$/.test(path) && !queriesFile.test(path));

  const useCasesTakingDb: string[] = [];
  let useCasesTakingDeps = 0;
  for (const path of useCaseFiles) {
    for (const node of parsed(path)) {
      const declaration = node.type === "ExportNamedDeclaration" ? node.declaration : undefined;
      if (declaration?.type !== "FunctionDeclaration") continue;
      const first = declaration.params?.[0];
      const name = first?.name ?? first?.left?.name;
      if (name === "db") useCasesTakingDb.push(`${relative(domainSrc, path)} ${declaration.id?.name}`);
      if (name === "deps") useCasesTakingDeps += 1;
    }
  }

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

  // The wire mapping declares the spelling; the database schema names its stored columns.
  const spellingOwners = /(domain\/src\/upsell-wire\.ts|db\/src\/schema\.ts)$/;
  const upsaleSpellings = production
    .filter((path) => !spellingOwners.test(path))
    .map((path) => ({ file: relative(root, path), count: text(path).match(/upsale/gi)?.length ?? 0 }))
    .filter((entry) => entry.count > 0);

  return {
    longFunctions,
    crowdedFiles,
    errorChecks,
    domainFiles: domainFiles.length,
    domainFilesWithQueries: domainFiles.filter((path) => queries.test(text(path))).length,
    statementsOutsideQueries: domainFiles
      .filter((path) => !queriesFile.test(path) && statements.test(text(path)))
      .map((path) => relative(domainSrc, path)),
    useCasesTakingDb,
    useCasesTakingDeps,
    transportsReadingQueries: transports
      .filter((path) => /-queries\.server(\.ts)?"/.test(text(path)) || statements.test(text(path)))
      .map((path) => relative(root, path)),
    infrastructureImports: count(ruleFiles, infrastructure),
    cycles: stronglyConnected(edges).filter((component) => component.length > 1),
    consoleErrors: count(
      production.filter((path) => !/\/server\/(main|create-operator)\.ts$/.test(path)),
      /console\.error\(/g,
    ),
    upsaleSpellings,
  };
}

function print(shape: CodeShape): void {
  const over = (lines: number) => shape.longFunctions.filter((fn) => fn.lines > lines).length;
  const rows: [string, string | number][] = [
    [
      "functions over 150 lines / over 100 lines (production source, components included)",
      `${over(150)} / ${over(100)}`,
    ],
    [
      "most modules imported by one file / files importing more than 20",
      `${shape.crowdedFiles[0]?.imports ?? "≤ 20"} / ${shape.crowdedFiles.length}`,
    ],
    ["domain files importing drizzle or @kinderready/db", `${shape.domainFilesWithQueries} of ${shape.domainFiles}`],
    ["domain files building statements outside the *-queries.server.ts files", shape.statementsOutsideQueries.length],
    [
      "exported use cases taking db first / taking deps (queries files aside)",
      `${shape.useCasesTakingDb.length} / ${shape.useCasesTakingDeps}`,
    ],
    ["web and API files running statements or importing a queries file", shape.transportsReadingQueries.length],
    ["instanceof checks of domain/gateway errors in the API and pages, outside the mapping", shape.errorChecks],
    ["drizzle/Sentry/nodemailer/pg-boss/db value imports from rule files", shape.infrastructureImports],
    [
      "import cycles between domain features (largest)",
      shape.cycles.length === 0 ? "0" : `${shape.cycles.length} (${Math.max(...shape.cycles.map((c) => c.length))})`,
    ],
    ["console.error calls in production source (command-line tools aside)", shape.consoleErrors],
    ['"upsale" spelled outside the wire mapping', shape.upsaleSpellings.reduce((sum, entry) => sum + entry.count, 0)],
  ];
  for (const [label, value] of rows) console.log(`${label.padEnd(90)} ${value}`);
  for (const fn of shape.longFunctions) console.log(`  ${String(fn.lines).padStart(4)} lines  ${fn.name}`);
  for (const file of shape.crowdedFiles) console.log(`  ${String(file.imports).padStart(4)} imports ${file.file}`);
  for (const cycle of shape.cycles) console.log(`  cycle: ${cycle.join(" ↔ ")}`);
  for (const entry of shape.upsaleSpellings) console.log(`  upsale ×${entry.count} ${entry.file}`);
  for (const file of shape.statementsOutsideQueries) console.log(`  statements outside queries: ${file}`);
  for (const useCase of shape.useCasesTakingDb) console.log(`  takes db: ${useCase}`);
  for (const file of shape.transportsReadingQueries) console.log(`  reads a queries file: ${file}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) print(measureCodeShape(resolve(process.argv[2] ?? ".")));
