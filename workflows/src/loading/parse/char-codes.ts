/** The characters csv-parse gives a meaning to with the options of delimited.ts (same codes as bytes and as UTF-16). */
export const QUOTE = 0x22
export const LF = 0x0a
export const CR = 0x0d
export const SPACE = 0x20
export const TAB = 0x09
export const FORM_FEED = 0x0c
