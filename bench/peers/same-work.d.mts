/** Types of same-work.mjs, for the bench's TypeScript. */
export declare const COMPRESSIBLE: RegExp;
export declare const MIN_BYTES: number;
export declare const FIRST_WINDOW_BYTES: number;
export declare function compressSite(dir: string, width?: number): Promise<number>;
export declare function writeSearchIndex(dir: string): Promise<number>;
export declare function sameWork(dir: string): Promise<{ pages: number; compressed: number }>;
