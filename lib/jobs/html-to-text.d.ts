// html-to-text 10 ships no types; the daily job uses one function of it (see ./render.ts).
declare module 'html-to-text' {
  export function compile(options?: Record<string, unknown>): (html: string) => string;
}
