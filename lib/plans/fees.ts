// What a submission owes, from lib/rules: the filing fee of an original MMP (IAC 567-65.110(7)) or
// the annual compliance fee of an update (IAC 567-65.110(3)"c", none for an elected SAFO).
import { annualComplianceFee, filingFees, latestParameter } from '@/lib/rules';
import { formatMoney } from '@/lib/format';
import type { IndemnityFee } from '@/lib/fees/indemnity';
import type { FeeCode } from '@/lib/notifications/labels';

const FOUR_DECIMALS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

export type FeePreviewLine = { code: FeeCode; cents: number; citation: string; payer: 'owner' | 'active_contractor'; explanation: string };

export type FeeFacts = {
  kind: 'original' | 'annual_update';
  constructionPermitStatus: string;
  /** The capacity stated in the update (IAC 567-65.110(3)"c": the fee follows the stated figure). */
  statedAnimalUnitCapacity: number | null;
  contractProducer: boolean;
  safoInForce: boolean;
};

/** IAC 567-65.110(7): the filing fee goes with the construction permit application fee when the MMP goes with the application. */
export function constructionPermitApplies(status: string): boolean {
  return status === 'required_not_applied' || status === 'applied';
}

export function feePreview(f: FeeFacts): { lines: FeePreviewLine[]; totalCents: number; note: string | null } {
  if (f.kind === 'original') {
    const permit = constructionPermitApplies(f.constructionPermitStatus);
    const fees = filingFees({ kind: 'original', constructionPermitRequired: permit });
    const total = latestParameter('fee.mmp_filing_with_construction_permit_total_cents');
    const lines = fees.lines.map<FeePreviewLine>((l) => ({
      ...l,
      payer: 'owner',
      explanation:
        l.code === 'mmp_filing'
          ? 'Every original manure management plan carries the filing fee.'
          : `Paid with the filing fee because the operation is applying for a construction permit (${formatMoney(total.value)} in total for both, ${total.citation}).`,
    }));
    return { lines, totalCents: fees.totalCents, note: null };
  }
  const rate = latestParameter('fee.annual_compliance_cents_per_animal_unit');
  if (f.statedAnimalUnitCapacity === null && !f.safoInForce) {
    // IAC 567-65.110(3)"c": the fee follows the capacity the update states; with none stated there is no figure yet.
    return {
      lines: [],
      totalCents: 0,
      note: `Enter the animal unit capacity this update states: the annual compliance fee is ${formatMoney(rate.value)} for each animal unit of it (${rate.citation}).`,
    };
  }
  const au = f.statedAnimalUnitCapacity ?? 0;
  const fee = annualComplianceFee({ animalUnitCapacity: au, contractProducer: f.contractProducer, safoElection: f.safoInForce });
  if (fee.cents === 0) {
    return {
      lines: [],
      totalCents: 0,
      note: f.safoInForce ? `No annual compliance fee: the operation elected SAFO treatment (${fee.citation}).` : 'No annual compliance fee is due.',
    };
  }
  const auText = FOUR_DECIMALS.format(au);
  return {
    lines: [
      {
        code: 'annual_compliance',
        cents: fee.cents,
        citation: fee.citation,
        payer: fee.payer,
        explanation:
          `${formatMoney(rate.value)} for each of the ${auText} animal units stated in this update (${rate.citation})` +
          (fee.payer === 'active_contractor' ? '; paid by the active contractor because the owner is a contract producer (Iowa Code ch. 202).' : '.'),
      },
    ],
    totalCents: fee.cents,
    note: null,
  };
}

/**
 * IAC 567-65.110(6), Iowa Code 459.503: the manure storage indemnity fee billed with an original
 * MMP, when the staff-maintained schedule sets one and collection is not suspended (459.503A).
 * An exempt operation, a suspended collection or a missing schedule bills nothing.
 */
export function indemnityFeeLine(fee: IndemnityFee): FeePreviewLine | null {
  if (fee.status !== 'owed' || fee.cents <= 0) return null;
  return {
    code: 'indemnity',
    cents: fee.cents,
    citation: fee.citation,
    payer: 'owner',
    explanation: `Manure storage indemnity fee: ${fee.reason}.${fee.scheduleConfirmed ? '' : ' The department has not yet confirmed this schedule.'}`,
  };
}

/** The preview with the indemnity line added (the form and the submission show the same total). */
export function withIndemnity<P extends { lines: FeePreviewLine[]; totalCents: number }>(preview: P, line: FeePreviewLine | null): P {
  return line ? { ...preview, lines: [...preview.lines, line], totalCents: preview.totalCents + line.cents } : preview;
}
