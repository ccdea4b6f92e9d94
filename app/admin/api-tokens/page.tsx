import type { Metadata } from 'next';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import { getDb } from '@/lib/db';
import { listApiTokens } from '@/lib/api/tokens';
import { requireCapability } from '@/lib/auth/gates';
import { formatDateTime } from '@/lib/format';
import { listCountyOptions } from '@/lib/plans/check-context';
import { IssueTokenForm } from './issue-form';
import { RevokeButton } from './revoke-button';

export const metadata: Metadata = { title: 'API tokens' };

type Row = Awaited<ReturnType<typeof listApiTokens>>[number];

function scopeText(t: Row, names: Map<string, string>): string {
  if (t.scope === 'public') return 'Public status search';
  if (t.scope === 'county') return `${t.countyName} County (as its county official)`;
  return t.agencyCounties?.length ? `Agency: ${t.agencyCounties.map((f) => names.get(f) ?? f).join(', ')}` : 'Agency: the whole state (filed plans)';
}

export default async function ApiTokensPage() {
  const actor = await requireCapability('api_token.manage', '/admin/api-tokens');
  const [tokens, counties] = await Promise.all([listApiTokens(actor), getDb().then(listCountyOptions)]);
  const names = new Map(counties.map((c) => [c.fips, c.name]));
  return (
    <>
      <PageHeading
        title="API tokens"
        lead="Tokens let another system read the portal through its JSON API (/api/v1), scoped like the web pages: a county’s token reads what its county official sees. The API reference is at /api/v1/reference."
      />
      <DataTable<Row>
        caption="Issued tokens"
        stacked
        rows={tokens}
        rowKey={(t) => t.id}
        emptyMessage="No tokens issued yet."
        columns={[
          { key: 'name', header: 'For', rowHeader: true, cell: (t) => <>{t.name}<span className="display-block font-mono-3xs text-base-dark">{t.prefix}…</span></> },
          { key: 'scope', header: 'Reads', cell: (t) => scopeText(t, names) },
          { key: 'expires', header: 'Expires', cell: (t) => formatDateTime(t.expiresAt) },
          { key: 'used', header: 'Last used', cell: (t) => (t.lastUsedAt ? formatDateTime(t.lastUsedAt) : 'Never') },
          {
            key: 'state',
            header: 'State',
            cell: (t) => (t.revokedAt ? `Revoked ${formatDateTime(t.revokedAt)}` : t.expired ? 'Expired' : <RevokeButton tokenId={t.id} name={t.name} />),
          },
        ]}
      />
      <h2 className="margin-top-5">Issue a token</h2>
      <IssueTokenForm counties={counties} />
    </>
  );
}
