import { Link } from '../app/navigation.js'
import { routePath } from '../app/routes.js'
import { SECTIONS, type SectionId } from './sections.js'

export function Nav({ siteId, current }: { siteId: string; current: SectionId }) {
  return (
    <nav className="nav" aria-label="Sections">
      <ul>
        {SECTIONS.map((s) => (
          <li key={s.id}>
            <Link
              to={routePath({ name: 'site', siteId, section: s.id })}
              aria-current={s.id === current ? 'page' : undefined}
            >
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
