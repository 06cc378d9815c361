import type { EnsureHydrated } from './islands-runtime.ts';
import { appointmentOpen } from './state.ts';

/** Opens the appointment dialog from a Book link, hydrating it first; false when the page has no dialog. */
export async function openAppointment(ensureHydrated: EnsureHydrated): Promise<boolean> {
  if (!(await ensureHydrated('AppointmentDialog'))) return false;
  appointmentOpen.value = true;
  return true;
}
