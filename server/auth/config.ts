// The admin screens import this from here until they move into their topic folders.
export { githubConfig } from '../config/auth.ts';
