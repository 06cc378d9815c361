/** What the notifications page draws, and where a device subscribes to push. */
import type { FormState } from '../../../lib/admin/forms.ts';
import type { ADMIN_WORKER } from '../../../lib/admin/notifications.ts';

/** This person's devices that get push notifications (guarded). */
export const PUSH_API = {
  subscribe: '/api/admin/push/subscribe',
  unsubscribe: '/api/admin/push/unsubscribe',
} as const;

export interface NotificationsPageView {
  /** The VAPID public key the browser subscribes with. */
  publicKey: string;
  devices: { id: number; deviceName: string; created: string; lastSent: string }[];
  api: typeof PUSH_API;
  worker: typeof ADMIN_WORKER;
  form?: FormState;
  saved?: string;
}
