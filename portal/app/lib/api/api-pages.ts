/**
 * The pages Stoplight Elements can show under /api/: the overview, one per operation (`operations/<operationId>`)
 * and one per component schema (`schemas/<name>`). Anything else is a 404, not the overview again.
 */
interface OpenApiPages {
  paths?: Record<string, Record<string, unknown> | undefined>;
  components?: { schemas?: Record<string, unknown> };
}

export function isApiPage(document: OpenApiPages, splat: string): boolean {
  const page = splat.replace(/\/+$/, '');
  if (page === '') return true;
  const [kind, name, ...rest] = page.split('/');
  if (rest.length > 0 || !name) return false;
  if (kind === 'schemas') return Object.hasOwn(document.components?.schemas ?? {}, name);
  if (kind !== 'operations') return false;
  return Object.values(document.paths ?? {}).some((item) =>
    Object.values(item ?? {}).some((op) => typeof op === 'object' && op !== null && (op as { operationId?: unknown }).operationId === name));
}
