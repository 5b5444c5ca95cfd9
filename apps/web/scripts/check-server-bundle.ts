import { readFile } from "node:fs/promises";

// The pages' server bundle must import the workspace packages, not carry copies of them: Node
// loads those packages once for the API and the server, and a second copy in the bundle would
// mean other classes (an `instanceof` that misses the gateway adapter's errors) and other
// module-level caches in the same process. The build fails here if that ever changes.

const bundle = await readFile(new URL("../build/server/index.js", import.meta.url), "utf8");
const imported = new Set([...bundle.matchAll(/from "(@kinderready\/[^/"]+)/g)].map((match) => match[1]));
// Code only the packages hold: the database schema's table builder and the domain's error class.
const copies = ["drizzle-orm/pg-core", "class AppError", "class GatewayError"].filter((marker) =>
  bundle.includes(marker),
);
console.log(
  `server bundle: ${(bundle.length / 1024).toFixed(0)} KB, imports ${[...imported].sort().join(", ") || "no workspace package"}`,
);
if (copies.length > 0 || !imported.has("@kinderready/domain")) {
  console.error(`server bundle holds its own copy of workspace code (${copies.join(", ") || "no domain import"})`);
  process.exit(1);
}
