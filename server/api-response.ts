// The admin screens import these from here until they move into their topic folders.
export { fieldErrors, jsonError } from './http/api-response.ts';
