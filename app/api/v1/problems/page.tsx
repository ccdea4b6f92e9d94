import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeading } from '@/components/page-heading';
import { PROBLEM_TYPES } from '@/lib/api/problem';
import { ProblemText } from './problem-text';

export const metadata: Metadata = { title: 'API problems' };

// Every kind of problem document the API answers, each linking to its own page.
export default function ProblemTypesPage() {
  return (
    <>
      <PageHeading title="Problems the API answers" lead="Each error is a problem document whose type is one of these addresses." />
      <dl>
        {Object.entries(PROBLEM_TYPES).map(([kind, t]) => (
          <div key={kind}>
            <dt className="text-bold margin-top-2">
              <Link href={`/api/v1/problems/${kind}`}>{t.title}</Link> ({t.status})
            </dt>
            <dd className="margin-left-0">
              <ProblemText text={t.what} />
            </dd>
          </div>
        ))}
      </dl>
      <p>
        <Link href="/api/v1/reference">API reference</Link>
      </p>
    </>
  );
}
