import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { PageHeading } from '@/components/page-heading';
import { EMAIL_PREVIEWS, EMAIL_TEMPLATE_IDS, renderEmail, type EmailTemplateId, type RenderedEmail } from '@/emails';
import { requireCapability } from '@/lib/auth/gates';
import { EmailFrame, EmailText } from '../email-frame';

export const metadata: Metadata = { title: 'Email previews' };

// Each email the portal can send, rendered with its example data, as recipients see it.
export default async function PreviewsPage() {
  await requireCapability('mail.read', '/mail/previews');
  const rendered: [EmailTemplateId, RenderedEmail][] = await Promise.all(
    EMAIL_TEMPLATE_IDS.map(async (id) => [id, await renderEmail(id, EMAIL_PREVIEWS[id] as never)] as [EmailTemplateId, RenderedEmail]),
  );
  return (
    <>
      <Breadcrumbs items={[{ label: 'Sent mail', href: '/mail' }, { label: 'Email previews' }]} />
      <PageHeading title="Email previews" lead={`The ${rendered.length} emails the portal sends, each with example data, in HTML and in plain text.`} />
      <nav aria-labelledby="preview-contents">
        <h2 id="preview-contents">Contents</h2>
        <ul className="usa-list">
          {rendered.map(([id, email]) => (
            <li key={id}>
              <a href={`#${id}`}>{email.subject}</a> <span className="text-base">({id})</span>
            </li>
          ))}
        </ul>
      </nav>
      {rendered.map(([id, email]) => (
        <section key={id} aria-labelledby={`${id}-heading`} className="margin-top-5">
          <h2 id={`${id}-heading`}>
            <span id={id}>{id}</span>
          </h2>
          <p>
            Subject: <strong>{email.subject}</strong>
          </p>
          <EmailFrame title={`Preview of the ${id} email`} html={email.html} />
          <EmailText text={email.text} summary={`Plain-text version of ${id}`} />
        </section>
      ))}
    </>
  );
}
