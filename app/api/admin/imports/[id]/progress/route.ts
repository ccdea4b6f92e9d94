import { NextResponse, type NextRequest } from 'next/server';
import { getActor } from '@/lib/auth/session';
import { AppError } from '@/lib/errors';
import { importProgress } from '@/lib/imports/runs';

export async function GET(_request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const actor = await getActor();
  if (!actor) return NextResponse.json({ ok: false, message: 'Sign in.' }, { status: 401 });
  if (actor.role !== 'admin') return NextResponse.json({ ok: false, message: 'Only administrators import records.' }, { status: 403 });
  const { id } = await params;
  try {
    return NextResponse.json(await importProgress(actor, id), { headers: { 'Cache-Control': 'no-store' } });
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return NextResponse.json({ ok: false, message: err.message }, { status: 404 });
    throw err;
  }
}
