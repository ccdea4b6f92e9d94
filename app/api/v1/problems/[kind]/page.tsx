import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { PageHeading } from '@/components/page-heading';
import { isProblemType, PROBLEM_TYPES } from '@/lib/api/problem';
import { ProblemText } from '../problem-text';
import '../../reference/reference.css';

// The page a problem document's `type` opens (RFC 9457 says the type's address should describe the
// problem to a person): its title, its status and what to do about it.
export function generateStaticParams() {
  return Object.keys(PROBLEM_TYPES).map((kind) => ({ kind }));
}

export async function generateMetadata({ params }: { params: Promise<{ kind: string }> }): Promise<Metadata> {
  const { kind } = await params;
  return { title: isProblemType(kind) ? `API problem: ${PROBLEM_TYPES[kind].title}` : 'API problem' };
}

export default async function ProblemTypePage({ params }: { params: Promise<{ kind: string }> }) {
  const { kind } = await params;
  if (!isProblemType(kind)) notFound();
  const t = PROBLEM_TYPES[kind];
  return (
    <>
      <PageHeading title={t.title} lead={<ProblemText text={t.what} />} />
      <dl className="mmp-api-facts">
        <dt>Type</dt>
        <dd>
          <code>/api/v1/problems/{kind}</code>
        </dd>
        <dt>HTTP status</dt>
        <dd>{t.status}</dd>
        <dt>Body</dt>
        <dd>
          <code>application/problem+json</code> (RFC 9457): <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code> (what went wrong with
          this request) and <code>instance</code> (the address asked for).
        </dd>
      </dl>
      <p>
        <Link href="/api/v1/problems">Every problem the API answers</Link> · <Link href="/api/v1/reference">API reference</Link>
      </p>
    </>
  );
}
