// "Arrange blocks": the page's sections with their blocks, reordered by drag (pointer or touch) within and across
// sections with @dnd-kit, or by keyboard (Space picks a block up, arrow keys move it, Space drops it, Escape
// cancels), with the moving block shown as the drop indicator. Each drop is one 'Move block' undo step.
// Lazy-loaded (with @dnd-kit) when the owner opens it.
import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { useMemo, useState } from 'react'
import { kindOf } from '../blocks/catalog.js'
import type { Block, PageDocument } from '../core/document.js'
import type { EditorStore } from '../core/store.js'
import { moveBlockTo } from './canvasActions.js'
import { arrangementOf, containerOf, dropPlace, moveInArrangement, SECTION_PREFIX, type Arrangement } from './outline.js'

function text(b: Block): string {
  const v = b.value
  return String(v.html ?? v.label ?? v.title ?? v.text ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40)
}

export default function BlockOutline({ store, doc }: { store: EditorStore; doc: PageDocument }) {
  const [live, setLive] = useState<Arrangement | null>(null)
  const [activeId, setActiveId] = useState<string | null>(null)
  const shown = live ?? arrangementOf(doc)
  const byId = useMemo(() => new Map(doc.sections.flatMap((s) => s.blocks.map((b) => [b.id, b] as const))), [doc])
  const sectionName = (id: string) => `section ${doc.sections.findIndex((s) => s.id === id) + 1}`
  const nameOf = (id: string | number) => {
    const b = byId.get(String(id))
    return b ? `${kindOf(b.typeName)?.label ?? b.typeName} block` : 'block'
  }
  const where = (a: Arrangement, id: string) => {
    const s = containerOf(a, id)
    return s ? `position ${a[s]!.indexOf(id) + 1} of ${a[s]!.length} in ${sectionName(s)}` : ''
  }
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }))

  function onDragOver({ active, over }: DragOverEvent) {
    if (!over) return
    const a = live ?? arrangementOf(doc)
    const from = containerOf(a, String(active.id))
    const to = containerOf(a, String(over.id))
    // across sections while dragging, so the block shows where it will land; within a section on drop
    if (!from || !to || from === to) return
    const next = moveInArrangement(a, String(active.id), String(over.id))
    if (next !== a) setLive(next)
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    setActiveId(null)
    let a = live ?? arrangementOf(doc)
    const id = String(active.id)
    if (over && containerOf(a, String(over.id)) === containerOf(a, id) && over.id !== active.id) {
      const list = a[containerOf(a, id)!]!
      a = moveInArrangement(a, id, String(over.id), list.indexOf(String(over.id)) > list.indexOf(id))
    }
    setLive(null)
    const place = over ? dropPlace(doc, a, id) : null
    if (place) store.dispatch(moveBlockTo, { id, ...place })
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, ${where(shown, String(active.id))}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over ${where(live ?? shown, String(active.id)) || sectionName(String(over.id))}.` : `${nameOf(active.id)} is not over a place.`),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped.` : `${nameOf(active.id)} returned.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} cancelled.`,
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={({ active }: DragStartEvent) => setActiveId(String(active.id))}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setLive(null)
        setActiveId(null)
      }}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: 'To move a block, press Space, move it with the arrow keys (also into another section), then press Space to drop it or Escape to cancel.' },
      }}
    >
      <div className="block-outline" data-block-outline>
        {doc.sections.map((s, i) => (
          <OutlineSection key={s.id} id={s.id} label={`Section ${i + 1}`} ids={shown[s.id] ?? []} byId={byId} />
        ))}
      </div>
      {/* the block under the pointer; its place in the lists (dashed) is the drop indicator */}
      <DragOverlay>{activeId ? <BlockCard block={byId.get(activeId)} /> : null}</DragOverlay>
    </DndContext>
  )
}

function OutlineSection({ id, label, ids, byId }: { id: string; label: string; ids: string[]; byId: Map<string, Block> }) {
  // a drop place of its own only while empty (otherwise its blocks are the places, and the keyboard steps over them)
  const { setNodeRef, isOver } = useDroppable({ id: `${SECTION_PREFIX}${id}`, disabled: ids.length > 0 })
  return (
    <section className={`outline-section${isOver ? ' over' : ''}`} aria-label={label} data-outline-section={id}>
      <h4>{label}</h4>
      <SortableContext id={id} items={ids} strategy={verticalListSortingStrategy}>
        <ol ref={setNodeRef} className="outline-blocks">
          {ids.map((b) => (
            <OutlineBlock key={b} id={b} block={byId.get(b)} />
          ))}
          {ids.length === 0 && <li className="outline-empty muted">No blocks: drop one here.</li>}
        </ol>
      </SortableContext>
    </section>
  )
}

function OutlineBlock({ id, block }: { id: string; block: Block | undefined }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id })
  const label = block ? (kindOf(block.typeName)?.label ?? block.typeName) : 'Block'
  const style = { transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined, transition }
  return (
    <li ref={setNodeRef} style={style} className={`outline-block${isDragging ? ' dragging' : ''}`} data-outline-block={id} {...attributes} {...listeners} aria-roledescription="movable block" aria-label={`${label}${block && text(block) ? `: ${text(block)}` : ''}`}>
      <span className="drag-grip" aria-hidden="true">
        ⋮⋮
      </span>
      <strong>{label}</strong> <span className="muted">{block ? text(block) : ''}</span>
    </li>
  )
}

function BlockCard({ block }: { block: Block | undefined }) {
  return (
    <div className="outline-block lifted" aria-hidden="true">
      <span className="drag-grip">⋮⋮</span>
      <strong>{block ? (kindOf(block.typeName)?.label ?? block.typeName) : 'Block'}</strong> <span className="muted">{block ? text(block) : ''}</span>
    </div>
  )
}
