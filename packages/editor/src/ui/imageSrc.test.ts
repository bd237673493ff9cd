import { describe, expect, it } from 'vitest'
import { imageSrc } from './imageSrc.js'

describe('imageSrc', () => {
  it('asks for a size only once the server lists it as made, the original until then', () => {
    expect(imageSrc({ assetUrl: '/f/a/x.png', systemDataVariants: '' }, '300w')).toBe('/f/a/x.png')
    expect(imageSrc({ assetUrl: '/f/a/x.png', systemDataVariants: '1200x800,100w' }, '300w')).toBe('/f/a/x.png')
    expect(imageSrc({ assetUrl: '/f/a/x.png', systemDataVariants: '1200x800,100w,300w,750w' }, '300w')).toBe('/f/a/x.png?format=300w')
  })
})
