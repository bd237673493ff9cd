// The thin React adapter shared by islands: render into the island element, hand back an unmount.
import type { ReactNode } from 'react'
import { createRoot } from 'react-dom/client'

export function renderIsland(element: HTMLElement, node: ReactNode): () => void {
  const root = createRoot(element)
  root.render(node)
  return () => root.unmount()
}
