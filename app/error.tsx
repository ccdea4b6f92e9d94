'use client';

import { Button } from '@/components/button';

// Never show error.message: in production it is generic anyway, and in development it may leak internals.
// The server logged the error (instrumentation.ts) with the digest shown here as the reference code.
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && 'digest' in error ? String(error.digest) : null;

  return (
    <div className="usa-prose padding-y-4">
      <h1>Something went wrong</h1>
      <p className="usa-intro">We couldn&rsquo;t load this page. This is a problem on our side.</p>
      <p>
        Try again in a moment. If it keeps happening, contact the department field office that works
        with your county and give them the reference code below, if there is one.
      </p>
      {digest ? <p className="text-base">Reference code: {digest}</p> : null}
      <p>
        <Button onClick={() => retry()}>Try again</Button>
      </p>
    </div>
  );
}
