import { READING_NOT_CONFIRMED } from '@/lib/reading-words';

// Sources carry the statute's address; its citation is enough on a page.
const withoutUrls = (s: string) => s.replace(/,?\s*https?:\/\/\S+/g, '');

/**
 * For staff: the flag every figure or reading carries until the department confirms it, with its
 * source. Owners read the one plain sentence of ReadingNotConfirmed instead.
 */
export function Unconfirmed({ what, source }: { what: string; source: string }) {
  return (
    <span className="display-block font-body-2xs text-base-dark margin-top-05">
      <span className="usa-tag bg-gold text-ink margin-right-05">Unconfirmed</span>
      {what} is to be confirmed by the department. Source: {withoutUrls(source)}
    </span>
  );
}

/** For owners: said once under the page's answers, in plain words, without tags or sources. */
export function ReadingNotConfirmed() {
  return <p className="font-body-xs text-base-dark measure-5">{READING_NOT_CONFIRMED}</p>;
}
