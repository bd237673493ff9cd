// Focal point and crop of an image, in a modal dialog. The focal point is picked on the image (click, or the arrow
// keys on the picker) or typed in percent; the crop is a rectangle with aspect presets, moved and resized with the
// pointer or the keyboard (arrows move it, Shift+arrows resize it) or typed in percent. Saving sets the focal point
// of the original and, for a crop, asks the server for a new file cut from the original (the original is kept, so
// the crop can be changed later: a cropped file is edited from its original). Lazy-loaded.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { createPortal } from 'react-dom'
import type { FileAsset } from '../../api/files.js'
import { rememberFile, useFileAsset } from '../../editor/page/linkTargets.js'
import { useServices } from '../../services/services.js'
import { Dialog } from '../../ui/Dialog.js'
import { aspectRect, clampRect, cropSizeText, FULL, isFull, moveRect, nudgePoint, parseSize, pointIn, resizeRect, type Point, type Rect } from './crop.js'
import { imageSrc } from '../../ui/imageSrc.js'

interface Props {
  /** The file the block shows (a cropped file is edited from its original). */
  file: FileAsset
  onClose(): void
  /** The file to show from now on: the same, its original (crop removed) or a new cropped file. */
  onSaved(file: FileAsset): void
}

const ASPECTS: { id: string; label: string; ratio: ((w: number, h: number) => number) | null }[] = [
  { id: 'free', label: 'Free', ratio: null },
  { id: 'original', label: 'Original', ratio: (w, h) => w / h },
  { id: '1:1', label: 'Square', ratio: () => 1 },
  { id: '4:3', label: '4:3', ratio: () => 4 / 3 },
  { id: '3:2', label: '3:2', ratio: () => 3 / 2 },
  { id: '16:9', label: '16:9', ratio: () => 16 / 9 },
  { id: '4:5', label: '4:5 portrait', ratio: () => 4 / 5 },
]

/** A point of the original as a fraction of the crop (rounded as the server rounds it). */
const within = (v: number, from: number, size: number) => Math.round(Math.min(1, Math.max(0, (v - from) / size)) * 10000) / 10000
const pct = (v: number) => Math.round(v * 1000) / 10
const same = (a: Rect, b: Rect) => Math.abs(a.x - b.x) + Math.abs(a.y - b.y) + Math.abs(a.width - b.width) + Math.abs(a.height - b.height) < 0.0005

export default function ImageEditDialog({ file, onClose, onSaved }: Props) {
  const original = useFileAsset(file.crop?.sourceId)
  // a cropped file whose original is gone is edited as it is
  const source = file.crop && original ? original : file
  const ready = !file.crop || original !== null
  // on the document's body: above the canvas and its toolbars, whatever panel opened it
  return createPortal(
    ready ? (
      <Editor file={file} source={source} startCrop={file.crop && original ? file.crop : FULL} onClose={onClose} onSaved={onSaved} />
    ) : (
      <Dialog title="Focal point and crop" onClose={onClose} wide>
        <p role="status">Loading the original image…</p>
      </Dialog>
    ),
    document.body,
  )
}

