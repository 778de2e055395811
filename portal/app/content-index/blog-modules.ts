import { createModuleCache, type Importer } from '../lib/docs/module-cache.js';

/** Lazy importers for blog post bodies, one chunk per post. */
export const blogImporters = import.meta.glob('/content/blog/*.mdx') as Record<string, Importer>;

export const blogModules = createModuleCache(blogImporters);
