// Sources carry the statute's address; its citation is enough on a page.
const withoutUrls = (s: string) => s.replace(/,?\s*https?:\/\/\S+/g, '');

/** The flag every figure or reading carries until the department confirms it, with its source. */
export function Unconfirmed({ what, source }: { what: string; source: string }) {
  return (
    <span className="display-block font-body-2xs text-base-dark margin-top-05">
      <span className="usa-tag bg-gold text-ink margin-right-05">Unconfirmed</span>
      {what} is to be confirmed by the department. Source: {withoutUrls(source)}
    </span>
  );
}