function Editor({ file, source, startCrop, onClose, onSaved }: Props & { source: FileAsset; startCrop: Rect }) {
  const { files, siteId } = useServices()
  const size = parseSize(source.originalSize) ?? { width: 1, height: 1 }
  const [mode, setMode] = useState<'focal' | 'crop'>('focal')
  const [focal, setFocal] = useState<Point>(source.mediaFocalPoint)
  const [crop, setCrop] = useState<Rect>({ x: startCrop.x, y: startCrop.y, width: startCrop.width, height: startCrop.height })
  const [aspect, setAspect] = useState('free')
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const box = useRef<HTMLDivElement>(null)
  const drag = useRef<{ kind: 'move' | 'resize'; x: number; y: number; start: Rect } | null>(null)
  const ratioOf = (id: string) => ASPECTS.find((a) => a.id === id)?.ratio?.(size.width, size.height) ?? null

  const boxRect = () => box.current?.getBoundingClientRect() ?? { left: 0, top: 0, width: 1, height: 1 }

  function pickFocal(e: PointerEvent) {
    if (mode !== 'focal') return
    setFocal(pointIn(e.clientX, e.clientY, boxRect()))
  }

  function focalKey(e: KeyboardEvent) {
    const { key, shiftKey } = e
    if (!nudgePoint(focal, key, shiftKey)) return
    e.preventDefault()
    setFocal((f) => nudgePoint(f, key, shiftKey) ?? f)
  }

  function cropKey(e: KeyboardEvent) {
    const step = 0.02
    const d: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }
    const m = d[e.key]
    if (!m) return
    e.preventDefault()
    setCrop((c) => (e.shiftKey ? resizeRect(c, m[0], m[1], ratioOf(aspect), size.width, size.height) : moveRect(c, m[0], m[1])))
  }

  function startDrag(kind: 'move' | 'resize', e: PointerEvent) {
    e.preventDefault()
    e.stopPropagation()
    ;(e.currentTarget as Element).setPointerCapture?.(e.pointerId)
    drag.current = { kind, x: e.clientX, y: e.clientY, start: crop }
  }

  function onDrag(e: PointerEvent) {
    const d = drag.current
    if (!d) return
    const b = boxRect()
    const dx = (e.clientX - d.x) / b.width
    const dy = (e.clientY - d.y) / b.height
    setCrop(d.kind === 'move' ? moveRect(d.start, dx, dy) : resizeRect(d.start, dx, dy, ratioOf(aspect), size.width, size.height))
  }

  function chooseAspect(id: string) {
    setAspect(id)
    const ratio = ratioOf(id)
    if (ratio !== null) setCrop((c) => aspectRect(ratio, size.width, size.height, c))
  }

  function setField(key: keyof Rect, percent: number) {
    if (!Number.isFinite(percent)) return
    setCrop((c) => clampRect({ ...c, [key]: percent / 100 }))
  }

  async function save() {
    setSaving(true)
    setError(null)
    const fail = (message: string) => {
      setSaving(false)
      setError(message)
    }
    let src = source
    if (focal.x !== source.mediaFocalPoint.x || focal.y !== source.mediaFocalPoint.y) {
      const res = await files.update(siteId, source.id, { mediaFocalPoint: focal })
      if (!res.ok) return fail(res.error.message)
      src = res.data.file
      rememberFile(src)
    }
    let result: FileAsset = src
    if (!isFull(crop)) {
      const unchanged = file.crop && file.crop.sourceId === source.id && same(file.crop, crop)
      if (unchanged) {
        // the same crop: only its focal point follows the original's
        const inside = { x: within(focal.x, crop.x, crop.width), y: within(focal.y, crop.y, crop.height) }
        const res = await files.update(siteId, file.id, { mediaFocalPoint: inside })
        if (!res.ok) return fail(res.error.message)
        result = res.data.file
      } else {
        const res = await files.crop(siteId, source.id, crop)
        if (!res.ok) return fail(res.error.message)
        result = res.data.file
      }
      rememberFile(result)
    }
    setSaving(false)
    onSaved(result)
  }

  const cropStyle = { left: `${crop.x * 100}%`, top: `${crop.y * 100}%`, width: `${crop.width * 100}%`, height: `${crop.height * 100}%` }
  return (
    <Dialog
      title="Focal point and crop"
      onClose={onClose}
      wide
      actions={
        <>
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button primary" disabled={saving} onClick={() => void save()}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      <div className="image-edit" data-image-edit>
        <div className="segmented" role="radiogroup" aria-label="What to change">
          {(['focal', 'crop'] as const).map((m) => (
            <button key={m} type="button" role="radio" aria-checked={mode === m} className={`button small ${mode === m ? 'primary' : 'secondary'}`} onClick={() => setMode(m)}>
              {m === 'focal' ? 'Focal point' : 'Crop'}
            </button>
          ))}
        </div>
        <div className="image-edit-stage">
          <div
            ref={box}
            className={`image-edit-box mode-${mode}`}
            onPointerDown={pickFocal}
            onPointerMove={onDrag}
            onPointerUp={() => (drag.current = null)}
            onPointerCancel={() => (drag.current = null)}
          >
            <img src={imageSrc(source, '750w')} alt={source.altText || source.filename} draggable={false} />
            <div className="image-edit-crop" style={cropStyle} data-crop-box>
              {mode === 'crop' && (
                <>
                  <div
                    className="image-edit-crop-move"
                    role="group"
                    tabIndex={0}
                    aria-label={`Crop area, ${cropSizeText(crop, size.width, size.height)}. Arrow keys move it, Shift and arrow keys resize it.`}
                    onKeyDown={cropKey}
                    onPointerDown={(e) => startDrag('move', e)}
                  />
                  <span className="image-edit-crop-handle" aria-hidden="true" onPointerDown={(e) => startDrag('resize', e)} />
                </>
              )}
            </div>
            <span
              className="image-edit-focal"
              style={{ left: `${focal.x * 100}%`, top: `${focal.y * 100}%` }}
              role={mode === 'focal' ? 'group' : undefined}
              tabIndex={mode === 'focal' ? 0 : -1}
              aria-hidden={mode === 'focal' ? undefined : true}
              aria-label={mode === 'focal' ? `Focal point, ${pct(focal.x)}% across, ${pct(focal.y)}% down. Click the image or use the arrow keys to move it.` : undefined}
              onKeyDown={focalKey}
              data-focal-point
            />
          </div>
        </div>
        {mode === 'focal' ? (
          <fieldset className="image-edit-fields">
            <legend>Focal point (the part kept in view when the image is cut to fit)</legend>
            <PercentInput label="Across" value={pct(focal.x)} onChange={(v) => setFocal((f) => ({ ...f, x: Math.min(1, Math.max(0, v / 100)) }))} />
            <PercentInput label="Down" value={pct(focal.y)} onChange={(v) => setFocal((f) => ({ ...f, y: Math.min(1, Math.max(0, v / 100)) }))} />
          </fieldset>
        ) : (
          <>
            <div className="image-edit-aspects" role="radiogroup" aria-label="Aspect ratio">
              {ASPECTS.map((a) => (
                <button key={a.id} type="button" role="radio" aria-checked={aspect === a.id} className={`button small ${aspect === a.id ? 'primary' : 'secondary'}`} onClick={() => chooseAspect(a.id)}>
                  {a.label}
                </button>
              ))}
            </div>
            <fieldset className="image-edit-fields">
              <legend>Crop, in percent of the image ({cropSizeText(crop, size.width, size.height)})</legend>
              <PercentInput label="Left" value={pct(crop.x)} onChange={(v) => setField('x', v)} />
              <PercentInput label="Top" value={pct(crop.y)} onChange={(v) => setField('y', v)} />
              <PercentInput label="Width" value={pct(crop.width)} onChange={(v) => setField('width', v)} />
              <PercentInput label="Height" value={pct(crop.height)} onChange={(v) => setField('height', v)} />
            </fieldset>
            <button type="button" className="link-button" disabled={isFull(crop)} onClick={() => setCrop(FULL)}>
              Remove the crop
            </button>
          </>
        )}
        {error && (
          <p className="alert-text" role="alert">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  )
}

function PercentInput({ label, value, onChange }: { label: string; value: number; onChange(v: number): void }) {
  return (
    <label className="image-edit-number">
      <span>{label} (%)</span>
      <input type="number" min={0} max={100} step={1} value={value} onChange={(e) => e.target.value !== '' && onChange(Number(e.target.value))} />
    </label>
  )
}
