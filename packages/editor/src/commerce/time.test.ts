// Order and gift-card times are shown in the site's time zone, with the zone's name; without one, as before.
import { describe, expect, it } from 'vitest'
import { formatDate } from './ui.js'

describe('formatDate in the site time zone', () => {
  const t = Date.UTC(2026, 2, 2, 15, 15) // 15:15 UTC
  it("shows the site's local time and zone", () => {
    expect(formatDate(t, 'America/New_York')).toBe('Mar 2, 2026, 10:15 AM EST')
    expect(formatDate(t, 'Asia/Tokyo')).toBe('Mar 3, 2026, 12:15 AM GMT+9')
    expect(formatDate(new Date(t).toISOString(), 'UTC')).toBe('Mar 2, 2026, 3:15 PM UTC')
  })
  it('falls back to the browser zone for an unknown zone, and keeps empty and bad values', () => {
    expect(formatDate(t, 'Mars/Olympus')).toBe(formatDate(t))
    expect(formatDate(null, 'UTC')).toBe('')
    expect(formatDate('soon', 'UTC')).toBe('soon')
  })
})
