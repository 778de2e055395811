/** The operations of an OpenAPI 3.x document, for the server-rendered /api/ fallback and its tests. */
export interface ApiOperation {
  method: string;
  path: string;
  operationId: string | null;
  summary: string;
  tag: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface OpenApiLike {
  paths?: Record<string, Record<string, unknown> | undefined>;
}

export function listOperations(document: OpenApiLike): ApiOperation[] {
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method] as { operationId?: string; summary?: string; tags?: string[] } | undefined;
      if (!op) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId ?? null,
        summary: op.summary ?? `${method.toUpperCase()} ${path}`,
        tag: op.tags?.[0] ?? 'Other',
      });
    }
  }
  return operations;
}

/** Groups by first tag, keeping the document's order of first appearance. */
export function groupByTag(operations: readonly ApiOperation[]): [string, ApiOperation[]][] {
  const groups = new Map<string, ApiOperation[]>();
  for (const op of operations) groups.set(op.tag, [...(groups.get(op.tag) ?? []), op]);
  return [...groups.entries()];
}
