declare module 'virtual:ligature-openapi' {
  const document: {
    openapi: string;
    info: { title: string; version: string; description?: string };
    paths?: Record<string, Record<string, unknown> | undefined>;
    [key: string]: unknown;
  };
  export default document;
}

// @stoplight/elements ships types that TypeScript cannot reach through its package "exports";
// this declares the one component the /api/ route uses.
declare module '@stoplight/elements' {
  import type { ComponentType } from 'react';
  export const API: ComponentType<{
    apiDescriptionDocument?: string | object;
    apiDescriptionUrl?: string;
    basePath?: string;
    layout?: 'sidebar' | 'stacked' | 'responsive';
    router?: 'history' | 'hash' | 'memory' | 'static';
    hideTryIt?: boolean;
    hideSchemas?: boolean;
    hideExport?: boolean;
  }>;
}
