import { NextResponse } from 'next/server';
import { defineRoute } from '@/lib/http/define-route';
import { importProgress } from '@/lib/imports/runs';

// GET /api/admin/imports/{id}/progress: how far applying a file has got, for the page to follow.
export const GET = defineRoute<{ id: string }>({ capability: 'import.run', signIn: 'Sign in to import records.' }, async ({ actor, params }) =>
  NextResponse.json(await importProgress(actor, params.id), { headers: { 'Cache-Control': 'no-store' } }),
);
