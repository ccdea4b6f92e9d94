// Runs once when the server starts. Gives lib the mail templates' renderer (emails/register.ts), reads the department's summary figures (lib/cache/warm-figures.ts),
// marks imports left applying by a stopped process (lib/imports/runs.ts), and schedules the daily job (lib/jobs/scheduler.ts) in the server process; on the embedded database
// it also marks the data folder as served by this process.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  // lib renders mail through the templates' renderer, given here before the first request.
  await import('@/emails/register');
  const { databaseMode, getEnv } = await import('@/lib/env');
  if (databaseMode() === 'embedded') {
    const { markEmbeddedFolderServed } = await import('@/lib/jobs/server-lock');
    markEmbeddedFolderServed(getEnv().MMP_DATA_DIR);
  }
  // Not awaited: the server starts serving while the department's figures are read.
  void import('@/lib/cache/warm-figures')
    .then(({ warmDepartmentFigures }) => warmDepartmentFigures())
    .catch(async (err: unknown) => {
      const { getLogger } = await import('@/lib/log');
      getLogger('figures').error({ err }, 'reading the department figures at start-up failed; the first visit reads them');
    });
  // An import this server was applying when it last stopped is applied by no one now: say so on it.
  void import('@/lib/imports/runs')
    .then(({ recoverInterruptedImports }) => recoverInterruptedImports())
    .then(async (n) => {
      if (!n) return;
      const { getLogger } = await import('@/lib/log');
      getLogger('imports').warn({ runs: n }, 'imports left applying when the portal stopped are marked stopped; apply them again');
    })
    .catch(async (err: unknown) => {
      const { getLogger } = await import('@/lib/log');
      getLogger('imports').error({ err }, 'checking for imports left applying failed');
    });
  const { schedulerWanted } = await import('@/lib/jobs/schedule');
  if (!schedulerWanted(process.env)) return;
  const { startScheduler } = await import('@/lib/jobs/scheduler');
  // Not awaited: the server starts serving while the scheduler connects.
  void startScheduler();
}

type RequestInfo = { path: string; method: string; headers: Record<string, string | string[] | undefined> };
type ErrorContext = { routerKind: string; routePath: string; routeType: string };

/**
 * Every error a page, route handler or server action throws to Next reaches the log as one JSON
 * line with the request's id and the digest the error page shows the person as its reference code.
 */
export async function onRequestError(err: unknown, request: RequestInfo, context: ErrorContext): Promise<void> {
  const { getLogger, requestIdFrom } = await import('@/lib/log');
  const header = request.headers['x-request-id'];
  const requestId = requestIdFrom({ get: () => (Array.isArray(header) ? header[0] : header) ?? null });
  const digest = err && typeof err === 'object' && 'digest' in err ? String((err as { digest: unknown }).digest) : undefined;
  getLogger('http').error(
    { requestId, digest, method: request.method, path: request.path.split('?', 1)[0], route: context.routePath, routeType: context.routeType, err },
    'request failed',
  );
}
