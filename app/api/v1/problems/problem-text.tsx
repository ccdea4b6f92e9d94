import { Fragment } from 'react';

/** A problem's description, with its `quoted` parts (headers, parameters) set as code. */
export function ProblemText({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : <Fragment key={i}>{part}</Fragment>))}
    </>
  );
}
