// Why the database could not be used, in words an operator can act on. drizzle wraps the driver's
// error ("Failed query: select pg_advisory_lock(...)"), which hides the cause; this walks down to
// the network or PostgreSQL error and says what to do about it.
export type DbProblem = { summary: string; remedy: string };

type Where = { host: string; port: string; database: string; user: string };

function describeUrl(url: string | undefined): Where | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return {
      host: u.hostname || 'localhost',
      port: u.port || '5432',
      database: decodeURIComponent(u.pathname.replace(/^\//, '')) || decodeURIComponent(u.username) || 'postgres',
      user: decodeURIComponent(u.username) || 'the default user',
    };
  } catch {
    return null;
  }
}

type ErrorFields = { code?: unknown; message?: unknown; address?: unknown; port?: unknown; hostname?: unknown; errors?: unknown };

/** The errors under `err` (its causes, and the attempts of an AggregateError), outermost first. */
function chain(err: unknown): ErrorFields[] {
  const out: ErrorFields[] = [];
  const visit = (e: unknown, depth: number) => {
    if (!e || typeof e !== 'object' || depth > 6) return;
    out.push(e as ErrorFields);
    const errors = (e as ErrorFields).errors;
    if (Array.isArray(errors)) errors.forEach((x) => visit(x, depth + 1));
    visit((e as { cause?: unknown }).cause, depth + 1);
  };
  visit(err, 0);
  return out;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The underlying problem and what to do, or null when the error is not about reaching the database. */
export function explainDbError(err: unknown, url?: string): DbProblem | null {
  const where = describeUrl(url);
  const errors = chain(err);
  const codeOf = (e: ErrorFields) => text(e.code);
  const find = (pred: (e: ErrorFields) => boolean) => errors.find(pred);
  const at = (e?: ErrorFields) => {
    const host = text(e?.address) || text(e?.hostname) || where?.host || 'the database host';
    const port = e?.port !== undefined && e?.port !== null ? String(e.port) : where?.port || '5432';
    return `${host}:${port}`;
  };

  const refused = find((e) => codeOf(e) === 'ECONNREFUSED');
  if (refused) {
    return {
      summary: `Cannot connect to PostgreSQL at ${at(refused)}: connection refused (ECONNREFUSED).`,
      remedy: `Start the PostgreSQL server, or correct the host and port in DATABASE_URL. Check with: pg_isready -h ${where?.host ?? 'HOST'} -p ${where?.port ?? 'PORT'}`,
    };
  }
  const unknownHost = find((e) => codeOf(e) === 'ENOTFOUND' || codeOf(e) === 'EAI_AGAIN');
  if (unknownHost) {
    return {
      summary: `Cannot connect to PostgreSQL: the host ${text(unknownHost.hostname) || where?.host || ''} was not found (${codeOf(unknownHost)}).`,
      remedy: 'Correct the host name in DATABASE_URL.',
    };
  }
  const timeout = find((e) => codeOf(e) === 'ETIMEDOUT' || /timeout expired|timed out/i.test(text(e.message)));
  if (timeout) {
    return {
      summary: `Cannot connect to PostgreSQL at ${at(timeout)}: the connection timed out.`,
      remedy: 'Check that the server is running and that a firewall lets this machine reach its port.',
    };
  }
  const pg = find((e) => /^[0-9A-Z]{5}$/.test(codeOf(e)));
  const message = pg ? text(pg.message) : '';
  switch (pg ? codeOf(pg) : '') {
    case '3D000':
      return {
        summary: `PostgreSQL at ${at()} answered: ${message} (3D000).`,
        remedy: `Create it, then migrate: psql "postgres://${where?.user ?? 'USER'}@${at()}/postgres" -c 'create database ${where?.database ?? 'NAME'}' && npm run db:migrate`,
      };
    case '28P01':
    case '28000':
      return {
        summary: `PostgreSQL at ${at()} refused the sign-in: ${message} (${codeOf(pg!)}).`,
        remedy: `Check the user name and password in DATABASE_URL (user ${where?.user ?? 'unknown'}), and that pg_hba.conf allows this user from this machine.`,
      };
    case '42P01':
      return {
        summary: `The database ${where?.database ?? ''} is missing the portal's tables: ${message} (42P01).`,
        remedy: 'Apply the migrations: npm run db:migrate',
      };
    case '57P03':
      return { summary: `PostgreSQL at ${at()} is starting up or shutting down (57P03).`, remedy: 'Wait a moment and try again.' };
    case '53300':
      return {
        summary: `PostgreSQL at ${at()} has no connection slots left (53300).`,
        remedy: 'Lower PG_POOL_MAX, or raise max_connections on the server.',
      };
  }
  // SSL as a word of the driver's message ("The server does not support SSL connections"), not
  // inside another word: a configuration message that says "openssl rand" is not about SSL.
  const ssl = find((e) => /\bSSL\b|\bTLS\b|self[- ]signed certificate|\bcertificate\b/i.test(text(e.message)));
  if (ssl) {
    return { summary: `PostgreSQL at ${at()}: ${text(ssl.message)}.`, remedy: 'Match sslmode in DATABASE_URL to the server (e.g. ?sslmode=require, or no sslmode for a local server).' };
  }
  return null;
}

/** "What failed: why. What to do: ..." for a command's last words; the plain message otherwise. */
export function describeFailure(what: string, err: unknown, url?: string): string {
  const problem = explainDbError(err, url);
  if (problem) return `${what}: ${problem.summary}\n  What to do: ${problem.remedy}`;
  const lines = chain(err).map((e) => text(e.message)).filter(Boolean);
  // The deepest message is the driver's own; the outer ones repeat the query that carried it.
  const deepest = lines.at(-1);
  const outer = lines[0];
  return `${what}: ${deepest && deepest !== outer ? `${deepest} (${outer})` : (outer ?? String(err))}`;
}
