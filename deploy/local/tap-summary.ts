/** Reads tap's closing `# { total: N, pass: P, fail: F, … }` line; a run that printed none counts as failed. */
export function summarise(output: string): { passed: number; failed: number } {
  const lines = [...output.matchAll(/^# \{ total: (\d+)(?:, pass: (\d+))?(?:, fail: (\d+))?/gm)]
  const last = lines.at(-1)
  if (!last) return { passed: 0, failed: 1 }
  return { passed: Number(last[2] ?? 0), failed: Number(last[3] ?? 0) }
}
