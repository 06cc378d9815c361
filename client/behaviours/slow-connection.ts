interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** Data saver or a 2g/3g connection adds the slow-connection class to body. */
export function isSlowConnection(connection: NetworkInformation | undefined): boolean {
  if (!connection) return false;
  return connection.saveData === true || /^(slow-2g|2g|3g)$/.test(connection.effectiveType ?? '');
}

export function markSlowConnection(): void {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  document.body.classList.toggle('slow-connection', isSlowConnection(connection));
}
