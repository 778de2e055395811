/** The connection fields Chromium exposes on `navigator.connection` (Network Information API). */
export interface ConnectionLike {
  effectiveType?: string;
  saveData?: boolean;
}

/** Docusaurus `isSlowConnection`: prefetching is skipped on 2g (incl. slow-2g) or with save-data on. */
export function isSlowConnection(connection: ConnectionLike | undefined | null): boolean {
  if (!connection) return false;
  return Boolean(connection.effectiveType?.includes('2g')) || connection.saveData === true;
}
