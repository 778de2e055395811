/** A small fetch wrapper for tests: JSON in and out, bearer token, status and headers kept. */
export async function api(baseUrl: string, method: string, path: string, opts: { token?: string; body?: unknown; raw?: BodyInit; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) }
  if (opts.token) headers.authorization = `Bearer ${opts.token}`
  let body: BodyInit | undefined = opts.raw
  if (opts.body !== undefined) { headers['content-type'] = 'application/json'; body = JSON.stringify(opts.body) }
  const res = await fetch(baseUrl + path, { method, headers, ...(body !== undefined ? { body } : {}) })
  const text = await res.text()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test helper: each test asserts the answer's shape itself
  let json: any
  try { json = text ? JSON.parse(text) : undefined } catch { json = undefined }
  return { status: res.status, headers: res.headers, json, text }
}
