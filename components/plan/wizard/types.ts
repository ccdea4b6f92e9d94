import type { RefObject } from 'react';
import type { StepHandle } from './use-step-form';

/** What every step component receives from the wizard. */
export type StepProps = {
  defaults: Record<string, unknown>;
  onChange: (values: Record<string, unknown>) => void;
  handle: RefObject<StepHandle | null>;
};

export type CountyOption = { fips: string; name: string };
