import { describe, expect, it } from 'vitest'
import { calendarMonths, dateIn, splitEvents } from './events.js'
import { videoEmbed } from './video.js'

const NOW = Date.UTC(2025, 5, 16, 12) // Monday 16 June 2025

describe('events', () => {
  const ev = (id: string, start: number, end: number) => ({ id, title: id, fullUrl: `/events/${id}`, startDate: start, endDate: end })
  const past = ev('past', Date.UTC(2025, 4, 3, 14), Date.UTC(2025, 4, 3, 20))
  const multi = ev('multi', Date.UTC(2025, 5, 27, 18), Date.UTC(2025, 5, 29, 22))
  const next = ev('next', Date.UTC(2025, 6, 2, 16), Date.UTC(2025, 6, 2, 18))

  it('splits upcoming (soonest first) from past (latest first); a running event is upcoming', () => {
    const running = ev('running', NOW - 3_600_000, NOW + 3_600_000)
    const { upcoming, past: gone } = splitEvents([next, past, multi, running], NOW)
    expect(upcoming.map((e) => e.id)).toEqual(['running', 'multi', 'next'])
    expect(gone.map((e) => e.id)).toEqual(['past'])
  })

  it('builds Monday-first full weeks from this month to the last event, a multi-day event on each of its days', () => {
    const months = calendarMonths([past, multi, next], NOW, 'America/New_York')
    expect(months.map((m) => m.title)).toEqual(['June 2025', 'July 2025'])
    const june = months[0]! as { weeks: { days: { day: number; inMonth: boolean; today: boolean; events: { id: string }[] }[] }[] }
    expect(june.weeks[0]!.days[0]).toMatchObject({ day: 26, inMonth: false }) // Monday 26 May
    for (const w of june.weeks) expect(w.days).toHaveLength(7)
    const days = june.weeks.flatMap((w) => w.days).filter((d) => d.inMonth)
    expect(days.filter((d) => d.events.some((e) => e.id === 'multi')).map((d) => d.day)).toEqual([27, 28, 29])
    expect(days.find((d) => d.today)?.day).toBe(16)
  })

  it('takes calendar dates in the site time zone', () => {
    const late = Date.UTC(2025, 5, 17, 2) // 16 June 22:00 in New York
    expect(dateIn(late, 'America/New_York')).toEqual({ y: 2025, m: 6, d: 16 })
    expect(dateIn(late, 'Europe/Berlin')).toEqual({ y: 2025, m: 6, d: 17 })
  })
})

describe('videoEmbed', () => {
  it('gives an https iframe for YouTube and Vimeo URLs only', () => {
    expect(videoEmbed('https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'A "film"')?.html).toBe(
      '<iframe src="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ" title="A &quot;film&quot;" allow="autoplay; encrypted-media; picture-in-picture" allowfullscreen></iframe>',
    )
    expect(videoEmbed('https://youtu.be/aqz-KE-bpKQ')?.providerName).toBe('YouTube')
    expect(videoEmbed('https://vimeo.com/76979871')?.html).toContain('https://player.vimeo.com/video/76979871')
    expect(videoEmbed('https://evil.example/watch?v=x')).toBeNull()
    expect(videoEmbed('javascript:alert(1)')).toBeNull()
  })
})
