import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { telHref, type OfficeContact } from '../../lib/site-facts.ts';
import { CONSULTATION_URL } from '../../lib/urls.ts';
import { appointmentOpen } from '../state.ts';
import InspectionForm from './InspectionForm.tsx';

export interface AppointmentDialogProps {
  office: OfficeContact;
}

/**
 * The appointment popup, for booking from any page: one shared open state,
 * opened by the hero button, the mobile Book Now and the footer button. A native
 * modal <dialog> traps focus and closes on Escape; focus returns to the opener.
 * The form is drawn when the popup first opens, so pages carry no form HTML until
 * asked, and stays drawn when it closes, so reopening it shows what was typed.
 */
export default function AppointmentDialog({ office }: AppointmentDialogProps) {
  useSignals();
  const open = appointmentOpen.value;
  const [drawn, setDrawn] = useState(open);
  if (open && !drawn) setDrawn(true);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement;
      dialog.showModal();
      document.body.classList.add('scroll-locked');
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  const onClose = () => {
    appointmentOpen.value = false;
    document.body.classList.remove('scroll-locked');
    const opener = openerRef.current;
    if (opener instanceof HTMLElement) opener.focus();
  };

  return (
    <dialog ref={dialogRef} className="appointment-dialog" aria-labelledby="appointment-title" onClose={onClose}>
      <div className="dialog-head">
        <h2 id="appointment-title">Book a free roof inspection</h2>
        <button
          type="button"
          className="dialog-close"
          onClick={() => (appointmentOpen.value = false)}
          aria-label="Close booking form"
        >
          ×
        </button>
      </div>
      {drawn ? (
        <>
          <p className="dialog-note">
            Pick a day and a morning or afternoon window; the office confirms every visit by phone. In a hurry? Call{' '}
            <a href={telHref(office.phone)}>{office.phone}</a>.
          </p>
          <p className="dialog-note">
            Would a call suit you better? A free <a href={CONSULTATION_URL}>consultation</a> is a call back to talk your roof
            through; this inspection is a visit on the day you pick.
          </p>
          <InspectionForm idPrefix="popup" office={office} drawnOnOpen />
        </>
      ) : null}
    </dialog>
  );
}
