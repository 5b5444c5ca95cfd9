import { loadTestDatabaseUrl } from "@kinderready/config/config.server";

/** The databases an integration test runs against: embedded always, PostgreSQL when configured. */
export function testDatabases(): { name: string; databaseUrl: string | undefined; dataDir: string }[] {
  const databaseUrl = loadTestDatabaseUrl();
  return [
    { name: "pglite", databaseUrl: undefined, dataDir: "memory://" },
    ...(databaseUrl ? [{ name: "postgres", databaseUrl, dataDir: "memory://" }] : []),
  ];
}
