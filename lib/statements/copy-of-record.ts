import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { copiesOfRecord, counties, landownerStatements, operations, plans, users } from '@/db/schema';
import { hashToken } from '@/lib/auth/tokens';
import { canonicalJson } from '@/lib/canonical-json';
import { AppError, notFoundError } from '@/lib/errors';
import { iowaDateOf } from '@/lib/clock';
import { isUuid } from '@/lib/ids';
import { formatDateTime, formatNumber } from '@/lib/format';
import { enqueueEmail } from '@/lib/notifications/outbox';
import { pageFooterWords, renderArchivalPdf } from '@/lib/pdf/archival';
import { sha256Hex } from '@/lib/plans/copy-of-record';
import { getPlanForActor } from '@/lib/plans/queries';
import type { Actor } from '@/lib/auth/roles';
import { STATEMENT_CERTIFICATION, STATEMENT_CERTIFICATION_VERSION } from './words';

// DNR form 542-8167, CROMERR §3.2000(b)(5)(vi): a landowner's confirmed statement of intent gets its
// own copy of record, made in the confirmation's transaction: the statement as confirmed, the typed
// name that signs it, the time, the certification in full and the SHA-256 of the statement's data,
// rendered by the archival writer and stored write-once with the plans' copies (so /verify and the
// daily re-hash cover it). The landowner, who has no account, is emailed a link of their own to it.

export const STATEMENT_COPY_LINK_DAYS = 90;
export const STATEMENT_COPY_LINK_INVALID = 'This link has expired or is not right. Ask the operation’s owner for a copy, or contact the Iowa Department of Natural Resources.';

type StatementRow = typeof landownerStatements.$inferSelect;

/** The statement's receipt number: the form, the year it was confirmed in Iowa and the start of its identifier. */
export function statementReceiptNumber(s: Pick<StatementRow, 'id' | 'confirmedAt'>): string {
  return `SOI-${iowaDateOf(s.confirmedAt!).slice(0, 4)}-${s.id.slice(0, 8).toUpperCase()}`;
}

const lb = (v: number | null) => (v === null ? 'none stated' : `${formatNumber(v)} lb per acre`);

