import { adminShell } from './_admin-shell.tsx';

const shell = adminShell('admin-login');
export const { serverRole, meta } = shell;
export default shell.Page;
