import { useMemo } from 'react'
import { currencyOf } from '@sitewright/contracts'
import type { SiteId, WebsiteSettings } from '../api/types.js'
import { SiteIconField } from './SiteIconField.js'
import { CheckboxField, SelectField, TextField } from '../ui/fields.js'
import {
  currencies,
  DISQUS_MAX,
  moneyPreview,
  TITLE_MAX,
  timeZones,
  type SettingsErrors,
} from './validation.js'

interface Props {
  siteId?: SiteId
  draft: WebsiteSettings
  errors: SettingsErrors
  change<K extends keyof WebsiteSettings>(key: K, value: WebsiteSettings[K]): void
}

function withCurrent(values: string[], current: string): string[] {
  return current && !values.includes(current) ? [current, ...values] : values
}

export function SettingsFields({ siteId, draft, errors, change }: Props) {
  const zoneOptions = useMemo(
    () => withCurrent(timeZones(), draft.timeZone).map((z) => ({ value: z, label: z.replaceAll('_', ' ') })),
    [draft.timeZone],
  )
  const currencyOptions = useMemo(() => {
    const names = new Intl.DisplayNames(['en'], { type: 'currency' })
    return withCurrent(currencies(), draft.currency).map((c) => ({
      value: c,
      label: `${c} — ${currencyOf(c)?.name ?? names.of(c) ?? c}`,
    }))
  }, [draft.currency])
  const preview = moneyPreview(draft)

  return (
    <>
      <fieldset>
        <legend>Site</legend>
        <TextField
          name="title"
          label="Site title"
          value={draft.title}
          maxLength={TITLE_MAX}
          onChange={(v) => change('title', v)}
          error={errors.title}
        />
        <SelectField
          name="timeZone"
          label="Time zone"
          value={draft.timeZone}
          options={zoneOptions}
          onChange={(v) => change('timeZone', v)}
          error={errors.timeZone}
        />
      </fieldset>
      {siteId !== undefined && (
        <SiteIconField siteId={siteId} value={draft.iconImageId ?? null} onChange={(v) => change('iconImageId', v)} error={errors.iconImageId} />
      )}
      <fieldset>
        <legend>Language and currency</legend>
        <TextField
          name="locale"
          label="Locale"
          value={draft.locale}
          onChange={(v) => change('locale', v)}
          error={errors.locale}
          hint="A language tag such as en-US, fr-CA or de-DE"
        />
        <SelectField
          name="currency"
          label="Currency"
          value={draft.currency}
          options={currencyOptions}
          onChange={(v) => change('currency', v)}
          error={errors.currency}
        />
        <CheckboxField
          name="useCLDRMoneyFormat"
          label="Format prices for the site's locale (CLDR)"
          checked={draft.useCLDRMoneyFormat}
          onChange={(v) => change('useCLDRMoneyFormat', v)}
          error={errors.useCLDRMoneyFormat}
          hint={draft.useCLDRMoneyFormat && preview ? `Prices will look like ${preview}` : undefined}
        />
      </fieldset>
      <fieldset>
        <legend>Community</legend>
        <CheckboxField
          name="commentsEnabled"
          label="Allow comments"
          checked={draft.commentsEnabled}
          onChange={(v) => change('commentsEnabled', v)}
          error={errors.commentsEnabled}
        />
        <TextField
          name="disqusShortName"
          label="Disqus short name"
          value={draft.disqusShortName}
          maxLength={DISQUS_MAX}
          onChange={(v) => change('disqusShortName', v)}
          error={errors.disqusShortName}
          hint="Leave empty to use built-in comments"
        />
        <CheckboxField
          name="simpleLikingEnabled"
          label="Allow likes"
          checked={draft.simpleLikingEnabled}
          onChange={(v) => change('simpleLikingEnabled', v)}
          error={errors.simpleLikingEnabled}
        />
        <CheckboxField
          name="likesRequireSignIn"
          label="Only signed-in members can like"
          checked={draft.likesRequireSignIn}
          onChange={(v) => change('likesRequireSignIn', v)}
          error={errors.likesRequireSignIn}
          hint="Visitors are asked to sign in first; their like is added when they come back"
        />
      </fieldset>
    </>
  )
}
