import type { Metadata } from 'next';
import { PageHeading } from '@/components/page-heading';
import { openApiDocument } from '@/lib/api/openapi';
import { referenceView, type OpenApiLike } from '@/lib/api/reference-view';
import { OperationSection, SchemaSection, TypeLink } from './parts';
import './reference.css';

export const metadata: Metadata = { title: 'API reference' };
// The document names the configured public address, read when the server runs, not at build time.
export const dynamic = 'force-dynamic';

// The API's reference, printed by the portal from its own OpenAPI document: the portal's pages'
// look, no script, nothing fetched from anywhere else.
export default function ApiReferencePage() {
  const view = referenceView(openApiDocument() as unknown as OpenApiLike);
  return (
    <>
      <PageHeading title={view.title} lead={view.description}>
        <a className="usa-button usa-button--outline" href="/api/v1/openapi.json" download="iowa-mmp-portal-openapi.json">
          OpenAPI document (JSON)
        </a>
      </PageHeading>
      <div className="grid-row grid-gap">
        <nav className="tablet:grid-col-3" aria-label="API reference contents">
          <ul className="usa-list usa-list--unstyled font-sans-xs">
            <li className="margin-bottom-1">
              <a href="#using-the-api">Using the API</a>
            </li>
            {view.groups.map((g) => (
              <li key={g.tag} className="margin-bottom-1">
                <a href={`#tag-${g.tag}`}>{g.tag}</a>
                <ul className="usa-list usa-list--unstyled margin-left-2">
                  {g.operations.map((op) => (
                    <li key={op.id}>
                      <a href={`#${op.id}`}>{op.summary}</a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
            <li className="margin-bottom-1">
              <a href="#schemas">Schemas</a>
            </li>
            <li>
              <a href="#terms">Terms of use</a>
            </li>
          </ul>
        </nav>
        <div className="tablet:grid-col-9 mmp-api-main">
          <section aria-labelledby="using-the-api">
            <h2 id="using-the-api" className="margin-top-0">
              Using the API
            </h2>
            <dl className="mmp-api-facts">
              <dt>Address</dt>
              <dd>
                <code>{view.server ?? ''}</code>
              </dd>
              <dt>Version</dt>
              <dd>{view.version}</dd>
              {view.authentication.map((a) => (
                <div key={a.name}>
                  <dt>Token</dt>
                  <dd>
                    <code>Authorization: Bearer &lt;token&gt;</code>. {a.text.replace(/^Authorization: Bearer <token>: ?/, '')}. An administrator issues tokens at
                    Administration, API tokens; each reads what its scope allows, like the portal’s pages.
                  </dd>
                </div>
              ))}
              <dt>Errors</dt>
              <dd>
                Problem details (RFC 9457, <code>application/problem+json</code>): see <TypeLink type={{ text: 'Problem', ref: 'Problem' }} />.
              </dd>
              <dt>Pages</dt>
              <dd>
                Lists answer a page at a time; pass the answer’s <code>next</code> as <code>cursor</code> for the next one.
              </dd>
            </dl>
          </section>
          {view.groups.map((g) => (
            <section key={g.tag} aria-labelledby={`tag-${g.tag}`}>
              <h2 id={`tag-${g.tag}`}>{g.tag}</h2>
              {g.description ? <p>{g.description}</p> : null}
              {g.operations.map((op) => (
                <OperationSection key={op.id} op={op} />
              ))}
            </section>
          ))}
          <section aria-labelledby="schemas">
            <h2 id="schemas">Schemas</h2>
            {view.schemas.map((s) => (
              <SchemaSection key={s.name} schema={s} />
            ))}
          </section>
          <section aria-labelledby="terms">
            <h2 id="terms">Terms of use</h2>
            <p>
              {view.license?.name ?? 'Terms of use'}. The records the API returns are the department’s, and their reuse is subject to its terms. The public
              status search and the rules library answer what the portal’s public pages show to anyone.
            </p>
          </section>
        </div>
      </div>
    </>
  );
}
