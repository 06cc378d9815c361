import { describe, expect, it } from 'vitest';
import { isAdminApiPath, isAdminPath, loginUrl, safeNextPath } from './admin-paths.ts';

describe('admin paths', () => {
  it('knows the admin pages and APIs, and nothing that only starts like them', () => {
    expect(['/admin', '/admin/', '/admin/login', '/admin/settings'].every(isAdminPath)).toBe(true);
    expect(['/administration', '/admins', '/api/admin', '/'].some(isAdminPath)).toBe(false);
    expect(['/api/me', '/api/admin', '/api/admin/settings'].every(isAdminApiPath)).toBe(true);
    expect(['/api/media', '/api/administration', '/api/leads'].some(isAdminApiPath)).toBe(false);
  });

  it('keeps a way back only when it is a path on this site', () => {
    expect(safeNextPath('/admin/settings?saved=x#tag-manager')).toBe('/admin/settings?saved=x#tag-manager');
    expect(safeNextPath('/services/roof-repairs')).toBe('/services/roof-repairs');
    for (const bad of [
      'https://evil.test/',
      '//evil.test',
      '/\\evil.test',
      '/..//evil.test/x',
      '/.//evil.test',
      '/%2e%2e//evil.test',
      '/admin/..//evil.test',
      '\\\\evil.test',
      'javascript:alert(1)',
      '/ad min',
      '/a\tb',
      '/api/me',
      'admin',
      '',
      null,
      undefined,
      `/${'a'.repeat(2048)}`,
    ]) {
      expect(safeNextPath(bad), String(bad)).toBeNull();
    }
    expect(loginUrl('/admin/login', '/admin/settings')).toBe('/admin/login?next=%2Fadmin%2Fsettings');
    expect(loginUrl('/admin/login', '//evil.test')).toBe('/admin/login');
  });
});
