import { Worker } from 'node:worker_threads';
import type { PageContextValue } from '../components/page-context.ts';
import type { FromWorker, RenderWorkerData, ToWorker } from './render-worker.ts';
import type { Route } from './routes.ts';

export interface RenderedByWorker {
  html: string;
  noIndex: boolean;
}

/**
 * The main thread's side of build/render-worker.ts. Started before the build's
 * first phase, so the worker's module loading overlaps the main thread's work.
 * `ready` resolves false when the worker could not start: the main thread then
 * renders every page itself, as it does with BUILD_WORKERS=0.
 */
export class RenderWorker {
  readonly ready: Promise<boolean>;
  private readonly worker: Worker;
  private readonly waiting = new Map<string, { resolve(page: RenderedByWorker): void; reject(error: Error): void }>();

  constructor(data: RenderWorkerData) {
    // The worker runs TypeScript through the same loader as this thread (tsx's flags in execArgv, inherited).
    this.worker = new Worker(new URL('./render-worker.ts', import.meta.url), { workerData: data });
    this.ready = new Promise((resolve) => {
      this.worker.once('error', (error) => {
        for (const w of this.waiting.values()) w.reject(error);
        this.waiting.clear();
        resolve(false);
      });
      this.worker.on('message', (message: FromWorker) => {
        if (message.type === 'ready') return resolve(true);
        const waiting = this.waiting.get(message.path);
        this.waiting.delete(message.path);
        if (message.type === 'page') waiting?.resolve({ html: message.html, noIndex: message.noIndex });
        else waiting?.reject(new Error(message.message));
      });
    });
    // A build that fails elsewhere must still be able to exit.
    this.worker.unref();
  }

  setContext(context: Omit<PageContextValue, 'path' | 'nav'>): void {
    this.send({ type: 'context', siteUrl: context.siteUrl, assets: context.assets, images: [...context.images] });
  }

  render(route: Route): Promise<RenderedByWorker> {
    return new Promise((resolve, reject) => {
      this.waiting.set(route.path, { resolve, reject });
      this.send({ type: 'render', route });
    });
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }

  private send(message: ToWorker): void {
    this.worker.postMessage(message);
  }
}

/** BUILD_WORKERS=0 renders every page on the main thread (for profiling, or a one-core machine). */
export const renderWorkersWanted = (env: Record<string, string | undefined> = process.env) => env.BUILD_WORKERS !== '0';
