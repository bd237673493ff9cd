// Public helpers of the i18n plugin family, for the executor (ctx.cldr()), the commerce formatters and the server.
export { getCldr, hasLocaleData, normalizeLocale, DEFAULT_LOCALE, NO_LOCALE } from './cldr.js'
export { formatMoney, formatMoneyToParts } from './money.js'
export { formatLegacyMoney, readMoney, type Money } from '../commerce/money.js'
export { DEFAULT_TIME_ZONE } from './dates.js'
export { I18nErrorCode } from './codes.js'
export { I18N_PREDICATES } from './predicates.js'
