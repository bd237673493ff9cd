import { describe, expect, it } from 'vitest'
import { aspectRect, clampRect, cropSizeText, FULL, isFull, moveRect, nudgePoint, parseSize, pointIn, resizeRect } from './crop.js'

describe('image crop and focal point geometry', () => {
  it('keeps a crop inside the image with a minimum side', () => {
    expect(clampRect({ x: 0.9, y: -0.2, width: 0.5, height: 0.01 })).toEqual({ x: 0.5, y: 0, width: 0.5, height: 0.05 })
    expect(isFull(FULL)).toBe(true)
    expect(isFull({ x: 0, y: 0, width: 1, height: 0.5 })).toBe(false)
  })

  it('fits an aspect ratio in pixels: square in a 2:1 image is half the width, centred on the current crop', () => {
    expect(aspectRect(1, 400, 200)).toEqual({ x: 0.25, y: 0, width: 0.5, height: 1 })
    expect(aspectRect(4, 400, 200)).toEqual({ x: 0, y: 0.25, width: 1, height: 0.5 })
    expect(aspectRect(1, 400, 200, { x: 0.8, y: 0, width: 0.2, height: 1 })).toEqual({ x: 0.5, y: 0, width: 0.5, height: 1 })
    expect(aspectRect(null, 400, 200)).toEqual(FULL)
  })

  it('moves and resizes without leaving the image; a ratio makes the height follow the width', () => {
    expect(moveRect({ x: 0.25, y: 0, width: 0.5, height: 1 }, 0.5, 0.1)).toEqual({ x: 0.5, y: 0, width: 0.5, height: 1 })
    expect(resizeRect({ x: 0.5, y: 0.5, width: 0.2, height: 0.2 }, 0.6, 0.1, null, 400, 200)).toEqual({ x: 0.5, y: 0.5, width: 0.5, height: 0.3 })
    // square in 400x200: width 0.25 (100 px) -> height 0.5 (100 px)
    expect(resizeRect({ x: 0, y: 0, width: 0.1, height: 0.2 }, 0.15, 0, 1, 400, 200)).toEqual({ x: 0, y: 0, width: 0.25, height: 0.5 })
    // the height would leave the image: the width shrinks instead
    expect(resizeRect({ x: 0, y: 0.5, width: 0.1, height: 0.2 }, 0.5, 0, 1, 400, 200)).toEqual({ x: 0, y: 0.5, width: 0.25, height: 0.5 })
  })

  it('reads the focal point from a pointer and moves it with arrow keys', () => {
    expect(pointIn(150, 75, { left: 100, top: 50, width: 200, height: 100 })).toEqual({ x: 0.25, y: 0.25 })
    expect(pointIn(0, 500, { left: 100, top: 50, width: 200, height: 100 })).toEqual({ x: 0, y: 1 })
    expect(nudgePoint({ x: 0.5, y: 0.5 }, 'ArrowRight')).toEqual({ x: 0.55, y: 0.5 })
    expect(nudgePoint({ x: 0.5, y: 0.01 }, 'ArrowUp', true)).toEqual({ x: 0.5, y: 0 })
    expect(nudgePoint({ x: 0.5, y: 0.5 }, 'Enter')).toBeNull()
  })

  it('describes sizes', () => {
    expect(cropSizeText({ x: 0, y: 0, width: 0.5, height: 1 }, 400, 200)).toBe('200 × 200 px')
    expect(parseSize('1200x800')).toEqual({ width: 1200, height: 800 })
    expect(parseSize(null)).toBeNull()
  })
})
