import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/**
 * A throw-away PostgreSQL cluster of its own (initdb into a temp folder, its own port and socket
 * folder, trust auth on 127.0.0.1), so a fault script may stop and restart it without touching
 * the machine's shared server. As root it runs as the `postgres` user, as PostgreSQL insists.
 */
export type PostgresCluster = {
  /** postgres://postgres@127.0.0.1:PORT/DATABASE */
  url: string;
  /** `pg_ctl restart -m fast`: clients are disconnected, the server is back when this resolves. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server (immediately) and deletes the folder; safe to call twice. */
  destroy(): Promise<void>;
};

export async function startPostgresCluster(options: { port: number; database: string }): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  const root = await mkdtemp(join(tmpdir(), "kinderready-pgfault-"));
  const data = join(root, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const uid = Number(stdout.trim());
    const { stdout: gidOut } = await run("id", ["-g", "postgres"]);
    await chown(root, uid, Number(gidOut.trim()));
  }
  // From the cluster's folder: the postgres user may not enter the caller's working directory.
  const pgCommand = (name: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", join(bin, name), ...args], { cwd: root })
      : run(join(bin, name), args, { cwd: root });
  const serverOptions = `-p ${options.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${root}`;
  const pgCtl = (...args: string[]) =>
    pgCommand("pg_ctl", ["-D", data, "-l", join(root, "server.log"), "-w", "-t", "30", ...args]);

  let destroyed = false;
  const destroy = async () => {
    if (destroyed) return;
    destroyed = true;
    if (existsSync(join(data, "postmaster.pid"))) await pgCtl("stop", "-m", "immediate").catch(() => {});
    await rm(root, { recursive: true, force: true });
  };
  try {
    await pgCommand("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-instructions"]);
    await pgCtl("start", "-o", serverOptions);
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${options.port}/postgres` });
    await admin.connect();
    await admin.query(`create database ${options.database}`);
    await admin.end();
  } catch (error) {
    await destroy();
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${options.port}/${options.database}`,
    restart: async () => void (await pgCtl("restart", "-m", "fast", "-o", serverOptions)),
    stop: async () => void (await pgCtl("stop", "-m", "fast")),
    start: async () => void (await pgCtl("start", "-o", serverOptions)),
    destroy,
  };
}

/** The newest installed PostgreSQL's programs (Debian keeps them in /usr/lib/postgresql/N/bin). */
function postgresBinDir(): string {
  const versions = readdirSync("/usr/lib/postgresql")
    .filter((name) => existsSync(join("/usr/lib/postgresql", name, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error("no PostgreSQL server programs under /usr/lib/postgresql/*/bin");
  return join("/usr/lib/postgresql", versions[0], "bin");
}
