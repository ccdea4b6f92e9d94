import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { copiesOfRecord, counties, landownerStatements, operations, planSubmissions, plans } from '@/db/schema';
import { iowaDateOf } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { sha256Hex } from '@/lib/plans/copy-of-record';
import { limitPublic } from './limits';

// The public check of a copy of record (CROMERR: a changed byte is detected). Anyone may ask; the
// answer names the filing and no more than the public status search already shows of it: the
// receipt number, the plan's reference, the day received, the operation's name, facility ID and
// county. Never the owner, the content or the file.

export type FiledCopyMatch = {
  /** A plan as received, or a landowner's statement of intent as confirmed (DNR form 542-8167). */
  kind: 'plan' | 'statement';
  confirmationNumber: string;
  referenceNumber: string;
  receivedOn: string;
  operationName: string;
  facilityId: string | null;
  countyName: string;
};

export async function findFiledCopy(sha256: string): Promise<FiledCopyMatch | null> {
  if (!/^[0-9a-f]{64}$/.test(sha256)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      confirmationNumber: copiesOfRecord.confirmationNumber, referenceNumber: plans.referenceNumber, submittedAt: planSubmissions.createdAt, confirmedAt: landownerStatements.confirmedAt, statementId: copiesOfRecord.statementId,
      operationName: operations.name, facilityId: operations.facilityId, countyName: counties.name,
    })
    .from(copiesOfRecord)
    .leftJoin(planSubmissions, eq(planSubmissions.id, copiesOfRecord.planSubmissionId))
    .leftJoin(landownerStatements, eq(landownerStatements.id, copiesOfRecord.statementId))
    .innerJoin(plans, eq(plans.id, copiesOfRecord.planId))
    .innerJoin(operations, eq(operations.id, plans.operationId))
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .where(eq(copiesOfRecord.sha256, sha256))
    .limit(1);
  if (!row) return null;
  const { submittedAt, confirmedAt, statementId, ...rest } = row;
  // A plan's copy is dated by its receipt, a statement's by the landowner's confirmation, as each PDF prints it.
  const at = statementId ? confirmedAt : submittedAt;
  return { ...rest, kind: statementId ? 'statement' : 'plan', receivedOn: iowaDateOf(at!) };
}

export type VerifyAnswer = { sha256: string; match: FiledCopyMatch | null };

/** Hashes the PDF given (or takes the SHA-256 given) and looks it up, for one client address within its limit. */
export async function verifyCopyOfRecord(input: { sha256: string; file?: File }, address: string): Promise<VerifyAnswer> {
  const limit = await limitPublic('verify', address);
  if (!limit.allowed) throw new AppError('THROTTLED', `Too many checks from your connection just now. Try again in ${limit.retryAfterSeconds} seconds.`);
  const sha256 = input.file ? sha256Hex(Buffer.from(await input.file.arrayBuffer())) : input.sha256;
  return { sha256, match: await findFiledCopy(sha256) };
}
