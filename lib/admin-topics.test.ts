import { describe, expect, it } from 'vitest';
import { ADMIN_TOPICS, adminMenu, adminTabs } from './admin-topics.ts';

describe("the phone's tab bar", () => {
  it('holds Leads, Calendar and Dashboard in that order, and every other menu screen under More', () => {
    const { tabs, more } = adminTabs('super_admin');
    expect(tabs.map((t) => t.label)).toEqual(['Leads', 'Calendar', 'Dashboard']);
    // Whatever is in the menu and not a tab is under More, in menu order: a screen added later needs no edit here.
    const tabbed = new Set(tabs.map((t) => t.role));
    expect(more).toEqual(adminMenu('super_admin').filter((item) => !tabbed.has(item.role)));
    expect(more.map((m) => m.role)).toContain('admin-users');
    expect(more.length + tabs.length).toBe(ADMIN_TOPICS.filter((t) => 'menu' in t).length);
  });

  it('leaves out of More what the role may not open', () => {
    expect(adminTabs('admin').more.map((m) => m.role)).not.toContain('admin-users');
    expect(adminTabs('admin').tabs).toHaveLength(3);
  });
});
