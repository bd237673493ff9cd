// Which editor each block type uses. Types not listed here edit through their declarative field list.
import { Suspense, lazy, type ComponentType } from 'react'
import { FIELD_SPECS } from '../fieldSpecs.js'
import { FieldsEditor } from './FieldsEditor.js'
import { AccordionBlockEditor, MenuBlockEditor } from './ListEditors.js'
import { DonationBlockEditor } from './DonationEditor.js'
import { GalleryBlockEditor } from './GalleryEditor.js'
import { AudioBlockEditor, ImageBlockEditor } from './MediaEditors.js'
import {
  ButtonBlockEditor,
  ChartBlockEditor,
  FormBlockEditor,
  MapBlockEditor,
  NewsletterBlockEditor,
  ProductBlockEditor,
  SocialLinksBlockEditor,
  SummaryBlockEditor,
} from './OtherEditors.js'

// Tiptap is the largest dependency: loaded when a text block is first edited.
const LazyText = lazy(() => import('./TextBlockEditor.js').then((m) => ({ default: m.TextBlockEditor })))
function TextBlockEditor(props: BlockEditorProps) {
  return (
    <Suspense fallback={<p role="status">Loading the text editor…</p>}>
      <LazyText {...props} />
    </Suspense>
  )
}
import type { BlockEditorProps } from './types.js'

// @dnd-kit comes with the album editor: loaded when an album block is first edited.
const LazyAlbum = lazy(() => import('./AlbumEditor.js'))
function AlbumBlockEditor(props: BlockEditorProps) {
  return (
    <Suspense fallback={<p role="status">Loading the album editor…</p>}>
      <LazyAlbum {...props} />
    </Suspense>
  )
}

const EDITORS: Record<string, ComponentType<BlockEditorProps>> = {
  text: TextBlockEditor,
  image: ImageBlockEditor,
  gallery: GalleryBlockEditor,
  audio: AudioBlockEditor,
  album: AlbumBlockEditor,
  button: ButtonBlockEditor,
  chart: ChartBlockEditor,
  summary: SummaryBlockEditor,
  product: ProductBlockEditor,
  form: FormBlockEditor,
  newsletter: NewsletterBlockEditor,
  map: MapBlockEditor,
  'social-links': SocialLinksBlockEditor,
  accordion: AccordionBlockEditor,
  menu: MenuBlockEditor,
  donation: DonationBlockEditor,
}

export function BlockEditor(props: BlockEditorProps) {
  const Editor = EDITORS[props.block.typeName]
  if (Editor) return <Editor {...props} />
  const fields = FIELD_SPECS[props.block.typeName]
  if (fields) return <FieldsEditor fields={fields} value={props.block.value} onChange={props.onChange} onSet={props.onSet} />
  return <p className="muted">This block cannot be edited here; it is kept as it is.</p>
}
