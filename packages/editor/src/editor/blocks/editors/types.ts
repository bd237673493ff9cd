import type { Block, BlockValue } from '../../core/document.js'

export interface BlockEditorProps {
  block: Block
  /** A change that merges with the previous one of the same field (typing). */
  onChange(patch: BlockValue, field: string): void
  /** A discrete change: its own undo step. */
  onSet(patch: BlockValue): void
}
