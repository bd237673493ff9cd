// Line icons for the editor's toolbars (drawn with the current colour; decorative: every button carrying one has
// its own accessible name and tooltip).
import {
  ArrowDown,
  ArrowUp,
  Bold,
  Check,
  Copy,
  GripVertical,
  Heading2,
  Heading3,
  Italic,
  Link,
  List,
  ListOrdered,
  Pencil,
  Pilcrow,
  Plus,
  Quote,
  SlidersHorizontal,
  TextAlignCenter,
  TextAlignEnd,
  TextAlignStart,
  Trash2,
  Underline,
  Unlink,
  X,
  type LucideIcon,
} from 'lucide-react'

// SVG icons (lucide-react): a glyph such as the duplicate sign (U+29C9) is missing from many system fonts and drew
// an empty box
const ICONS = {
  edit: Pencil,
  settings: SlidersHorizontal,
  up: ArrowUp,
  down: ArrowDown,
  duplicate: Copy,
  delete: Trash2,
  close: X,
  plus: Plus,
  drag: GripVertical,
  bold: Bold,
  italic: Italic,
  underline: Underline,
  h2: Heading2,
  h3: Heading3,
  paragraph: Pilcrow,
  bullets: List,
  numbers: ListOrdered,
  quote: Quote,
  link: Link,
  unlink: Unlink,
  alignLeft: TextAlignStart,
  alignCenter: TextAlignCenter,
  alignRight: TextAlignEnd,
  done: Check,
} satisfies Record<string, LucideIcon>

export type IconName = keyof typeof ICONS

export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  const Shape = ICONS[name]
  return <Shape className="icon" size={size} strokeWidth={2} aria-hidden="true" focusable="false" />
}

/** A toolbar button showing only an icon: its label is its accessible name and its tooltip. */
export function IconButton({ icon, label, onClick, pressed, disabled, danger }: { icon: IconName; label: string; onClick(): void; pressed?: boolean; disabled?: boolean; danger?: boolean }) {
  return (
    <button
      type="button"
      className={`icon-button${pressed ? ' active' : ''}${danger ? ' danger' : ''}`}
      aria-label={label}
      data-tip={label}
      aria-pressed={pressed}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      <Icon name={icon} />
    </button>
  )
}
