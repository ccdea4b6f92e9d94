import { formatDateTime } from '@/lib/format';

/** When the page's figures were read, and how often they are read again. */
export function FiguresAsOf({ asOf, every }: { asOf: Date; every: string }) {
  return (
    <p className="text-base-dark font-sans-2xs" data-figures-as-of={asOf.toISOString()}>
      Figures as of {formatDateTime(asOf)}, read again {every}: a change made elsewhere can take that long to show here.
    </p>
  );
}
