import { adminShell } from './_admin-shell.tsx';

const shell = adminShell('admin-business');
export const { serverRole, meta } = shell;
export default shell.Page;
