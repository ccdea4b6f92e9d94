import { redirect } from 'next/navigation';
import { requireActor } from '@/lib/auth/session';
import { ROLE_HOME } from '@/lib/auth/roles';

// After signing in, each role lands on its own home.
export default async function HomeRedirect() {
  const actor = await requireActor('/home');
  redirect(ROLE_HOME[actor.role]);
}
