/**
 * Enduring keys as every output writes them (the engine's formatKey): `LK` and the key number in twelve digits.
 * The results service stores key numbers and answers `LK…` strings, so a key read from an extraction can be
 * passed back as a filter unchanged.
 */
const DIGITS = 12

export const enduringKey = (keyNumber: number | string): string => `LK${String(keyNumber).padStart(DIGITS, '0')}`

/** The key number of an `LK…` key (the route's pattern has checked its shape). */
export const keyNumberOf = (key: string): number => Number(key.slice(2))
