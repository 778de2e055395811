// Resolved by vite.config.ts to contracts/openapi/ligature-v3.3.json, which is bundled into the server
// build (and also copied to build/client/openapi.json) at build time.
import openapiDocument from 'virtual:ligature-openapi';

export { openapiDocument };
