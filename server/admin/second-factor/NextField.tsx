/** Where to go once the code is accepted, carried through the form. */
export default function NextField({ next }: { next: string | null | undefined }) {
  return next ? <input type="hidden" name="next" value={next} /> : null;
}
