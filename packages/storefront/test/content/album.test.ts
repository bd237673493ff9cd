// @vitest-environment jsdom
// The album player: track links become the one player's choices; previous/next wrap; the current track is marked.
import { describe, expect, it, vi } from 'vitest'
import { initAlbums } from '../../src/content/album.js'
import { page } from './helpers.js'

const ALBUM = `<div data-album><div data-album-player hidden><button data-album-prev></button><button data-album-toggle aria-label="Play"></button><button data-album-next></button><p data-album-now></p><audio data-album-audio></audio></div>
  <ol>${['One', 'Two', 'Three'].map((t, i) => `<li data-album-track><a href="/files/a${i}/t${i}.mp3"><span class="album-track-title">${t}</span></a></li>`).join('')}</ol></div>`

function setup() {
  page(ALBUM)
  const audio = document.querySelector<HTMLAudioElement>('audio')!
  const play = vi.spyOn(audio, 'play').mockImplementation(function (this: HTMLAudioElement) {
    Object.defineProperty(audio, 'paused', { value: false, configurable: true })
    audio.dispatchEvent(new Event('play'))
    return Promise.resolve()
  })
  vi.spyOn(audio, 'pause').mockImplementation(() => {
    Object.defineProperty(audio, 'paused', { value: true, configurable: true })
    audio.dispatchEvent(new Event('pause'))
  })
  const current = () => [...document.querySelectorAll('[data-album-track]')].findIndex((li) => li.getAttribute('aria-current') === 'true')
  const click = (sel: string) => document.querySelector<HTMLElement>(sel)!.click()
  return { audio, play, current, click }
}

describe('album player', () => {
  it('shows the player with the first track selected, and plays, pauses, steps and wraps', () => {
    const { audio, play, current, click } = setup()
    expect(initAlbums(document, {})).toBe(1)
    expect(initAlbums(document, {})).toBe(0) // once only
    expect(document.querySelector<HTMLElement>('[data-album-player]')!.hidden).toBe(false)
    expect(current()).toBe(0)
    expect(play).not.toHaveBeenCalled()
    click('[data-album-toggle]')
    expect(play).toHaveBeenCalledTimes(1)
    expect(document.querySelector('[data-album-toggle]')!.getAttribute('aria-label')).toBe('Pause')
    expect(document.querySelector('[data-album-toggle]')!.hasAttribute('data-playing')).toBe(true)
    click('[data-album-toggle]')
    expect(document.querySelector('[data-album-toggle]')!.getAttribute('aria-label')).toBe('Play')
    click('[data-album-next]')
    expect(current()).toBe(1)
    expect(audio.src).toMatch(/\/files\/a1\/t1\.mp3$/)
    expect(document.querySelector('[data-album-now]')!.textContent).toBe('2. Two')
    click('[data-album-prev]')
    click('[data-album-prev]')
    expect(current()).toBe(2)
    click('[data-album-next]')
    expect(current()).toBe(0)
  })

  it('a track link plays that track instead of leaving the page; the next starts when one ends', () => {
    const { audio, play, current } = setup()
    initAlbums(document, {})
    const link = document.querySelectorAll<HTMLAnchorElement>('[data-album-track] a')[1]!
    const ev = new MouseEvent('click', { bubbles: true, cancelable: true })
    link.dispatchEvent(ev)
    expect(ev.defaultPrevented).toBe(true)
    expect(current()).toBe(1)
    expect(play).toHaveBeenCalled()
    audio.dispatchEvent(new Event('ended'))
    expect(current()).toBe(2)
    expect(audio.src).toMatch(/t2\.mp3$/)
  })
})
