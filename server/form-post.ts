// The admin screens import these from here until they move into their topic folders.
export { postBodyLimit, readPostedBody } from './http/form-post.ts';
