// Password strength at sign-up (and any later password change): at least PASSWORD_MIN characters and a zxcvbn
// score of at least MIN_SCORE, judged with the common-passwords dictionary and the account's own details (email,
// name, site), so `password`, `12345678`, runs of one character or the email address itself are refused with
// zxcvbn's feedback. zxcvbn and its dictionary load on the first check, not at start-up.
import type { ZxcvbnFactory } from '@zxcvbn-ts/core'

export const PASSWORD_MIN = 10
export const PASSWORD_MAX = 256
export const MIN_SCORE = 3
export const TOO_WEAK = 'This password is too easy to guess.'

// zxcvbn's feedback keys in plain English (its own texts are keys unless a language package supplies them).
const translations = {
  warnings: {
    straightRow: 'Straight rows of keys are easy to guess.',
    keyPattern: 'Short keyboard patterns are easy to guess.',
    simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
    extendedRepeat: 'Repeated groups of characters like "abcabc" are easy to guess.',
    sequences: 'Sequences like "abc" or "6543" are easy to guess.',
    recentYears: 'Recent years are easy to guess.',
    dates: 'Dates are easy to guess.',
    topTen: 'This is one of the most used passwords.',
    topHundred: 'This is a very often used password.',
    common: 'This is an often used password.',
    similarToCommon: 'This is too close to an often used password.',
    wordByItself: 'A single word is easy to guess.',
    namesByThemselves: 'Names on their own are easy to guess.',
    commonNames: 'Common names are easy to guess.',
    userInputs: 'Do not use your email address, your name or your site in the password.',
    pwned: 'This password appeared in a data breach.',
  },
  suggestions: {
    l33t: 'Swapping letters for look-alike symbols (like @ for a) does not help much.',
    reverseWords: 'Spelling a common word backwards does not help much.',
    allUppercase: 'Capitalise some letters, not all of them.',
    capitalization: 'Capitalise more than the first letter.',
    dates: 'Avoid dates and years that belong to you.',
    recentYears: 'Avoid recent years.',
    associatedYears: 'Avoid years that belong to you.',
    sequences: 'Avoid common sequences of characters.',
    repeated: 'Avoid repeated words and characters.',
    longerKeyboardPattern: 'Use longer keyboard patterns and change direction several times.',
    anotherWord: 'Add more words that are less common.',
    useWords: 'Use several words, but avoid common phrases.',
    noNeed: 'Symbols, digits or capitals are not needed: a few uncommon words make a strong password.',
    pwned: 'If you use this password anywhere else, change it there.',
  },
  timeEstimation: {
    ltSecond: 'less than a second',
    second: '{base} second',
    seconds: '{base} seconds',
    minute: '{base} minute',
    minutes: '{base} minutes',
    hour: '{base} hour',
    hours: '{base} hours',
    day: '{base} day',
    days: '{base} days',
    month: '{base} month',
    months: '{base} months',
    year: '{base} year',
    years: '{base} years',
    centuries: 'centuries',
  },
}

let factory: Promise<ZxcvbnFactory> | null = null
function zxcvbn(): Promise<ZxcvbnFactory> {
  factory ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
    ])
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary },
      graphs: common.adjacencyGraphs,
      translations,
    })
  })()
  return factory
}

/** The details of the account a password must not be built from. */
function userInputs(details: (string | undefined)[]): string[] {
  const out = new Set<string>(['sitewright'])
  for (const d of details) {
    const v = d?.trim().toLowerCase()
    if (!v) continue
    out.add(v)
    for (const part of v.split(/[@.\s_+-]+/)) if (part.length >= 3) out.add(part)
  }
  return [...out]
}

/** Why the password is refused (a sentence or two for the password field), or null when it is strong enough. */
export async function passwordProblem(
  password: string,
  details: (string | undefined)[],
): Promise<string | null> {
  if (password.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`
  if (password.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`
  const inputs = userInputs(details)
  if (inputs.includes(password.trim().toLowerCase())) return translations.warnings.userInputs
  // zxcvbn's matching grows quickly with length; its verdict on the first 100 characters is the one that matters
  const result = (await zxcvbn()).check(password.slice(0, 100), inputs)
  if (result.score >= MIN_SCORE) return null
  const parts = [result.feedback.warning || TOO_WEAK, ...result.feedback.suggestions]
  return parts.join(' ')
}
