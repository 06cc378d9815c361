/** Work that must not compete with the first paint: the service worker. */
export function afterLoad(): void {
  const run = () => {
    if ('serviceWorker' in navigator) {
      import('./service-worker.ts').then((m) => m.registerServiceWorker()).catch(() => {});
    }
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
