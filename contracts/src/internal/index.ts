export * from './results.js'
export * from './projects.js'
