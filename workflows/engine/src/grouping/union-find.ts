/** Disjoint sets over record indices (union by size, path halving), for merge grouping. */
export class UnionFind {
  readonly parent: Int32Array
  private readonly size: Int32Array

  constructor(n: number) {
    this.parent = new Int32Array(n)
    for (let i = 0; i < n; i++) this.parent[i] = i
    this.size = new Int32Array(n).fill(1)
  }

  find(x: number): number {
    const p = this.parent
    while (p[x] !== x) {
      p[x] = p[p[x]!]!
      x = p[x]!
    }
    return x
  }

  /** Joins the sets of a and b; false when they were already one set. */
  union(a: number, b: number): boolean {
    let ra = this.find(a), rb = this.find(b)
    if (ra === rb) return false
    if (this.size[ra]! < this.size[rb]!) { const t = ra; ra = rb; rb = t }
    this.parent[rb] = ra
    this.size[ra]! += this.size[rb]!
    return true
  }
}
