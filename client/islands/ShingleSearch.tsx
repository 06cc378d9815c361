import { ensureHydrated } from '../islands-runtime.ts';
import { toast } from '../state.ts';

/** SPEC.md section 2 "404 page": one of four jokes, chosen at random. */
export const SHINGLE_JOKES = [
  'We checked the gutters. Just leaves and a very surprised frog.',
  'Our drone found three frisbees and a kite, but no shingle.',
  'It may have blown to Tybee. Shingles love the beach.',
  'We asked the live oaks. They are keeping quiet.',
] as const;

export const SEARCH_TOAST_TITLE = 'Still looking…';

/** The 404 page's 'Search for the missing shingle' button. */
export default function ShingleSearch() {
  const search = async () => {
    await ensureHydrated('Toaster');
    toast(SEARCH_TOAST_TITLE, SHINGLE_JOKES[Math.floor(Math.random() * SHINGLE_JOKES.length)]);
  };
  return (
    <button type="button" className="btn btn-outline btn-lg" onClick={() => void search()}>
      Search for the missing shingle
    </button>
  );
}
