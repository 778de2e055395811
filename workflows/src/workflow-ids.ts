/**
 * Temporal workflow ids are business ids (`envelope:<name>`, `delete-eventtype:<id>`), so a redelivered event
 * finds its workflow already started. A deployment namespace (LIGATURE_NATS_NAMESPACE, empty in production)
 * prefixes them, so platforms sharing one Temporal server — test runs, side-by-side installs — never collide.
 */
export const workflowId = (namespace: string, businessId: string) => (namespace ? `${namespace}/${businessId}` : businessId)
