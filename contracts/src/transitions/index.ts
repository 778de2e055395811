// Workflow code imports this entry: plain functions and constants only (no TypeBox, no Node built-ins).
export * from './envelope.js'
export * from './workflow.js'
export * from '../enums.js'
