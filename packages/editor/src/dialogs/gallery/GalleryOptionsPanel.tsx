// Gallery options with the spec's defaults and ranges; only the options that apply to the current choices show.
import { CheckboxField, SelectField } from '../../ui/fields.js'
import { NumberField } from '../../ui/moreFields.js'
import {
  ALIGNMENTS,
  ASPECT_RATIOS,
  GALLERY_DESIGNS,
  LIGHTBOX_THEMES,
  META_POSITIONS,
  RANGES,
  SLIDER_ASPECT,
  isOptionVisible,
  sliderAspect,
  type GalleryOptionKey,
  type GalleryOptions,
  type RangedKey,
} from './options.js'

interface Props {
  options: GalleryOptions
  onChange(patch: Partial<GalleryOptions>, key: GalleryOptionKey): void
}

const TOGGLES: [GalleryOptionKey, string][] = [
  ['autoplay', 'Autoplay'],
  ['controls', 'Show controls'],
  ['auto-crop', 'Crop images to fit'],
  ['thumbnails', 'Show thumbnails'],
  ['square-thumbs', 'Square thumbnails'],
  ['show-meta', 'Show titles and descriptions'],
  ['show-meta-basic', 'Titles only, small'],
  ['show-meta-only-title', 'Titles only'],
  ['show-meta-on-hover', 'Show on hover'],
  ['lightbox', 'Open images in a lightbox'],
  ['newWindow', 'Open links in a new window'],
  ['transparentBackground', 'Transparent background'],
]

const options = (list: readonly string[]) => list.map((v) => ({ value: v, label: v }))

/** A design change; the aspect ratio follows (a slider's is a percentage, default 50; the others' a ratio). */
function designPatch(o: GalleryOptions, design: GalleryOptions['design']): Partial<GalleryOptions> {
  if (design === 'slider' && typeof o['aspect-ratio'] !== 'number') return { design, 'aspect-ratio': SLIDER_ASPECT.default }
  if (design !== 'slider' && typeof o['aspect-ratio'] === 'number') return { design, 'aspect-ratio': '1:1' }
  return { design }
}

export function GalleryOptionsPanel({ options: o, onChange }: Props) {
  const show = (k: GalleryOptionKey) => isOptionVisible(k, o)
  const number = (k: RangedKey) =>
    show(k) && <NumberField key={k} label={RANGES[k].label} value={o[k]} min={RANGES[k].min} max={RANGES[k].max} onChange={(v) => onChange({ [k]: v }, k)} />
  return (
    <fieldset className="gallery-options">
      <legend>Gallery options</legend>
      <SelectField name="design" label="Design" value={o.design} options={options(GALLERY_DESIGNS)} onChange={(v) => onChange(designPatch(o, v as GalleryOptions['design']), 'design')} />
      {TOGGLES.filter(([k]) => show(k)).map(([k, label]) => (
        <CheckboxField key={k} name={k} label={label} checked={Boolean(o[k])} onChange={(v) => onChange({ [k]: v }, k)} />
      ))}
      {number('autoplay-duration')}
      {number('thumbnail-strip-height')}
      {number('thumbnail-strip-margin')}
      {number('thumbnails-per-row')}
      {number('padding')}
      {number('max-width')}
      {show('aspect-ratio') && o.design === 'slider' && (
        <NumberField label={SLIDER_ASPECT.label} value={sliderAspect(o['aspect-ratio'])} min={SLIDER_ASPECT.min} max={SLIDER_ASPECT.max} onChange={(v) => onChange({ 'aspect-ratio': v }, 'aspect-ratio')} />
      )}
      {show('aspect-ratio') && o.design !== 'slider' && (
        <SelectField name="aspect-ratio" label="Aspect ratio" value={String(o['aspect-ratio'])} options={options(ASPECT_RATIOS)} onChange={(v) => onChange({ 'aspect-ratio': v as GalleryOptions['aspect-ratio'] }, 'aspect-ratio')} />
      )}
      {show('meta-position') && (
        <SelectField name="meta-position" label="Title position" value={o['meta-position']} options={options(META_POSITIONS)} onChange={(v) => onChange({ 'meta-position': v as GalleryOptions['meta-position'] }, 'meta-position')} />
      )}
      {show('active-alignment') && (
        <SelectField name="active-alignment" label="Active image alignment" value={o['active-alignment']} options={options(ALIGNMENTS)} onChange={(v) => onChange({ 'active-alignment': v as GalleryOptions['active-alignment'] }, 'active-alignment')} />
      )}
      {show('lightboxTheme') && (
        <SelectField name="lightboxTheme" label="Lightbox theme" value={o.lightboxTheme} options={options(LIGHTBOX_THEMES)} onChange={(v) => onChange({ lightboxTheme: v as GalleryOptions['lightboxTheme'] }, 'lightboxTheme')} />
      )}
    </fieldset>
  )
}
