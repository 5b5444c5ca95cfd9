import { defineConfig } from "drizzle-kit";

// The simulator's own tables, migrated apart from the product's (their own record table).
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/simulator-schema.ts",
  out: "./migrations",
  migrations: { table: "__simulator_migrations" },
});
