// A rule function whose result is a bare date or a yes/no (so its result cannot carry a field) carries
// its citation on the function itself: `reviewDeadline.citation` is 'IAC 567-65.110(4)'.

export type Cited<F> = F & { readonly citation: string };

export function cited<F extends (...args: never[]) => unknown>(citation: string, fn: F): Cited<F> {
  return Object.assign(fn, { citation });
}
