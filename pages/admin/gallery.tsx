import { adminShell } from './_admin-shell.tsx';

const shell = adminShell('admin-gallery');
export const { serverRole, meta } = shell;
export default shell.Page;
