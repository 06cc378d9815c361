// The admin screens import the environment from here until they move into their topic folders.
export type { Env } from './config/env.ts';
