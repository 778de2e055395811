export * from './database.js'
export * from './platform.js'
export * from './http.js'
export * from './envelopes.js'
