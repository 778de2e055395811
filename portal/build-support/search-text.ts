import { parse as parseYaml } from 'yaml';
import { createProcessor } from '@mdx-js/mdx';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { toString } from 'mdast-util-to-string';

const processor = createProcessor({ remarkPlugins: [remarkFrontmatter, remarkGfm, remarkMath] });

/** Title, description, heading texts and body text of one MDX page, for the search index. */
export function extractSearchDocument(source: string): { title: string; description: string; headings: string; text: string } {
  const tree = processor.parse(source);
  const yamlNode = tree.children.find((n) => n.type === 'yaml');
  const frontMatter = (yamlNode ? parseYaml(yamlNode.value) : {}) as Record<string, unknown>;
  const headings: string[] = [];
  const text: string[] = [];
  const skip = new Set(['yaml', 'mdxjsEsm', 'mdxFlowExpression']);
  for (const node of tree.children) {
    if (skip.has(node.type)) continue;
    if (node.type === 'heading') headings.push(toString(node));
    else text.push(toString(node));
  }
  return {
    title: typeof frontMatter.title === 'string' ? frontMatter.title : headings[0] ?? '',
    description: typeof frontMatter.description === 'string' ? frontMatter.description : '',
    headings: headings.join('\n'),
    text: text.join('\n'),
  };
}
