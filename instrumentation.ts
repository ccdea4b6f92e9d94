// Runs once when the server starts. Schedules the daily job (lib/jobs/scheduler.ts) in the server
// process; on the embedded database it also marks the data folder as served by this process.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { databaseMode, getEnv } = await import('@/lib/env');
  if (databaseMode() === 'embedded') {
    const { markEmbeddedFolderServed } = await import('@/lib/jobs/server-lock');
    markEmbeddedFolderServed(getEnv().MMP_DATA_DIR);
  }
  const { schedulerWanted } = await import('@/lib/jobs/schedule');
  if (!schedulerWanted(process.env)) return;
  const { startScheduler } = await import('@/lib/jobs/scheduler');
  // Not awaited: the server starts serving while the scheduler connects.
  void startScheduler();
}
