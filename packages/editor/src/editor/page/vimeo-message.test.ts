// The server's refusal of a Vimeo Basic account's video reaches the page editor's save status naming the block.
import { describe, expect, it } from 'vitest'
import { fieldMessage } from './layoutSaver.js'

describe('video block refusal in the editor', () => {
  it('names the block whose Vimeo video is refused', () => {
    const message = 'Videos from Vimeo Basic accounts are not supported. Use a video from a paid Vimeo plan or from another provider.'
    expect(fieldMessage({ 'sections.0.blocks.2.value.url': message })).toBe(`Block 3: ${message}`)
  })
})
