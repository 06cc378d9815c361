/** One of four jokes, chosen at random. */
export const SHINGLE_JOKES = [
  'We checked the gutters. Just leaves and a very surprised frog.',
  'Our drone found three frisbees and a kite, but no shingle.',
  'It may have blown to Tybee. Shingles love the beach.',
  'We asked the live oaks. They are keeping quiet.',
] as const;

export const SEARCH_TOAST_TITLE = 'Still looking…';

/**
 * The 404 page's 'Search for the missing shingle' button. The jokes travel in the
 * HTML; client/behaviours/shingle-search.ts shows one in a toast when pressed.
 */
export default function ShingleSearch() {
  return (
    <button
      type="button"
      className="btn btn-outline btn-lg needs-script"
      data-behaviour="shingle-search"
      data-title={SEARCH_TOAST_TITLE}
      data-jokes={JSON.stringify(SHINGLE_JOKES)}
    >
      Search for the missing shingle
    </button>
  );
}
