import type { ServerData } from '../../lib/server-data.ts';
import type { ServerRender } from './render.ts';

/** What a build hands the server besides its files: the data it wrote to dist/_server.json and its bundle of the server's React. */
export interface Built {
  /** Business facts, lead services, page paths; replaced by a reload of the build. */
  readonly site: ServerData;
  /** Imported on first use (and afresh after a reload of the build). */
  render(): Promise<ServerRender>;
}
