/**
 * The application's database role (SECURITY.md): not the owner of the tables and not a
 * superuser. The owner's connection, used only at start, runs the migrations and grants this role
 * what the application needs: rows of the business tables, and no more than reading and appending
 * for the audit tables (their triggers refuse changes from anyone, the owner included).
 */
import { JOB_SCHEMA } from './jobs.js';
import type { Pool } from './pool.js';

/** The role the embedded database and the tests create for the application. */
export const APP_ROLE = 'tawqi_app';

const identifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The user a connection string signs in as. */
export function roleOf(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).username);
}

/** A connection string for the same database as another role. */
export function asRole(databaseUrl: string, role: string, password: string): string {
  const url = new URL(databaseUrl);
  url.username = encodeURIComponent(role);
  url.password = encodeURIComponent(password);
  return url.toString();
}

/** Creates the role when a password is given and it does not exist yet (needs CREATEROLE). */
export async function createRole(owner: Pool, role: string, password: string): Promise<void> {
  const exists = await owner.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  const verb = exists.rowCount ? 'ALTER' : 'CREATE';
  await owner.query(`${verb} ROLE ${identifier(role)} LOGIN PASSWORD ${literal(password)}`);
}

/** What the application may do, granted by the owner after the migrations. */
export async function grantApplicationRole(owner: Pool, role: string): Promise<void> {
  const r = identifier(role);
  await owner.query(`
    GRANT USAGE ON SCHEMA public TO ${r};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${r};
    REVOKE UPDATE, DELETE, TRUNCATE ON audit_log, audit_log_v1, audit_checkpoints, counter_entries FROM ${r};
    -- Chaining a waiting record sets these three, once (the trigger refuses anything else).
    GRANT UPDATE (audit_slno, prev_hash, hash) ON audit_log TO ${r};
    -- Only the owner purges (modules/audit/retention.ts).
    REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON audit_purges FROM ${r};
    -- What the scanner flagged is kept for the operator: the application adds, never reads.
    REVOKE SELECT, UPDATE, DELETE, TRUNCATE ON quarantined_uploads FROM ${r};
    REVOKE DELETE, TRUNCATE ON audit_head FROM ${r};
    REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON schema_migrations FROM ${r};
  `);
  // The job queue's rows (db/jobs.ts), once its tables are made: used, never reshaped.
  if ((await owner.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [JOB_SCHEMA])).rowCount)
    await owner.query(`
      GRANT USAGE ON SCHEMA ${JOB_SCHEMA} TO ${r};
      GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${JOB_SCHEMA} TO ${r};
      GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${JOB_SCHEMA} TO ${r};
    `);
}

/**
 * Why the application's connection may not be used, or null when it may: a superuser or the
 * tables' owner could rewrite the evidence, and a role that may change the audit log could too.
 */
export async function applicationRoleProblem(app: Pool): Promise<string | null> {
  const [role] = (
    await app.query<{ name: string; superuser: boolean; owner: boolean; rewrites: boolean }>(
      `SELECT current_user AS name, r.rolsuper AS superuser,
              coalesce((SELECT tableowner = current_user FROM pg_tables WHERE schemaname = 'public' AND tablename = 'audit_log'), false) AS owner,
              -- A database not yet migrated has no audit log to ask about (not an error).
              CASE WHEN to_regclass('public.audit_log') IS NULL THEN false ELSE
                has_table_privilege('public.audit_log', 'UPDATE') OR has_table_privilege('public.audit_log', 'DELETE')
                OR has_table_privilege('public.audit_log', 'TRUNCATE') END AS rewrites
         FROM pg_roles r WHERE r.rolname = current_user`,
    )
  ).rows;
  if (!role) return 'the database role could not be read';
  if (role.superuser)
    return `the role ${role.name} is a superuser: give the application a role of its own (DATABASE_URL) and the owner's to DATABASE_OWNER_URL`;
  if (role.owner)
    return `the role ${role.name} owns the tables: give the application a role of its own (DATABASE_URL) and the owner's to DATABASE_OWNER_URL`;
  if (role.rewrites) return `the role ${role.name} may change the audit log`;
  return null;
}
