// The album block: title, artist, an optional cover image and its tracks (uploaded or existing audio files), at most
// 60. Tracks are reordered by drag (pointer or touch) or keyboard with @dnd-kit (Space picks a track up, arrow keys
// move it, Space drops it), or with the earlier/later buttons; each change is one undo step. Lazy-loaded with
// @dnd-kit when an album block is first edited.
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { useRef, useState } from 'react'
import type { AlbumTrack } from '@sitewright/contracts'
import type { FileAsset } from '../../../api/files.js'
import { LineField } from '../../../ui/moreFields.js'
import { addTracks, albumTracks, ALBUM_FULL_MESSAGE, ALBUM_MAX_TRACKS, editTrack, formatTrackDuration, moveTrack, removeTrack, trackTitleOf, withDuration } from '../albumModel.js'
import { FIELD_SPECS } from '../fieldSpecs.js'
import { FieldsEditor } from './FieldsEditor.js'
import { FileChooser, Thumb } from './MediaEditors.js'
import type { BlockEditorProps } from './types.js'

const idOf = (i: number) => `track-${i}`
const indexOf = (id: string | number) => Number(String(id).slice('track-'.length))

/** The length of an audio file in seconds, read from its metadata by the browser (null when it cannot tell). */
function probeDuration(url: string): Promise<number | null> {
  return new Promise((resolve) => {
    if (typeof Audio === 'undefined') return resolve(null)
    const audio = new Audio()
    const done = (v: number | null) => {
      clearTimeout(timer)
      audio.removeAttribute('src')
      resolve(v)
    }
    const timer = setTimeout(() => done(null), 10_000)
    audio.preload = 'metadata'
    audio.addEventListener('loadedmetadata', () => done(Number.isFinite(audio.duration) ? audio.duration : null))
    audio.addEventListener('error', () => done(null))
    audio.src = url
  })
}

export default function AlbumBlockEditor({ block, onChange, onSet }: BlockEditorProps) {
  const tracks = albumTracks(block.value)
  const latest = useRef(block.value)
  latest.current = block.value
  const [said, setSaid] = useState('')
  const full = tracks.length >= ALBUM_MAX_TRACKS
  const coverId = typeof block.value.coverImageId === 'string' ? block.value.coverImageId : ''
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }))

  function add(f: FileAsset) {
    const { patch, refused } = addTracks(latest.current, [{ title: trackTitleOf(f.filename), audioAssetUrl: f.assetUrl }])
    if (refused) return setSaid(ALBUM_FULL_MESSAGE)
    onSet(patch)
    setSaid(`Added ${trackTitleOf(f.filename)} as track ${albumTracks(patch).length}.`)
    void probeDuration(f.assetUrl).then((s) => {
      if (s !== null) onChange(withDuration(latest.current, f.assetUrl, s), 'tracks.duration')
    })
  }

  function move(from: number, to: number) {
    if (to < 0 || to >= tracks.length || from === to) return
    onSet(moveTrack(latest.current, from, to))
    setSaid(`Track moved to position ${to + 1} of ${tracks.length}.`)
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (over && over.id !== active.id) move(indexOf(active.id), indexOf(over.id))
  }

  const name = (id: string | number) => `track ${tracks[indexOf(id)]?.title ?? ''}`.trim()
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, position ${indexOf(active.id) + 1} of ${tracks.length}.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} is over position ${indexOf(over.id) + 1} of ${tracks.length}.` : `${name(active.id)} is not over a place.`),
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)} dropped at position ${indexOf(over.id) + 1}.` : `${name(active.id)} returned.`),
    onDragCancel: ({ active }) => `Moving ${name(active.id)} cancelled.`,
  }

  return (
    <div className="album-editor" data-album-editor>
      <FieldsEditor fields={FIELD_SPECS.album!} value={block.value} onChange={onChange} onSet={onSet} />
      <fieldset>
        <legend>Cover image</legend>
        {coverId ? <Thumb id={coverId} size="100w" /> : <p className="muted">No cover image.</p>}
        <FileChooser kind="image" label={coverId ? 'Replace cover' : 'Upload a cover'} onFile={(f) => onSet({ coverImageId: f.id })} />
        {coverId && (
          <button type="button" className="link-button danger" onClick={() => onSet({ coverImageId: '' })}>
            Remove cover
          </button>
        )}
      </fieldset>
      <fieldset>
        <legend>
          Tracks ({tracks.length} of {ALBUM_MAX_TRACKS})
        </legend>
        {tracks.length === 0 && <p className="muted">No tracks yet: upload audio files or pick existing ones.</p>}
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: 'To move a track, press Space, move it with the arrow keys, then press Space to drop it or Escape to cancel.' } }}
        >
          <SortableContext items={tracks.map((_, i) => idOf(i))} strategy={verticalListSortingStrategy}>
            <ol className="album-editor-tracks">
              {tracks.map((t, i) => (
                <TrackRow
                  key={idOf(i)}
                  id={idOf(i)}
                  index={i}
                  count={tracks.length}
                  track={t}
                  onTitle={(title) => onChange(editTrack(latest.current, i, { title }), `tracks.${i}.title`)}
                  onMove={(to) => move(i, to)}
                  onRemove={() => {
                    onSet(removeTrack(latest.current, i))
                    setSaid(`Removed track ${i + 1}.`)
                  }}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
        {full ? (
          <p className="notice" role="note" data-album-full>
            {ALBUM_FULL_MESSAGE} Remove one to add another.
          </p>
        ) : (
          <FileChooser kind="audio" label="Add a track" onFile={add} />
        )}
        <p className="visually-hidden" role="status" aria-live="polite">
          {said}
        </p>
      </fieldset>
    </div>
  )
}

function TrackRow({ id, index, count, track, onTitle, onMove, onRemove }: { id: string; index: number; count: number; track: AlbumTrack; onTitle(v: string): void; onMove(to: number): void; onRemove(): void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id })
  const style = { transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined, transition }
  const n = index + 1
  return (
    <li ref={setNodeRef} style={style} className={`album-editor-track${isDragging ? ' dragging' : ''}`} data-album-editor-track={index}>
      <button type="button" ref={setActivatorNodeRef} className="drag-grip link-button" {...attributes} {...listeners} aria-roledescription="movable track" aria-label={`Move track ${n}: ${track.title}`}>
        <span aria-hidden="true">⋮⋮</span>
      </button>
      <span className="album-editor-number" aria-hidden="true">
        {n}
      </span>
      <div className="album-editor-title">
        <LineField label={`Track ${n} title`} value={track.title} max={200} onChange={onTitle} />
        <span className="muted">
          {decodeURIComponent(track.audioAssetUrl.split('/').pop() ?? '')}
          {track.duration !== undefined ? ` · ${formatTrackDuration(track.duration)}` : ''}
        </span>
      </div>
      <span className="album-editor-actions">
        <button type="button" className="link-button" aria-label={`Move track ${n} earlier`} disabled={index === 0} onClick={() => onMove(index - 1)}>
          ↑
        </button>
        <button type="button" className="link-button" aria-label={`Move track ${n} later`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
          ↓
        </button>
        <button type="button" className="link-button danger" aria-label={`Remove track ${n}`} onClick={onRemove}>
          Remove
        </button>
      </span>
    </li>
  )
}
