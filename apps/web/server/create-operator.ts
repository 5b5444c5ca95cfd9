import { text } from "node:stream/consumers";
import { ConfigError, loadConfig } from "@kinderready/config/config.server";
import { openDb } from "@kinderready/db/open-db";
import { AppError } from "@kinderready/domain/app-error";
import { createOperator } from "@kinderready/domain/console/operator-accounts.server";

// Adds an operator to the console: npm run operator:create -- someone@example.com
// The password comes on standard input (never as an argument: shell history and `ps` keep those).
// With the embedded database, stop the server first: PGlite's folder has one user at a time.

const email = process.argv[2];
if (!email) {
  console.error("usage: npm run operator:create -- <email>   (the password is read from standard input)");
  process.exit(2);
}
try {
  const config = loadConfig();
  const password = (await text(process.stdin)).replace(/\r?\n$/, "");
  const database = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const created = await createOperator(database, { email, password, createdBy: null });
    process.stdout.write(`created operator ${created.email}\n`);
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof AppError) {
    console.error(error instanceof AppError ? `${error.field} ${error.message}` : error.message);
    process.exit(1);
  }
  throw error;
}
