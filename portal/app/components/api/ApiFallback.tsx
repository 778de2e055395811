import { translate } from '../../i18n/strings.js';
import { groupByTag, type ApiOperation } from '../../lib/api/operations.js';

/** Server-rendered list of every operation: the page has content without JS and for the link checker. */
export function ApiFallback({ title, version, description, operations }: { title: string; version: string; description?: string; operations: ApiOperation[] }) {
  return (
    <div className="container api-fallback">
      <h1>
        {title} <span className="badge">{version}</span>
      </h1>
      {description && <p>{description}</p>}
      <h2>{translate('theme.api.operations')}</h2>
      {groupByTag(operations).map(([tag, ops]) => (
        <section key={tag}>
          <h3>{tag}</h3>
          <ul className="api-operations">
            {ops.map((op) => (
              <li key={`${op.method} ${op.path}`} className="api-operation" data-operation-id={op.operationId ?? undefined}>
                <code className={`api-method api-method--${op.method.toLowerCase()}`}>{op.method}</code> <code>{op.path}</code>{' '}
                <span>{op.summary}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
