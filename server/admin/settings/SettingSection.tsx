import type { ReactNode } from 'react';

/** One setting's section of the settings page, headed by its name and reachable as `#id`. */
export default function SettingSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="admin-section" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}