/** Renders and stores the copy of record of a statement just confirmed in `tx`, and emails the landowner their link to it. */
export async function makeStatementCopy(tx: Executor, statement: StatementRow, ctx: { origin: string; now: Date }): Promise<{ sha256: string; receiptNumber: string }> {
  const [about] = await tx
    .select({ referenceNumber: plans.referenceNumber, operationName: operations.name, facilityId: operations.facilityId, countyName: counties.name, requestedBy: users.name })
    .from(landownerStatements)
    .innerJoin(plans, eq(plans.id, landownerStatements.planId))
    .innerJoin(operations, eq(operations.id, plans.operationId))
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .leftJoin(users, eq(users.id, landownerStatements.requestedByUserId))
    .where(eq(landownerStatements.id, statement.id));
  if (!about || !statement.confirmedAt || !statement.confirmedName) throw new Error('A statement gets its copy of record only once it is confirmed.');
  const receiptNumber = statementReceiptNumber(statement);
  // What was signed, as data: its hash is printed in the copy and kept beside it.
  const record = {
    form: 'DNR 542-8167', statementId: statement.id, receiptNumber, planReference: about.referenceNumber,
    operation: { name: about.operationName, facilityId: about.facilityId, county: about.countyName },
    landowner: { name: statement.landownerName, email: statement.landownerEmail },
    field: statement.fieldName, acres: statement.acres, commercialNLbPerAcre: statement.commercialNLbPerAcre, commercialP2o5LbPerAcre: statement.commercialP2o5LbPerAcre,
    requestedAt: statement.requestedAt.toISOString(), requestedBy: about.requestedBy,
    certification: { version: STATEMENT_CERTIFICATION_VERSION, text: STATEMENT_CERTIFICATION },
    signedName: statement.confirmedName, confirmedAt: statement.confirmedAt.toISOString(),
  };
  const documentSha256 = sha256Hex(canonicalJson(record)!);
  const title = `Statement of intent: copy of record ${receiptNumber}`;
  const pdf = await renderArchivalPdf({
    title,
    subject: `${statement.fieldName}, plan ${about.referenceNumber} of ${about.operationName}`,
    createdAt: statement.confirmedAt,
    footer: (page, pages) => pageFooterWords(`Statement of intent · copy of record ${receiptNumber}`, page, pages),
    blocks: [
      { heading: title, level: 1 },
      { text: 'DNR form 542-8167: a landowner’s statement of intent for land that takes an operation’s manure and that the operation’s owner neither owns nor rents (IAC 567-65.111), confirmed through the Iowa MMP Portal.' },
      {
        table: {
          rows: [
            ['Receipt number', receiptNumber],
            ['Operation', `${about.operationName} (facility ID ${about.facilityId ?? 'not yet assigned'}), ${about.countyName} County`],
            ['Plan reference', about.referenceNumber],
            ['Landowner', `${statement.landownerName} (${statement.landownerEmail})`],
            ['Field', `${statement.fieldName}${statement.acres !== null ? `, ${formatNumber(statement.acres)} acres` : ''}`],
            ['Landowner’s commercial nitrogen (N)', lb(statement.commercialNLbPerAcre)],
            ['Landowner’s commercial phosphate (P2O5)', lb(statement.commercialP2o5LbPerAcre)],
          ],
          widths: [0.36, 0.64],
          boldFirstColumn: true,
        },
      },
      { heading: 'Certification' },
      { text: `${STATEMENT_CERTIFICATION} (version ${STATEMENT_CERTIFICATION_VERSION})` },
      { heading: 'Signed' },
      { text: `${statement.confirmedName} signed by typing their name on ${formatDateTime(statement.confirmedAt)}, through the single-use link emailed to ${statement.landownerEmail} only (never to the operation’s owner or anyone acting for it).` },
      { text: `Requested ${about.requestedBy ? `by ${about.requestedBy} ` : ''}on ${formatDateTime(statement.requestedAt)}.` },
      { heading: 'Integrity' },
      { text: `SHA-256 of the statement as confirmed (canonical JSON, RFC 8785): ${documentSha256}` },
      { text: `The department keeps this copy unaltered. Anyone holding it can check it at ${ctx.origin}/verify: a copy with any byte changed will not match.` },
    ],
  });
  const sha256 = sha256Hex(pdf);
  await tx.insert(copiesOfRecord).values({ sha256, pdf, statementId: statement.id, planId: statement.planId, confirmationNumber: receiptNumber, documentSha256 });
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(ctx.now.getTime() + STATEMENT_COPY_LINK_DAYS * 86_400_000);
  await tx.update(landownerStatements).set({ copyTokenHash: hashToken(token), copyTokenExpiresAt: expires }).where(eq(landownerStatements.id, statement.id));
  await enqueueEmail(tx, {
    eventKey: `statement:${statement.id}:copy-of-record`,
    recipients: [{ address: statement.landownerEmail }],
    template: 'statement-copy-of-record',
    props: {
      landownerName: statement.confirmedName, operationName: about.operationName, fieldName: statement.fieldName, receiptNumber,
      confirmedAt: statement.confirmedAt.toISOString(), sha256, documentSha256,
      copyUrl: `${ctx.origin}/api/statements/copy-of-record.pdf?token=${token}`, copyUntil: expires.toISOString(), verifyUrl: `${ctx.origin}/verify`,
    },
  });
  return { sha256, receiptNumber };
}

/** The copy through the landowner's own emailed link, while it lasts; NOT_FOUND otherwise. */
export async function getStatementCopyByLink(token: string, now = new Date()) {
  const db = await getDb();
  const [row] = await db
    .select({ pdf: copiesOfRecord.pdf, sha256: copiesOfRecord.sha256, receiptNumber: copiesOfRecord.confirmationNumber })
    .from(landownerStatements)
    .innerJoin(copiesOfRecord, eq(copiesOfRecord.statementId, landownerStatements.id))
    .where(and(eq(landownerStatements.copyTokenHash, hashToken(token)), gt(landownerStatements.copyTokenExpiresAt, now)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', STATEMENT_COPY_LINK_INVALID);
  return row;
}

/** A statement's copy of record, for anyone who may see its plan; NOT_FOUND otherwise. */
export async function getStatementCopy(actor: Actor, statementId: string) {
  if (!isUuid(statementId)) throw notFoundError();
  const db = await getDb();
  const [row] = await db
    .select({ planId: copiesOfRecord.planId, pdf: copiesOfRecord.pdf, sha256: copiesOfRecord.sha256, receiptNumber: copiesOfRecord.confirmationNumber })
    .from(copiesOfRecord)
    .where(eq(copiesOfRecord.statementId, statementId))
    .limit(1);
  if (!row) throw notFoundError();
  await getPlanForActor(actor, row.planId);
  return row;
}
