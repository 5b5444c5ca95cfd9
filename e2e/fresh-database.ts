import { adminQuery } from "../packages/db/test/database-templates.ts";

// `node e2e/fresh-database.ts <url>`: drops and creates the database `url` names, on the server
// it names, so an end-to-end server started on it migrates from nothing and keeps no setting from
// an earlier run. The statements run on the server's `postgres` maintenance database.

const target = new URL(process.argv[2] ?? "");
const name = target.pathname.slice(1);
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
const maintenance = new URL(target);
maintenance.pathname = "/postgres";
await adminQuery(maintenance.toString(), `drop database if exists ${name} with (force)`);
await adminQuery(maintenance.toString(), `create database ${name}`);
