import type { Section } from './sections.js'

export function EmptyState({ section }: { section: Section }) {
  return (
    <section className="empty-state" aria-labelledby="section-title">
      <h1 id="section-title" tabIndex={-1}>
        {section.label}
      </h1>
      {section.upcoming && (
        <>
          <p>{section.upcoming.summary}</p>
          <p>Coming here:</p>
          <ul>
            {section.upcoming.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
