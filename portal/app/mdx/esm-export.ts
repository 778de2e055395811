import { valueToEstree } from 'estree-util-value-to-estree';

/** An `mdxjsEsm` node for `export const <name> = <value>`, insertable into an mdast or hast tree. */
export function exportConstNode(name: string, value: unknown) {
  return {
    type: 'mdxjsEsm' as const,
    value: '',
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'ExportNamedDeclaration',
            specifiers: [],
            source: null,
            attributes: [],
            declaration: {
              type: 'VariableDeclaration',
              kind: 'const',
              declarations: [{ type: 'VariableDeclarator', id: { type: 'Identifier', name }, init: valueToEstree(value) }],
            },
          },
        ],
      },
    },
  };
}
