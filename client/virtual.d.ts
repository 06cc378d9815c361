declare module 'virtual:islands' {
  export const islands: Record<string, () => Promise<{ default: import('react').ComponentType<Record<string, unknown>> }>>;
}
