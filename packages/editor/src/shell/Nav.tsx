import { Link } from '../app/navigation.js'
import { routePath } from '../app/routes.js'
import { SECTIONS, sectionAllowed, type SectionId } from './sections.js'

export function Nav({ siteId, current, capabilities }: { siteId: string; current: SectionId; capabilities?: readonly string[] | undefined }) {
  return (
    <nav className="nav" aria-label="Sections">
      <ul>
        {SECTIONS.filter((s) => sectionAllowed(s.id, capabilities)).map((s) => (
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
