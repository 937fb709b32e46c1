/** Drops and creates the database named by DATABASE_URL, on the server TEST_DATABASE_URL reaches. */
import postgres from "postgres";

async function main() {
  const server = process.env.TEST_DATABASE_URL;
  const target = process.env.DATABASE_URL;
  if (!server || !target) throw new Error("TEST_DATABASE_URL and DATABASE_URL are required");
  const name = new URL(target).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name: ${name}`);
  const sql = postgres(server, { max: 1, onnotice: () => {} });
  await sql.unsafe(`drop database if exists ${name} with (force)`);
  await sql.unsafe(`create database ${name}`);
  await sql.end();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
