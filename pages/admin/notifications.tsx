import { adminShell } from './_admin-shell.tsx';

const shell = adminShell('admin-notifications');
export const { serverRole, meta } = shell;
export default shell.Page;
