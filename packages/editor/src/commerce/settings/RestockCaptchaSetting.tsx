// Store settings, restock sign-ups: whether a sold-out product's "notify me" form asks for a CAPTCHA (the restock
// setting captchaEnabled). Saved as soon as it is switched; a refusal puts the box back and says why.
import { useEffect, useState } from 'react'
import type { ApiResult } from '../../api/client.js'
import { ErrorSummary } from '../ui.js'

export interface RestockCaptchaSettingProps {
  load(): Promise<ApiResult<boolean>>
  save(on: boolean): Promise<ApiResult<boolean>>
}

export function RestockCaptchaSetting({ load, save }: RestockCaptchaSettingProps) {
  const [on, setOn] = useState<boolean | null>(null)
  const [alert, setAlert] = useState<string | null>(null)
  const [status, setStatus] = useState('')

  useEffect(() => {
    let live = true
    void load().then((res) => {
      if (!live) return
      if (res.ok) setOn(res.data)
      else setAlert(res.error.message)
    })
    return () => {
      live = false
    }
  }, [load])

  async function toggle(next: boolean) {
    setOn(next)
    setAlert(null)
    setStatus('Saving…')
    const res = await save(next)
    if (!res.ok) {
      setOn(!next)
      setStatus('')
      return setAlert(res.error.message)
    }
    setOn(res.data)
    setStatus(res.data ? 'Restock sign-ups now ask for a CAPTCHA' : 'Restock sign-ups no longer ask for a CAPTCHA')
  }

  return (
    <section className="store-settings restock-captcha-setting" aria-labelledby="restock-captcha-title">
      <h2 id="restock-captcha-title">Restock sign-ups</h2>
      <ErrorSummary message={alert} />
      {on === null ? (
        !alert && <p role="status">Loading restock settings…</p>
      ) : (
        <span className="checkbox-field">
          <input id="restock-captcha" type="checkbox" checked={on} onChange={(e) => void toggle(e.target.checked)} />
          <label htmlFor="restock-captcha">Ask for a CAPTCHA before someone signs up for a restock alert</label>
        </span>
      )}
      <p className="save-status" role="status" aria-live="polite">
        {status}
      </p>
    </section>
  )
}
