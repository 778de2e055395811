import { API_VERSION } from '@ligature/contracts'

export interface ApiPath { version: string | null; path: string; search: string }

/**
 * `/api/v3.3/projects?limit=5` → version 3.3, path /projects. `/api/projects` takes the default version.
 * A first segment shaped like a version (`v` + digits) is always read as one, so `/api/v9/x` is an unknown
 * version rather than an unknown route.
 */
export function splitApiPath(url: string): ApiPath {
  const q = url.indexOf('?')
  const search = q >= 0 ? url.slice(q) : ''
  const rest = (q >= 0 ? url.slice(0, q) : url).replace(/^\/api/, '')
  const m = /^\/v([^/]*)(\/.*)?$/.exec(rest)
  if (m && /^\d/.test(m[1] ?? '')) return { version: m[1]!, path: m[2] ?? '/', search }
  if (m && m[1] === '') return { version: null, path: m[2] ?? '/', search }
  return { version: API_VERSION, path: rest || '/', search }
}
