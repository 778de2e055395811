/**
 * A bounded memo for pure functions of a string. Names repeat heavily in person data (a few thousand
 * distinct given names cover most people), so normalising and coding each distinct name once saves most of
 * the work. When full the memo simply starts over: no eviction bookkeeping on the hot path.
 */
export function memoise<T>(fn: (value: string) => T, capacity = 50_000): (value: string) => T {
  let memo = new Map<string, T>()
  return (value) => {
    let result = memo.get(value)
    if (result === undefined) {
      result = fn(value)
      if (memo.size >= capacity) memo = new Map()
      memo.set(value, result)
    }
    return result
  }
}
