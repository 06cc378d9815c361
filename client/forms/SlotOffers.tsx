import type { SlotOffer } from '../../lib/form-props.ts';

interface Props {
  idPrefix: string;
  offers: SlotOffer[];
  sending: boolean;
  /** The first offer gets focus on load (the server's re-render after a full window). */
  focusFirst: boolean;
}

/** The next free windows, offered when the chosen one was full: each button books one as the form is filled in. */
export default function SlotOffers({ idPrefix, offers, sending, focusFirst }: Props) {
  return (
    <div className="slot-offers" role="group" data-offers="" tabIndex={-1} aria-labelledby={`${idPrefix}-offers-title`}>
      <p id={`${idPrefix}-offers-title`} className="slot-offers-title">
        That window is full. Book one of the next free windows instead:
      </p>
      <ul>
        {offers.map((offer, index) => (
          <li key={`${offer.date}|${offer.window}`}>
            <button
              type="submit"
              name="slot"
              value={`${offer.date}|${offer.window}`}
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
