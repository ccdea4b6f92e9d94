import { formatMoney } from '@/lib/format';
import { checkInstructions, feeReference } from '@/lib/payments/instructions';

/** The two ways to pay one fee line: online (when the viewer is its payer) and by check. */
export function HowToPay({ feeLineId, balanceCents, online }: { feeLineId: string; balanceCents: number; online: React.ReactNode | null }) {
  if (balanceCents <= 0) return <span>Nothing to pay.</span>;
  const check = checkInstructions([feeReference(feeLineId)]);
  return (
    <div className="font-sans-2xs">
      {online ? <div className="margin-bottom-1">{online}</div> : null}
      <details>
        <summary>Pay {formatMoney(balanceCents)} by check</summary>
        <p className="margin-y-1">{check.text}</p>
        <address className="margin-y-1">
          {check.address.map((l) => (
            <span key={l} className="display-block">{l}</span>
          ))}
        </address>
      </details>
    </div>
  );
}
