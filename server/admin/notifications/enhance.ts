/**
 * The admin's worker and "Notify me on this device": registers /admin-sw.js for the
 * /admin scope (it shows the pushes), asks permission on the button's press only, then
 * subscribes with the server's VAPID key and saves the subscription.
 */
import { ADMIN_WORKER } from '../../../lib/admin/notifications.ts';
import { postJson, setStatus } from '../browser/passkey-client.ts';

const pushSupported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** Registers the admin's worker where the browser has workers (a secure context). */
export function registerAdminWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register(ADMIN_WORKER.script, { scope: ADMIN_WORKER.scope }).catch(() => undefined);
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function enhancePushSubscribe(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-push-subscribe]');
  if (!form) return;
  const button = form.querySelector<HTMLButtonElement>('[data-push-button]');
  const status = form.querySelector<HTMLElement>('[data-push-status]');
  if (!pushSupported() || !window.isSecureContext) {
    const ios = /iPhone|iPad/.test(navigator.userAgent);
    setStatus(
      status,
      ios
        ? 'On an iPhone, notifications work once the admin is on the home screen: Share, then “Add to Home Screen”, then open it from there.'
        : 'This browser cannot show notifications from the site.',
    );
    return;
  }
  if (button) button.hidden = false;
  if (status?.textContent === 'Notifications need JavaScript.') setStatus(status, '');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        return setStatus(
          status,
          'Notifications are blocked for this site: allow them in the browser’s settings, then try again.',
          true,
        );
      }
      try {
        const registration = await navigator.serviceWorker.register(form.dataset.worker!, { scope: form.dataset.scope });
        await navigator.serviceWorker.ready;
        const subscription =
          (await registration.pushManager.getSubscription()) ??
          (await registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: keyBytes(form.dataset.publicKey!),
          }));
        const json = subscription.toJSON();
        const answer = await postJson(form.dataset.action!, {
          endpoint: json.endpoint,
          keys: json.keys,
          deviceName: new FormData(form).get('deviceName'),
        });
        if (!answer.ok) return setStatus(status, answer.error ?? 'Not saved.', true);
        setStatus(status, `Saved at ${new Date().toLocaleTimeString()}: this device gets a notification for each new lead.`);
      } catch {
        setStatus(status, 'This device could not be signed up for notifications. Try again in a minute.', true);
      }
    })();
  });
}
