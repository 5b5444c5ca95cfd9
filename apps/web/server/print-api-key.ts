import { ConfigError, loadConfig } from "@kinderready/config/config.server";

// Prints the key an integration sends as `x-api-key`: npm run api-key
// Derived from API_SECRET (or, without it, from this installation's secret in DATA_DIR), read
// from the same environment the server gets. The secret itself opens nothing.

try {
  process.stdout.write(`${loadConfig().apiKey}\n`);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
