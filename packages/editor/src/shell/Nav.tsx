import type { ReactNode } from 'react'
import { Link } from '../app/navigation.js'
import { routePath } from '../app/routes.js'
import { SECTIONS, sectionAllowed, type SectionId } from './sections.js'

/** The section links; `end`, when given, is the row's last item (the folded getting-started checklist on Pages). */
export function Nav({ siteId, current, capabilities, end }: { siteId: string; current: SectionId; capabilities?: readonly string[] | undefined; end?: ReactNode }) {
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
        {end ? <li className="nav-end">{end}</li> : null}
      </ul>
    </nav>
  )
}
