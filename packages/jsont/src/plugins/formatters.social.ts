// Social formatters: share buttons, the Twitter follow button, links in tweet text.
import { activateTwitterLinks, socialButtons, twitterFollowButton } from './content/social.js'
import { text } from './content/values.js'
import type { FormatterTable } from './types.js'

export const SOCIAL_FORMATTERS: FormatterTable = {
  'social-button': (vars, _args, ctx) => {
    const v = vars[0]
    if (v) v.value = socialButtons(v.value, ctx.resolve('website'), false)
  },
  'social-button-inline': (vars, _args, ctx) => {
    const v = vars[0]
    if (v) v.value = socialButtons(v.value, ctx.resolve('website'), true)
  },
  'twitter-follow-button': (vars) => {
    const v = vars[0]
    if (v) v.value = twitterFollowButton(v.value)
  },
  'activate-twitter-links': (vars) => {
    const v = vars[0]
    if (v) v.value = activateTwitterLinks(text(v.value))
  },
}
