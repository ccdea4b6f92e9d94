/** First focusable element on every page; jumps past the banner and header. */
export function SkipLink({ href = '#main-content' }: { href?: string }) {
  return (
    <a className="usa-skipnav" href={href}>
      Skip to main content
    </a>
  );
}
