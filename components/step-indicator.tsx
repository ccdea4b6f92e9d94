type StepIndicatorProps = {
  /** Step names in order. */
  steps: string[];
  /** The step the user is on, counting from 1. */
  currentStep: number;
  headingLevel?: 2 | 3 | 4;
  /** Hide the step names under the segments (the heading still names the current step). */
  noLabels?: boolean;
  /** Numbered circles instead of bars. */
  counters?: boolean;
  /**
   * Which steps are complete. Without it a step before the current one counts as complete; with it,
   * only a step whose answers are complete does, wherever the user is.
   */
  complete?: readonly boolean[];
};

/** USWDS step indicator for multi-step forms (e.g. the original MMP filing). */
export function StepIndicator({ steps, currentStep, headingLevel = 2, noLabels, counters, complete }: StepIndicatorProps) {
  const Heading = `h${headingLevel}` as const;
  const current = Math.min(Math.max(currentStep, 1), steps.length);
  const classes = [
    'usa-step-indicator',
    noLabels && 'usa-step-indicator--no-labels',
    counters && 'usa-step-indicator--counters',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} role="group" aria-label="Progress">
      <ol className="usa-step-indicator__segments">
        {steps.map((step, i) => {
          const n = i + 1;
          const done = complete ? complete[i] === true : n < current;
          const state = n === current ? 'current' : done ? 'complete' : 'upcoming';
          const segClass = state === 'upcoming' ? '' : ` usa-step-indicator__segment--${state}`;
          return (
            <li
              key={`${n}-${step}`}
              className={`usa-step-indicator__segment${segClass}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="usa-step-indicator__segment-label">
                {step}
                {state !== 'current' ? (
                  <span className="usa-sr-only">{state === 'complete' ? ' completed' : ' not completed'}</span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
      <div className="usa-step-indicator__header">
        <Heading className="usa-step-indicator__heading">
          <span className="usa-step-indicator__heading-counter">
            <span className="usa-sr-only">Step</span>
            <span className="usa-step-indicator__current-step">{current}</span>{' '}
            <span className="usa-step-indicator__total-steps">of {steps.length}</span>
          </span>{' '}
          <span className="usa-step-indicator__heading-text">{steps[current - 1]}</span>
        </Heading>
      </div>
    </div>
  );
}
