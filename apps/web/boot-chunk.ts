/** What the bundler's chunking context tells about a module: the part the boot chunk reads. */
export type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
};

/**
 * A code-splitting group for the browser build: one chunk holding every module that `roots` (the
 * client entry, the root route, the parents' frame) import statically, however many routes share
 * each. Left to itself the bundler cuts them into about twenty chunks by which routes import them;
 * every parent's page downloads all of them anyway, and gzip compresses each file on its own, so one
 * file is about 9 KB smaller (and one request instead of twenty). The roots stay the files React
 * Router's manifest names, each now importing the boot chunk; a page's own modules stay in its
 * route's chunks, and what the roots load on demand stays apart.
 */
export function bootChunk(roots: readonly string[]) {
  let boot: Set<string> | undefined;
  return {
    name: (id: string, graph: ModuleGraph): string | null => {
      boot ??= staticImports(roots, graph);
      return boot.has(id) ? "boot" : null;
    },
  };
}

/** Every module `roots` import statically, directly or not. */
function staticImports(roots: readonly string[], graph: ModuleGraph): Set<string> {
  // A root the build does not have (a file moved, React Router's module ids changed) would
  // silently split the boot again: the build fails instead.
  const missing = roots.filter((root) => !graph.getModuleInfo(root));
  if (missing.length > 0) throw new Error(`The boot chunk's roots are not in the build: ${missing.join(", ")}`);
  const found = new Set<string>();
  const queue = [...roots];
  for (const id of queue) {
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) {
      if (found.has(imported)) continue;
      found.add(imported);
      queue.push(imported);
    }
  }
  return found;
}
