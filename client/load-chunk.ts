/**
 * Loads a lazy chunk. When it fails to arrive, a cancellable `preload-error` event
 * is raised on window, so a listener may take over, for example by
 * reloading the page; unless one prevents it, the error is rethrown.
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const event = new CustomEvent('preload-error', { cancelable: true, detail: error });
    if (window.dispatchEvent(event)) throw error;
    // Prevented: a listener took over (for example by reloading the page).
    return new Promise<T>(() => {});
  }
}
