import { loadTestDatabaseUrl } from "@kinderready/config/config.server";
import { createDatabaseTemplates } from "@kinderready/db/test/database-templates";
import type { TestProject } from "vitest/node";

// Once per run: the migrated database templates every test file's database is copied from.
export default async function setup(project: TestProject) {
  const templates = await createDatabaseTemplates(loadTestDatabaseUrl());
  project.provide("databaseTemplates", { pglite: templates.pglite, postgres: templates.postgres });
  return () => templates.drop();
}
