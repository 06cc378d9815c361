import type { SlotOffer } from '../../lib/form-props.ts';

interface Props {
  idPrefix: string;
  offers: SlotOffer[];
  sending: boolean;
  /** The first offer gets focus on load (the server's re-render after a full window). */
  focusFirst: boolean;
  /** What the offers answer; by default, a refused window. */
  title?: string;
  /**
   * Books an offer from a plain button instead of sending it as the form's `slot`: for
   * offers placed before the main button, which Enter in a field must still press.
   */
  onPick?: (offer: SlotOffer) => void;
}

/** The next free windows, offered when the chosen one or day is full: each button books one as the form is filled in. */
export default function SlotOffers({ idPrefix, offers, sending, focusFirst, title, onPick }: Props) {
  return (
    <div className="slot-offers" role="group" data-offers="" tabIndex={-1} aria-labelledby={`${idPrefix}-offers-title`}>
      <p id={`${idPrefix}-offers-title`} className="slot-offers-title">
        {title ?? 'That window is full. Book one of the next free windows instead:'}
      </p>
      <ul>
        {offers.map((offer, index) => (
          <li key={`${offer.date}|${offer.window}`}>
            <button
              type={onPick ? 'button' : 'submit'}
              name={onPick ? undefined : 'slot'}
              value={onPick ? undefined : `${offer.date}|${offer.window}`}
              onClick={onPick ? () => onPick(offer) : undefined}
              className="btn btn-outline"
              disabled={sending}
              autoFocus={focusFirst && index === 0 ? true : undefined}
            >
              Book {offer.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
