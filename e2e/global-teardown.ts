import { rm } from "node:fs/promises";

// After the run: the migrated data folder its embedded databases were copied from.
export default async function teardown() {
  const template = process.env.KINDERREADY_E2E_TEMPLATE;
  if (template) await rm(template, { recursive: true, force: true });
}
