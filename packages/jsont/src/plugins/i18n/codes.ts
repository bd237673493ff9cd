// Execute-stage error codes raised by the i18n and date formatters (same spelling as the engine's ErrorCode).
export const I18nErrorCode = {
  /** The 'units-metric?' formatter is not implemented. */
  NOT_IMPLEMENTED: 'NOT_IMPLEMENTED',
  /** A CLDR call failed on this input. */
  FORMATTER_FAILED: 'FORMATTER_FAILED',
  /** A message pattern could not be formatted. */
  MESSAGE_FAILED: 'MESSAGE_FAILED',
  /** Missing time zone data warns and falls back. */
  TIMEZONE_MISSING: 'TIMEZONE_MISSING',
  /** A Julian day outside 0 to 4881503 is an error. */
  JULIAN_DAY_RANGE: 'JULIAN_DAY_RANGE',
} as const
