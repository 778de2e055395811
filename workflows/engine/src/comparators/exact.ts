/**
 * Exact comparison: 1 when equal, else 0. Inside the scorer values are dictionary codes, so Exact is an
 * integer compare and never calls this; it exists for the single-pair explain path and for symmetry.
 */
export function exactSimilarity(a: string, b: string): number {
  return a === b ? 1 : 0
}
