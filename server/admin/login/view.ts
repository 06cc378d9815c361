/** What the sign-in page draws. */
import type { LoginMessage } from '../../../lib/admin/sign-in.ts';

export interface LoginView {
  /** The sign-in link, or null while GitHub sign-in is not set up on this server. */
  signInHref: string | null;
  message: LoginMessage | null;
  /** The passkey sign-in's APIs (the page's script uses them). */
  passkey: { options: string; action: string };
}
