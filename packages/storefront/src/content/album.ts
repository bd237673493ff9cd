// Album blocks: one player for the album's track list. The track links (the audio files, which play on their own
// without script) become the player's choices: a click plays that track, previous/next step through the list, the
// current track is marked (aria-current) and the next one starts when a track ends.
import { claim, type ContentModule } from './types.js'

export const initAlbums: ContentModule = (root) => {
  let n = 0
  for (const album of root.querySelectorAll<HTMLElement>('[data-album]')) {
    if (!claim(album, 'album')) continue
    const player = album.querySelector<HTMLElement>('[data-album-player]')
    const audio = album.querySelector<HTMLAudioElement>('[data-album-audio]')
    const toggle = album.querySelector<HTMLButtonElement>('[data-album-toggle]')
    const now = album.querySelector<HTMLElement>('[data-album-now]')
    const tracks = [...album.querySelectorAll<HTMLLIElement>('[data-album-track]')]
    const links = tracks.map((li) => li.querySelector<HTMLAnchorElement>('a[href]'))
    if (!player || !audio || !toggle || !tracks.length || links.some((a) => !a)) continue
    n++
    let current = -1
    const titleOf = (i: number) => links[i]!.querySelector('.album-track-title')?.textContent?.trim() || `Track ${i + 1}`

    function select(i: number) {
      current = (i + tracks.length) % tracks.length
      tracks.forEach((li, j) => (j === current ? li.setAttribute('aria-current', 'true') : li.removeAttribute('aria-current')))
      audio!.src = links[current]!.href
      now!.textContent = `${current + 1}. ${titleOf(current)}`
    }
    function play(i: number) {
      select(i)
      void audio!.play().catch(() => undefined) // a refused autoplay leaves the track selected
    }
    function showState() {
      const playing = !audio!.paused && !audio!.ended
      toggle!.setAttribute('aria-label', playing ? 'Pause' : 'Play')
      toggle!.toggleAttribute('data-playing', playing)
    }

    links.forEach((a, i) =>
      a!.addEventListener('click', (e) => {
        e.preventDefault()
        if (i === current && !audio.paused) audio.pause()
        else if (i === current) void audio.play().catch(() => undefined)
        else play(i)
      }),
    )
    toggle.addEventListener('click', () => {
      if (current < 0) play(0)
      else if (audio.paused) void audio.play().catch(() => undefined)
      else audio.pause()
    })
    album.querySelector('[data-album-prev]')?.addEventListener('click', () => play(current <= 0 ? tracks.length - 1 : current - 1))
    album.querySelector('[data-album-next]')?.addEventListener('click', () => play(current + 1))
    audio.addEventListener('play', showState)
    audio.addEventListener('pause', showState)
    audio.addEventListener('ended', () => (current + 1 < tracks.length ? play(current + 1) : showState()))
    select(0)
    player.hidden = false
  }
  return n
}
