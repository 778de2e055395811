import type { GeneratedIndex } from '../../lib/docs/sidebar.js';
import { DocLink } from '../DocLink.js';

/** Docusaurus generated-index page: the category title, its description and one card per item. */
export function CategoryIndex({ category, onPrefetch }: { category: GeneratedIndex; onPrefetch?: (to: string) => void }) {
  return (
    <article className="generated-index-page">
      <header>
        <h1>{category.title}</h1>
        {category.description && <p>{category.description}</p>}
      </header>
      <section className="doc-card-list">
        {category.cards.map((card) => (
          <DocLink key={card.href} to={card.href} className="card doc-card" onPrefetch={onPrefetch}>
            <h2 className="doc-card__title">{card.title}</h2>
            {card.description && <p className="doc-card__description">{card.description}</p>}
          </DocLink>
        ))}
      </section>
    </article>
  );
}
