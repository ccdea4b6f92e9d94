import type { Metadata } from 'next';
import { ForbiddenPage } from '@/components/forbidden-page';

export const metadata: Metadata = { title: 'Access denied' };

// Rendered with HTTP 403 when a page calls forbidden() from next/navigation.
export default function Forbidden() {
  return <ForbiddenPage />;
}
